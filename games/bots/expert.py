"""The playout expert: determinized Monte Carlo search over sampled deals, within a time
budget. The site's expert until issue #25, now the bench-only "expert-mc", and the search
the double-dummy expert (games.bots.searcher) plays out with where double dummy misleads.

For each decision it samples the hands it cannot see (respecting the cards played and
the voids shown, and drawn in proportion to how well they explain the bids), plays every
candidate action out to the end of the hand with the standard policy at all four seats,
and picks the action with the best mean score difference (engine scoring, bags valued
at their share of the bag penalty, the end of the game). Candidates share the sampled
deals, so their comparison is paired; clearly worse candidates are dropped early, and
the standard policy's own choice stands unless another is clearly better.

Bids are searched the same way among the standard bid, its neighbours and Nil, the
seats still to bid bidding as the standard bot would on their sampled hands.
"""

import random
import time

from games.engine import (
    CARDS,
    Action,
    Bid,
    Look,
    Play,
    Ruleset,
    action_from_dict,
    bid_choices,
)
from games.engine.bits import ABOVE, BELOW, SPADES, SUIT_MASK, cards_in

from . import standard
from .ddbudget import Budget
from .passing import nil_bidder_pass, partner_pass
from .policy import SOLO_NIL_EXTRA, choose_bid, choose_card, nil_chance, nil_chance_of
from .sampling import sample_world
from .table import Table
from .worth import value

DEFAULT_BUDGET_MS = 1000
# Deterministic mode counts work instead of time: one unit is one card played in a
# playout, and drawing a deal (sampling.sample_world) costs about _DEAL_COST units.
# _UNITS_PER_MS is about two thirds of what one core of the development machine does,
# so the wall-clock safety cap rarely cuts in.
_UNITS_PER_MS = 110
_DEAL_COST = 25
# Stop the search this far into the budget: the last playout and the reply must fit.
_TIME_SHARE = 0.85
_PRUNE_Z = 2.2
# The standard policy's choice stands unless another does better by this many standard
# errors: with few deals, noise would otherwise pick worse moves than the policy's.
_SWITCH_Z = 1.0
_NIL_CANDIDATE = 0.3  # nil_chance from which Nil is worth simulating
_MAX_WORLDS = 512  # enough to tell apart what matters; stop spending the budget after
# After how many deals to drop trailing candidates: often at first, then rarely enough
# that the checks cost little next to the playouts.
_PRUNE_AT = frozenset(
    (6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256, 320, 384, 448, 512)
)


def playout_budget(start: float, budget_ms: float, deterministic: bool) -> Budget:
    """The budget of the playout search, counted in its own units (cards played)."""
    return Budget(
        start, budget_ms, deterministic, units_per_ms=_UNITS_PER_MS, time_share=_TIME_SHARE
    )


def choose_action(
    view: dict,
    ruleset: Ruleset,
    rng: random.Random,
    *,
    budget_ms: float = DEFAULT_BUDGET_MS,
    deterministic: bool = False,
) -> Action:
    """The expert's action for the viewing seat; it must be that seat's turn."""
    budget = playout_budget(time.perf_counter(), budget_ms, deterministic)
    return decide(
        view,
        ruleset,
        rng,
        bid=lambda table, seat, bids: search_bid(table, seat, bids, rng, budget),
        play=lambda table, seat: search_play(table, seat, rng, budget),
    )


