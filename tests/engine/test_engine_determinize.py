"""determinize: a playable state from one seat's view and a guess of the hidden cards."""

import random

import pytest

from games.engine import (
    BIDDING,
    PLAYING,
    Bid,
    Look,
    Ruleset,
    apply_action,
    determinize,
    legal_actions,
    new_game,
    view_for,
)

from .support import bid_all, play_out, rigged, suit


def mid_hand():
    """Hand 2 of a game, three and a half tricks in."""
    state = new_game(Ruleset(losing_score=None), "det", first_dealer=0)
    rng = random.Random(3)
    state = play_out(state, rng)
    state = bid_all(state, {0: 3, 1: 4, 2: 2, 3: 1})
    for _ in range(14):
        state = apply_action(state, rng.choice(legal_actions(state)))
    return state


def truth(state):
    return [[card.code for card in state.cards(seat)] for seat in range(4)]


def test_rebuilds_the_public_state():
    state = mid_hand()
    view = view_for(state, 1)
    guess = determinize(view, state.ruleset, truth(state))
    for field in (
        "phase",
        "hand_number",
        "dealer",
        "turn",
        "version",
        "holdings",
        "trick",
        "leader",
        "bids",
        "blind",
        "tricks",
        "tricks_taken",
        "spades_broken",
        "scores",
        "bags",
        "results",
        "last_trick",
    ):
        assert getattr(guess, field) == getattr(state, field), field
    assert guess.phase == PLAYING
    assert legal_actions(guess) == legal_actions(state)
    # No real seed: the rebuilt state cannot tell the real deal.
    assert guess.hand_seed != state.hand_seed and guess.game_seed != state.game_seed


def test_other_cards_may_be_swapped():
    state = mid_hand()
    hands = truth(state)
    # Swap one unplayed card between seats 0 and 2 (seat 1 is viewing).
    hands[0][0], hands[2][0] = hands[2][0], hands[0][0]
    guess = determinize(view_for(state, 1), state.ruleset, hands)
    while guess.hand_number == state.hand_number:
        guess = apply_action(guess, legal_actions(guess)[0])
    assert sum(guess.results[-1].tricks) == 13


def test_same_view_many_guesses():
    state = mid_hand()
    view = view_for(state, 1)
    hands = truth(state)
    swapped = [list(hand) for hand in hands]
    swapped[0][0], swapped[2][0] = swapped[2][0], swapped[0][0]
    first = determinize(view, state.ruleset, hands)
    second = determinize(view, state.ruleset, swapped)
    other = determinize(view_for(state, 3), state.ruleset, hands)
    assert first.holdings == state.holdings == other.holdings != second.holdings
    assert first._replace(holdings=()) == second._replace(holdings=())
    assert determinize(view, state.ruleset, hands) == first


def test_hidden_seats_stay_hidden():
    state = rigged([suit("S"), suit("H"), suit("D"), suit("C")], scores=(0, 200), dealer=3)
    state = apply_action(state, Look(2))
    view = view_for(state, 0)
    assert view["hand"] is None
    guess = determinize(view, state.ruleset, truth(state))
    assert guess.phase == BIDDING
    # Seat 0 has not looked; seat 2's Look is not in the view, so it is still assumed hidden.
    assert guess.hidden == (True, False, True, False)
    assert Bid(0, 0, blind=True) in legal_actions(guess)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: h[0].append(h[2].pop()), "must hold"),
        (lambda h: h[0].__setitem__(0, h[2][0]), "already played or held"),
        (lambda h: h[0].__setitem__(0, "XX"), "Not a card"),
        (lambda h: h.pop(), "all 4 seats"),
    ],
)
def test_inconsistent_hands(change, message):
    state = mid_hand()
    hands = truth(state)
    change(hands)
    with pytest.raises(ValueError, match=message):
        determinize(view_for(state, 1), state.ruleset, hands)


def test_played_card_is_rejected():
    state = mid_hand()
    hands = truth(state)
    played = state.tricks[0].cards[0].code
    hands[0][0] = played
    with pytest.raises(ValueError, match="already played"):
        determinize(view_for(state, 1), state.ruleset, hands)


def test_viewers_hand_must_match():
    state = mid_hand()
    hands = truth(state)
    hands[1][0], hands[3][0] = hands[3][0], hands[1][0]
    with pytest.raises(ValueError, match="viewer's hand"):
        determinize(view_for(state, 1), state.ruleset, hands)


def test_finished_game_cannot_be_determinized():
    state = bid_all(
        rigged([suit("S"), suit("H"), suit("D"), suit("C")], scores=(450, 0)),
        {0: 13, 1: 1, 2: 0, 3: 1},
    )
    state = play_out(state, random.Random(1))
    assert state.phase == "finished"
    with pytest.raises(ValueError, match="in progress"):
        determinize(view_for(state, 0), state.ruleset, [[], [], [], []])
