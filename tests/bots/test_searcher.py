"""The double-dummy expert (games.bots.searcher): modes, determinism, worth, behaviour."""

import random
import time

from games.bots import ddbid, ddplay, get_bot, searcher, winchance
from games.bots.ddbudget import Budget
from games.bots.table import Table
from games.bots.worth import worth_of_tricks
from games.engine import (
    CARDS,
    FINISHED,
    PLAYING,
    Bid,
    Card,
    Look,
    Ruleset,
    action_from_dict,
    apply_action,
    new_game,
)
from games.engine.bits import FULL_DECK
from games.engine.cards import mask_of
from games.engine.doubledummy import NilSolver, Position
from tests.bots.factories import THIRTEEN_SPADES, deal, view

RULES = Ruleset()


def table(hands, *, bids, taken, leader, trick=(), broken=True, scores=(0, 0), bags=(0, 0)):
    """A late position: the seats' unplayed cards (codes), the trick under way."""
    t = Table.__new__(Table)
    t.ruleset = RULES
    t.deck = FULL_DECK
    t.hands = [mask_of(h.split()) for h in hands]
    t.known = [0, 0, 0, 0]
    trick_cards = [Card.parse(code).index for code in trick]
    t.counts = [h.bit_count() for h in t.hands]
    unplayed = t.hands[0] | t.hands[1] | t.hands[2] | t.hands[3]
    t.played = FULL_DECK & ~unplayed
    t.played_by = [0, 0, 0, 0]
    t.voids = [0, 0, 0, 0]
    t.trick = trick_cards
    t.leader = leader
    t.done = 13 - t.counts[leader] - (1 if trick_cards else 0)
    t.bids = list(bids)
    t.blind = [False] * 4
    t.taken = list(taken)
    t.spades_broken = broken
    t.scores = list(scores)
    t.bags = list(bags)
    return t


def hidden(t: Table, seat: int) -> Table:
    """What `seat` sees of the table: its own hand only."""
    seen = t.copy()
    seen.hands = [h if s == seat else 0 for s, h in enumerate(t.hands)]
    return seen


# Three cards left each; seat 3 led the KC. Team 0 (bid 2 + 2) has 3 tricks. Seat 2 has
# shown it holds no heart, so it holds the low clubs; the opponents hold the high hearts.
# Only seat 0's 2S, the last spade out, wins a trick: ruff now or be set.
SURE = dict(
    hands=["2S 3H 4H", "AH KH QH", "2C 3C 4C", "JH TH"],
    bids=[2, 6, 2, 1],
    taken=[2, 4, 1, 3],
    leader=3,
    trick=("KC",),
)


def test_ruffs_for_the_trick_that_makes_the_contract():
    t = hidden(table(**SURE), 0)
    t.voids[2] = 1 << 2  # no heart
    card = searcher.choose_play(t, 0, random.Random(1), time.perf_counter(), 100, True)
    assert CARDS[card].code == "2S"


def test_late_positions_are_solved_with_a_live_nil_and_two_played_out(monkeypatch):
    calls = []
    monkeypatch.setattr(ddplay, "search_play", lambda *a: calls.append(a) or a[3])
    t = hidden(table(**SURE), 0)
    searcher.choose_play(t, 0, random.Random(1), time.perf_counter(), 100, True)
    assert len(calls) == 1 and len(calls[0]) == 6
    live = hidden(table(**{**SURE, "bids": [2, 0, 2, 7], "taken": [2, 0, 1, 7]}), 0)
    assert ddplay.live_nils(live) == [1]
    searcher.choose_play(live, 0, random.Random(1), time.perf_counter(), 100, True)
    assert len(calls) == 2 and calls[1][6] == 1, "a live Nil is solved beside the tricks"
    two = hidden(table(**{**SURE, "bids": [0, 0, 2, 7], "taken": [0, 0, 3, 7]}), 0)
    searcher.choose_play(two, 0, random.Random(1), time.perf_counter(), 100, True)
    assert len(calls) == 2, "two live Nils are played out"