def decide(
    view: dict, ruleset: Ruleset, rng: random.Random, *, bid, play, blind_nil=None
) -> Action:
    """The frame both experts search in: a single legal action is taken at once; on
    unseen cards `blind_nil(table, seat, standard_says)` decides between Blind Nil and
    looking (without it, the standard bot's rule does); otherwise `bid(table, seat, bids)`
    picks among the trick bids or `play(table, seat)` picks a card index."""
    seat = view["seat"]
    legal = view["legal"]
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to do now")
    if legal[0]["type"] == "nil_pass":
        # The Nil model already judges which cards endanger a Nil: the standard pass.
        return standard.choose_pass(view, ruleset)
    if len(legal) == 1:
        return action_from_dict(legal[0], seat)
    table = Table.from_view(view, ruleset)
    if view["phase"] == "bidding" and view["hand"] is None:
        # The only choices on unseen cards: Blind Nil (legal, or we would have looked at
        # once) or Look.
        if blind_nil is None:
            return standard.choose_action(view, ruleset, rng)
        standard_says = standard.blind_nil_is_good(view, ruleset)
        return Bid(seat, 0, blind=True) if blind_nil(table, seat, standard_says) else Look(seat)
    if view["phase"] == "bidding":
        bids = [a["tricks"] for a in legal if a["type"] == "bid" and not a["blind"]]
        return Bid(seat, bid(table, seat, bids))
    return Play(seat, CARDS[play(table, seat)])


def distinct_cards(t: Table, seat: int) -> list[int]:
    """The legal cards, one per run of cards that play the same: no card that is still
    out, or in the trick being played, ranks between them."""
    hand = t.hands[seat]
    separators = t.deck & ~t.played & ~hand
    for card in t.trick:
        separators |= 1 << card
    out = []
    previous = -1
    for card in cards_in(t.legal(seat)):
        same_suit = ABOVE[previous] >> card & 1 if previous >= 0 else 0
        if same_suit and not ABOVE[previous] & BELOW[card] & separators:
            continue
        out.append(card)
        previous = card
    return out


def search_play(t: Table, seat: int, rng: random.Random, budget: Budget, value_of=value) -> int:
    """The card with the best mean outcome (by `value_of`) over sampled deals."""
    candidates = distinct_cards(t, seat)
    if len(candidates) == 1:
        return candidates[0]

    def evaluate(world: Table, card: int) -> float:
        sim = world.copy()
        sim.play(card)
        return playout(sim, seat, value_of)

    policy_card = choose_card(t, seat)
    default = max(i for i, card in enumerate(candidates) if card <= policy_card)
    cost = sum(t.counts)
    best = _search(t, seat, candidates, default, cost, evaluate, rng, budget)
    return policy_card if best == default else candidates[best]


def search_bid(
    t: Table,
    seat: int,
    legal_bids: list[int],
    rng: random.Random,
    budget: Budget,
    value_of=value,
) -> int:
    """The bid with the best mean outcome (by `value_of`) over sampled deals, among the
    standard bid, its neighbours and Nil."""
    base = choose_bid(t, seat, legal_bids)
    candidates = sorted({b for b in (base - 1, base, base + 1) if b in legal_bids and b > 0})
    nil_worth_a_look = nil_candidate(t, seat, _NIL_CANDIDATE)
    if base == 0 or (0 in legal_bids and nil_worth_a_look):
        candidates.insert(0, 0)
    if len(candidates) <= 1:
        return base

    def evaluate(world: Table, bid: int) -> float:
        sim = world.copy()
        sim.bids[seat] = bid
        bid_the_rest(sim, seat)
        exchange(sim)
        return playout(sim, seat, value_of)

    best = _search(t, seat, candidates, candidates.index(base), 52, evaluate, rng, budget)
    return candidates[best]


def search_blind_nil(
    t: Table, seat: int, standard_says: bool, rng: random.Random, budget: Budget, value_of=value
) -> bool:
    """Blind Nil rather than look? Both played out over deals of all 52 cards (our own
    unseen too), looking as bidding the standard bid on the hand dealt; the standard
    bot's answer stands unless the other does clearly better."""

    def evaluate(world: Table, blind: bool) -> float:
        sim = world.copy()
        if blind:
            sim.bids[seat], sim.blind[seat] = 0, True
        else:
            sim.bids[seat] = choose_bid(sim, seat, legal_bids_of(sim, seat))
        bid_the_rest(sim, seat)
        exchange(sim)
        return playout(sim, seat, value_of)

    return _search(t, seat, [False, True], int(standard_says), 52, evaluate, rng, budget) == 1


