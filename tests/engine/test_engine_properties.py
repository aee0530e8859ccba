"""Property tests over random legal games, with random options."""

import json
import random

from hypothesis import given, settings, strategies as st

from games.engine import (
    BIDDING,
    CARDS,
    FINISHED,
    OPTION_CHOICES,
    PASSING,
    PLAYING,
    PRESETS,
    Bid,
    GameState,
    IllegalAction,
    Look,
    NilPass,
    Play,
    Ruleset,
    action_to_dict,
    apply_action,
    conflict,
    legal_actions,
    new_game,
    places,
    replay,
    view_for,
)
from games.engine.bits import DECKS
from games.engine.cards import cards_of, mask_of

from .factories import random_actions


@st.composite
def rulesets(draw):
    if draw(st.booleans()):
        return draw(st.sampled_from(list(PRESETS.values())))
    nil = draw(st.booleans())
    options = dict(
        target_score=draw(st.integers(100, 600)),
        losing_score=draw(st.none() | st.integers(-400, -50)),
        nil=nil,
        nil_value=draw(st.integers(0, 200)),
        blind_nil=draw(st.booleans()),
        blind_nil_value=draw(st.integers(0, 400)),
        blind_nil_min_deficit=draw(st.sampled_from([0, 0, 50, 100])),
        bag_limit=draw(st.integers(0, 12)),
        bag_penalty=draw(st.integers(0, 150)),
        nil_tricks_count_for_partner=draw(st.booleans()),
        boston_bonus=draw(st.sampled_from([0, 100])),
        suicide=nil and draw(st.booleans()),
        # The variants: any combination that RULES.md allows.
        bidding=draw(st.sampled_from(OPTION_CHOICES["bidding"])),
        deck=draw(st.sampled_from(OPTION_CHOICES["deck"])),
        solo=draw(st.booleans()),
        nil_pass=draw(st.integers(0, 3)),
        spades_lead=draw(st.sampled_from(OPTION_CHOICES["spades_lead"])),
        min_team_bid=draw(st.integers(0, 6)),
    )
    # Take the variants back to their defaults one by one until nothing clashes.
    for name in ("min_team_bid", "nil_pass", "bidding", "solo", "suicide", "deck"):
        if conflict(_unchecked(options)) is None:
            break
        options[name] = getattr(Ruleset(), name)
    return Ruleset(**options)


def _unchecked(options: dict) -> Ruleset:
    """The options as a Ruleset without its checks (to ask conflict() about them)."""
    rules = object.__new__(Ruleset)
    for field in Ruleset.__dataclass_fields__:
        object.__setattr__(rules, field, options.get(field, getattr(Ruleset(), field)))
    return rules


games = st.fixed_dictionaries(
    {
        "ruleset": rulesets(),
        "seed": st.text(max_size=12) | st.binary(max_size=12),
        "first_dealer": st.none() | st.integers(0, 3),
        "rng": st.integers(0, 2**32),
    }
)

MAX_HANDS = 3


def play(game):
    """The actions and states of a random game of at most MAX_HANDS hands."""
    start = new_game(game["ruleset"], game["seed"], game["first_dealer"])
    rng = random.Random(game["rng"])
    history = [(None, start)]
    for action, state in random_actions(start, rng):
        history.append((action, state))
        if state.hand_number > MAX_HANDS:
            break
    return history


def played_mask(state: GameState) -> int:
    cards = [card for trick in state.tricks for card in trick.cards]
    return mask_of(cards) | mask_of(state.current_trick.cards)


def check_play(before: GameState, action: Play, after: GameState) -> None:
    """The card played was allowed, and a completed trick went to the right seat."""
    seat, card = action.seat, action.card
    hand = before.cards(seat)
    assert card in hand
    if before.trick:
        assert seat == (before.leader + len(before.trick)) % 4
        led = before.current_trick.cards[0].suit
        assert card.suit == led or all(c.suit != led for c in hand)
    elif card.suit == "S" and before.ruleset.spades_lead == "broken":
        assert before.spades_broken or all(c.suit == "S" for c in hand)
    if len(before.trick) == 3:
        trick = (*before.current_trick.cards, card)
        led = trick[0].suit
        spades = [c for c in trick if c.suit == "S"]
        best = max(spades or [c for c in trick if c.suit == led], key=lambda c: c.rank)
        winner = (before.leader + trick.index(best)) % 4
        # The thirteenth trick of a hand is the new hand's last_trick (unless the game is over).
        same_hand = after.hand_number == before.hand_number
        done = after.tricks[-1] if same_hand else after.last_trick
        assert done.cards == trick and done.winner == winner
        if after.phase == PLAYING:
            assert after.turn == after.leader == winner


def check_pass(before: GameState, action: NilPass, after: GameState) -> None:
    """A Nil pass came from a seat that owed one; cards changed hands once both chose."""
    seat, partner = action.seat, (action.seat + 2) % 4
    assert before.phase == PASSING and before.passes[seat] is None
    nils = [before.bids[seat] == 0, before.bids[partner] == 0]
    assert nils.count(True) == 1 and len(action.cards) == before.ruleset.nil_pass
    mine = mask_of(action.cards)
    assert before.holdings[seat] & mine == mine
    theirs = before.passes[partner]
    if theirs is None:
        assert after.holdings == before.holdings
    else:
        assert after.holdings[seat] == before.holdings[seat] & ~mine | theirs
        assert after.holdings[partner] == before.holdings[partner] & ~theirs | mine
    if after.phase == PLAYING:
        assert after.turn == after.leader == (after.dealer + 1) % 4