# Two cards left each; West (seat 1) bid Nil and has taken nothing. North led the QH and
# West had to play its KH; East (seat 3) saves the Nil only by overtaking with the AH.
COVER = dict(
    hands=["2C", "3C", "4C", "AH 3H"],
    bids=[4, 0, 3, 6],
    taken=[4, 0, 3, 4],
    leader=0,
    trick=("QH", "KH", "2H"),
)


def test_overtakes_its_partners_nil_and_its_failed_nil_costs_a_trick():
    t = hidden(table(**COVER), 3)
    card = searcher.choose_play(t, 3, random.Random(1), time.perf_counter(), 100, True)
    assert CARDS[card].code == "AH"
    full = table(**COVER)
    assert worth_of_tricks(full, 1, 2, 0) > worth_of_tricks(full, 1, 2, 0, failed_nil=1)
    # A Nil that fails while its side takes nothing more takes an opponent's trick.
    assert worth_of_tricks(full, 1, 0, 2, failed_nil=1) < worth_of_tricks(full, 1, 0, 2)


# Three cards left each. West (seat 1) bid Nil and holds AD 8S 7D, no club and no heart;
# East, its partner, is on lead. Double dummy, a club lead lets the other side force the
# Nil; the JH lets West throw its AD away at once. Solving the Nil finds the heart on the
# deals it samples; playing the hand out with the policy leads the club.
SAVE = dict(
    hands=["TC TH AC", "AD 8S 7D", "8C 4H TS", "JH 7H 3C"],
    bids=[3, 0, 3, 3],
    taken=[3, 0, 6, 1],
    leader=3,
)


def test_leads_a_suit_its_partners_nil_can_throw_a_high_card_on(monkeypatch):
    full = table(**SAVE)
    fails = NilSolver(1).card_fails(Position(tuple(full.hands), (), 3, True))
    assert fails[Card.parse("3C").index] and not fails[Card.parse("JH").index]
    for seed in range(4):
        card = searcher.choose_play(
            hidden(full, 3), 3, random.Random(seed), time.perf_counter(), 100, True
        )
        assert CARDS[card].code == "JH"
    monkeypatch.setattr(ddplay, "live_nils", lambda t: [1, 3])  # two Nils: played out
    card = searcher.choose_play(
        hidden(full, 3), 3, random.Random(1), time.perf_counter(), 100, True
    )
    assert CARDS[card].code == "3C"


def test_same_view_and_seed_same_action_whatever_the_clock():
    bot = get_bot("expert", budget_ms=60, deterministic=True)
    standard = get_bot("standard")
    state = new_game(RULES, "searcher-determinism")
    checked = 0
    while state.phase != FINISHED and state.hand_number == 1:
        v = view(state)
        if state.phase == PLAYING and state.holdings[state.turn].bit_count() <= 8:
            action = bot(v, RULES, random.Random(state.version))
            time.sleep(0.002)
            assert bot(v, RULES, random.Random(state.version)) == action
            assert action.card.code in v["hand"]
            checked += 1
        state = apply_action(state, standard(v, RULES, random.Random(state.version)))
    assert checked >= 8


def test_a_set_is_worth_less_than_a_bag():
    t = table(**SURE)
    made = worth_of_tricks(t, 0, 1, 2)
    set_ = worth_of_tricks(t, 0, 0, 3)
    bag = worth_of_tricks(t, 0, 2, 1)
    assert made > bag > set_


def test_points_weigh_more_near_the_end_and_a_hand_that_ends_the_game_is_all_of_it():
    def gain(scores):
        """What making the contract rather than being set is worth: 80 points, less the
        bag the opponents take instead (a point, but a tenth of a penalty)."""
        t = table(**{**SURE, "scores": scores})
        return worth_of_tricks(t, 0, 1, 2, winchance.value) - worth_of_tricks(
            t, 0, 0, 3, winchance.value
        )

    assert 65 < gain((0, 0)) < 85, "a point at the start is worth about 1"
    assert gain((300, 350)) > 1.3 * gain((0, 0))
    # Team 0 (bid 4, 3 taken) at 460: making the contract wins the game outright.
    near = table(**{**SURE, "scores": (460, 300)})
    won = worth_of_tricks(near, 0, 1, 2, winchance.value)
    assert won == winchance.SCALE / 2
    assert worth_of_tricks(near, 0, 0, 3, winchance.value) < won - 100
    assert winchance.win_chance(RULES, 200, 100) > winchance.win_chance(RULES, 200, 200) == 0.5


