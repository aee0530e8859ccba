"""Property tests over random legal games, with random options."""

import json
import random

from hypothesis import given, settings, strategies as st

from games.engine import (
    BIDDING,
    CARDS,
    FINISHED,
    PLAYING,
    PRESETS,
    Bid,
    GameState,
    IllegalAction,
    Look,
    Play,
    Ruleset,
    action_to_dict,
    apply_action,
    legal_actions,
    new_game,
    replay,
    view_for,
)
from games.engine.bits import FULL_DECK
from games.engine.cards import mask_of

from .factories import random_actions


@st.composite
def rulesets(draw):
    if draw(st.booleans()):
        return draw(st.sampled_from(list(PRESETS.values())))
    nil = draw(st.booleans())
    return Ruleset(
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
    )


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
    elif card.suit == "S":
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


@settings(max_examples=150, deadline=None)
@given(game=games)
def test_rules_invariants(game):
    history = play(game)
    previous = None
    for action, state in history:
        holdings = state.holdings
        # Every card exactly once per hand: held by one seat or played in one trick.
        assert holdings[0] | holdings[1] | holdings[2] | holdings[3] | played_mask(state) == (
            FULL_DECK
        )
        assert sum(h.bit_count() for h in holdings) + 4 * len(state.tricks) + len(state.trick) == 52
        if state.phase == BIDDING:
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
        previous = state
    final = history[-1][1]
    for result in final.results:
        assert sum(result.tricks) == 13
        assert all(b is not None for b in result.bids)
    total = [0, 0]
    for result in final.results:
        total = [total[0] + result.points[0], total[1] + result.points[1]]
        assert tuple(total) == result.scores
    assert tuple(total) == final.scores
    if final.phase == FINISHED:
        assert (
            final.winner in (0, 1) and final.scores[final.winner] > final.scores[1 - final.winner]
        )
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
            for other in hidden:
                for card in state.cards(other):
                    assert f'"{card.code}"' not in text
            assert not any(secret in text for secret in secrets)
            if seat is None:
                assert view["legal"] == [] and view["hand"] is None
            else:
                assert view["legal"] == [action_to_dict(a) for a in legal_actions(state, seat)]
                assert (view["hand"] is None) == state.hidden[seat]
            assert view["hand_counts"] == list(state.hand_counts)
            assert view["commitment"] != state.hand_seed.hex()