def bid_the_rest(sim: Table, seat: int) -> None:
    """The seats after `seat` still to bid bid as the standard bot would on the hands
    dealt them."""
    for k in range(1, 4):
        other = (seat + k) & 3
        if sim.bids[other] is None:
            sim.bids[other] = choose_bid(sim, other, legal_bids_of(sim, other))


def exchange(sim: Table) -> None:
    """The Nil pass on a dealt world once every bid is made: each partnership with one
    Nil swaps the standard bot's choices (games.bots.passing)."""
    count = sim.ruleset.nil_pass
    for side in (0, 1) if count else ():
        seats = (side, side + 2)
        if (sim.bids[side] == 0) == (sim.bids[side + 2] == 0):
            continue
        nil, partner = seats if sim.bids[side] == 0 else seats[::-1]
        given = sum(1 << c for c in nil_bidder_pass(sim.hands[nil], count, nil_chance))
        got = sum(1 << c for c in partner_pass(sim.hands[partner], count))
        sim.hands[nil] = sim.hands[nil] & ~given | got
        sim.hands[partner] = sim.hands[partner] & ~got | given


def nil_candidate(t: Table, seat: int, least: float) -> bool:
    """Is Nil worth valuing for the seat: no Nil by its partner, and the Nil model (after
    the Nil pass, if any) gives it at least `least`?"""
    partner = t.partner(seat)
    if partner is not None and t.bids[partner] == 0:
        return False
    if partner is None:
        # Solo: the model, fitted with a covering partner, promises too much (policy).
        least += SOLO_NIL_EXTRA
    return nil_chance_of(t, seat) >= least


def legal_bids_of(t: Table, seat: int) -> list[int]:
    """The seat's legal (not blind) bids."""
    partner = t.partner(seat)
    partner_bid = None if partner is None else t.bids[partner]
    spades = (t.hands[seat] & SUIT_MASK[SPADES]).bit_count()
    return list(bid_choices(t.ruleset, partner_bid, spades))


def playout(sim: Table, seat: int, value_of=value) -> float:
    """Play the hand out with the standard policy; its worth to the seat's team."""
    while sim.done < 13:
        sim.play(choose_card(sim, sim.turn))
    return value_of(sim, sim.side(seat))


def _search(t, seat, candidates, default, cost, evaluate, rng, budget) -> int:
    """Index of the best candidate: paired evaluation over sampled deals, dropping those
    that clearly trail; `default` (the policy's choice) wins unless clearly beaten."""
    active = list(range(len(candidates)))
    values: list[list[float]] = [[] for _ in candidates]
    worlds = 0
    while len(active) > 1 and not budget.exhausted(_DEAL_COST + cost * len(active)):
        world = t.copy()
        world.hands, tries = sample_world(t, seat, rng, budget.sampling_deadline)
        for i in active:
            if budget.out_of_time():
                # An unfinished deal would compare candidates on different deals.
                for j in active:
                    del values[j][worlds:]
                break
            values[i].append(evaluate(world, candidates[i]))
        else:
            budget.units += _DEAL_COST * tries + cost * len(active)
            worlds += 1
            if worlds in _PRUNE_AT:
                active = _prune(active, values, default)
                if worlds >= _MAX_WORLDS:
                    break
            continue
        break
    if worlds < 2:
        return default
    best = max(active, key=lambda i: (sum(values[i]), i == default, -i))
    if best == default or default not in active:
        return best
    mean, se = _paired(values[best], values[default])
    return best if mean > _SWITCH_Z * se else default


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of a - b over the deals both were played on."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


def _prune(active: list[int], values: list[list[float]], default: int) -> list[int]:
    """Drop the candidates that trail the leader by more than _PRUNE_Z standard errors."""
    leader = max(active, key=lambda i: (sum(values[i]), i == default, -i))
    kept = [leader]
    for i in active:
        if i != leader:
            mean, se = _paired(values[i], values[leader])
            # Identical results on every deal so far: the two play alike, keep one.
            if se > 0 and mean + _PRUNE_Z * se >= 0:
                kept.append(i)
    return sorted(kept)