def test_blind_nil_is_played_out_over_deals_of_every_card():
    bot = get_bot("expert", budget_ms=250, deterministic=True)
    deal_args = {"dealer": 0, "hidden_viewer": 1}
    # Trailing by 120 with most of the game to play: look.
    state = deal(THIRTEEN_SPADES, scores=(300, 180), **deal_args)
    assert bot(view(state), RULES, random.Random(1)) == Look(1)
    # 100 behind, the opponents one hand from the target: Blind Nil is the better chance
    # of the game, where the standard bot's fixed rule (200 behind) would look.
    state = deal(THIRTEEN_SPADES, scores=(440, 340), **deal_args)
    assert get_bot("standard")(view(state), RULES, random.Random(1)) == Look(1)
    actions = {bot(view(state), RULES, random.Random(1)) for _ in range(2)}
    assert actions == {Bid(1, 0, blind=True)}


# Seat 0: five spades to the ace-king-queen and the ace-king of hearts.
BIDDING_DEAL = [
    "AS KS QS 5S 4S AH KH 2C 3C 4C 2D 3D 4D",
    "JS TS 9S QH JH TH AC KC QC 5D 6D 7D 8D",
    "3S 2S 9H 8H 7H 6H JC TC 9C 9D TD JD QD",
    "8S 7S 6S 5H 4H 3H 2H 8C 7C 6C 5C KD AD",
]


def test_a_bid_is_worth_most_at_the_double_dummy_tricks():
    state = deal(BIDDING_DEAL)
    world = Table.from_view(view(state, 0), RULES)
    world.hands = list(state.holdings)
    worth = {bid: ddbid.bid_worth(world, 0, bid, [6, 7]) for bid in range(1, 9)}
    best = max(worth, key=worth.get)
    # Partner and opponents bid as the standard bot would; the team then takes 6 tricks.
    assert worth[best] > worth[best + 2] and worth[best] > 0


def test_a_nil_partner_is_credited_the_tricks_less_the_nil_hand_would_win():
    t = table(**SURE)
    t.hands = [mask_of(["AS", "KS", "QS"]), 0, 0, 0]
    taken = ddbid.tricks_by_seat(t, [7, 6], {0: True})
    assert taken[0] == 0 and taken[2] == 7 - 3
    assert ddbid.tricks_by_seat(t, [7, 6], {0: False})[0] == 1


def test_bid_search_by_double_dummy_is_deterministic(monkeypatch):
    monkeypatch.setattr(ddbid, "MAX_DEALS", 2)
    state = deal(BIDDING_DEAL)
    t = Table.from_view(view(state, 0), RULES)
    legal = list(range(0, 14))
    results = {
        ddbid.search_bid(t, 0, legal, random.Random(5), Budget(time.perf_counter(), 1e6, True))
        for _ in range(2)
    }
    assert len(results) == 1 and results.pop() in legal


def test_one_legal_card_is_played_at_once():
    bot = get_bot("expert", budget_ms=10_000)
    standard = get_bot("standard")
    state = new_game(RULES, "searcher-forced")
    forced = 0
    while forced < 3 and state.phase != FINISHED:
        v = view(state)
        if len(v["legal"]) == 1:
            start = time.perf_counter()
            assert bot(v, RULES, random.Random(1)) == action_from_dict(v["legal"][0], v["seat"])
            assert time.perf_counter() - start < 0.1
            forced += 1
        state = apply_action(state, standard(v, RULES, random.Random(state.version)))
    assert forced == 3