@settings(max_examples=150, deadline=None)
@given(game=games)
def test_rules_invariants(game):
    history = play(game)
    previous = None
    for action, state in history:
        holdings = state.holdings
        # Every card exactly once per hand: held by one seat or played in one trick.
        assert (
            holdings[0] | holdings[1] | holdings[2] | holdings[3] | played_mask(state)
            == (DECKS[state.ruleset.deck])
        )
        assert sum(h.bit_count() for h in holdings) + 4 * len(state.tricks) + len(state.trick) == 52
        if state.phase in (BIDDING, PASSING):
            assert state.hand_counts == (13, 13, 13, 13)
        if state.phase == PLAYING:
            assert state.turn == (state.leader + len(state.trick)) % 4
            counts = state.hand_counts
            assert max(counts) - min(counts) <= 1
        if previous is not None:
            assert state.version == previous.version + 1
            if isinstance(action, (Bid, Play)):
                assert action.seat == previous.turn
            if isinstance(action, Bid):
                order = [(previous.dealer + 1 + i) % 4 for i in range(4)]
                assert action.seat == order[sum(b is not None for b in previous.bids)]
            if isinstance(action, Play):
                check_play(previous, action, state)
            if isinstance(action, Look):
                assert previous.hidden[action.seat] and not state.hidden[action.seat]
            if isinstance(action, NilPass):
                check_pass(previous, action, state)
        previous = state
    final = history[-1][1]
    for result in final.results:
        assert sum(result.tricks) == 13
        assert all(b is not None for b in result.bids)
    total = [0] * final.ruleset.sides
    for result in final.results:
        total = [before + points for before, points in zip(total, result.points, strict=True)]
        assert tuple(total) == result.scores
    assert tuple(total) == final.scores
    if final.phase == FINISHED and final.winner is not None:
        assert places(final.scores)[final.winner] == 1 and places(final.scores).count(1) == 1
    actions = [action for action, _ in history[1:]]
    assert replay(game["ruleset"], game["seed"], actions, game["first_dealer"]) == final


@settings(max_examples=40, deadline=None)
@given(game=games)
def test_apply_accepts_exactly_the_legal_actions(game):
    for _, state in play(game):
        if state.phase == FINISHED:
            continue
        candidates = [Look(seat) for seat in range(4)]
        for seat in range(4):
            candidates += [Bid(seat, t, blind) for t in range(14) for blind in (False, True)]
            candidates += [Play(seat, card) for card in CARDS]
            candidates += [
                NilPass(seat, tuple(cards))
                for cards in _some_passes(state, seat, random.Random(state.version))
            ]
        legal = set(legal_actions(state))
        for seat in range(4):
            legal |= set(legal_actions(state, seat))
        for action in candidates:
            try:
                apply_action(state, action)
            except IllegalAction:
                assert action not in legal
            else:
                assert action in legal


def _some_passes(state: GameState, seat: int, rng: random.Random) -> list[list]:
    """Choices of cards to pass: some of the seat's own, and some with another's card."""
    own, count = state.cards(seat), max(state.ruleset.nil_pass, 1)
    other = state.cards((seat + 1) % 4)
    if len(own) <= count or not other:
        return []
    return [rng.sample(own, count) for _ in range(3)] + [
        [*rng.sample(own, count - 1), rng.choice(other)],
        rng.sample(own, min(count + 1, 13)),
    ]


@settings(max_examples=40, deadline=None)
@given(game=games)
def test_dict_round_trip(game):
    for _, state in play(game):
        data = state.to_dict()
        assert GameState.from_dict(data) == state
        assert GameState.from_dict(json.loads(json.dumps(data))) == state


@settings(max_examples=40, deadline=None)
@given(game=games)
def test_views_never_leak_and_list_legal_actions(game):
    for _, state in play(game):
        # Once the game is over, the last hand's seed is revealed like the others.
        secrets = [state.hand_seed.hex()] if state.phase != FINISHED else []
        if len(state.game_seed) >= 6:  # a shorter hex string could turn up by chance
            secrets.append(state.game_seed.hex())
        for seat in (0, 1, 2, 3, None):
            view = view_for(state, seat)
            # The last trick of the previous hand is public and may hold the codes
            # of cards dealt again in this hand; everything else is searched.
            last = view["last_trick"]
            assert last == (state.last_trick.to_dict() if state.last_trick else None)
            text = json.dumps({**view, "last_trick": None})
            hidden = [s for s in range(4) if s != seat or state.hidden[s]]
            # A seat knows the cards it gave in the Nil pass, wherever they are now.
            given = 0 if seat is None or state.passes[seat] is None else state.passes[seat]
            for other in hidden:
                for card in cards_of(state.holdings[other] & ~given):
                    assert f'"{card.code}"' not in text
            assert not any(secret in text for secret in secrets)
            if seat is None:
                assert view["legal"] == [] and view["hand"] is None
            else:
                legal = [action_to_dict(a) for a in legal_actions(state, seat)]
                if state.phase == PASSING and legal:
                    assert view["legal"] == [{"type": "nil_pass", "count": len(legal[0]["cards"])}]
                else:
                    assert view["legal"] == legal
                assert (view["hand"] is None) == state.hidden[seat]
            assert view["hand_counts"] == list(state.hand_counts)
            assert view["commitment"] != state.hand_seed.hex()
