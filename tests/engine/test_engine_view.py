"""What each seat and a spectator may see."""

import json
import random

from games.engine import (
    Bid,
    Ruleset,
    action_to_dict,
    apply_action,
    commitment,
    deal,
    legal_actions,
    new_game,
    view_for,
)

from .factories import bid_all, play_out, rigged, suit

KEYS = {
    "seat",
    "phase",
    "hand_number",
    "dealer",
    "turn",
    "version",
    "hand",
    "hand_counts",
    "bids",
    "blind",
    "blind_nil_eligible",
    "tricks",
    "tricks_taken",
    "spades_broken",
    "scores",
    "bags",
    "commitment",
    "winner",
    "hands",
    "last_trick",
    "legal",
    "nil_pass",
    "ruleset",
}


def test_keys_and_start_of_game():
    state = new_game(Ruleset(), "view", first_dealer=0)
    for seat in (0, 1, 2, 3, None):
        view = view_for(state, seat)
        assert set(view) == KEYS
        json.dumps(view)
        assert view["seat"] == seat
        assert (view["phase"], view["hand_number"], view["dealer"], view["turn"]) == (
            "bidding",
            1,
            0,
            1,
        )
        assert view["hand_counts"] == [13, 13, 13, 13]
        assert view["bids"] == [None] * 4 and view["blind"] == [False] * 4
        assert view["tricks"] == [] and view["tricks_taken"] == [0, 0, 0, 0]
        assert view["commitment"] == commitment(state.hand_seed)
        assert view["hands"] == [] and view["last_trick"] is None and view["winner"] is None
        assert view["legal"] == [action_to_dict(a) for a in legal_actions(state, seat)] or (
            seat is None and view["legal"] == []
        )
    assert view_for(state, 1)["legal"][0] == {"type": "bid", "tricks": 0, "blind": False}
    assert view_for(state, 0)["legal"] == []


def test_own_hand_sorted_and_spectator_sees_none():
    state = rigged([suit("S"), suit("H"), suit("D"), suit("C")])
    assert view_for(state, 0)["hand"] == suit("S")
    assert view_for(state, 3)["hand"] == suit("C")
    spectator = view_for(state, None)
    assert spectator["hand"] is None and spectator["legal"] == []
    assert spectator["blind_nil_eligible"] is False
    state = new_game(Ruleset(), "sorting")
    order = "CDHS"
    for seat in range(4):
        hand = view_for(state, seat)["hand"]
        keys = [(order.index(c[1]), "23456789TJQKA".index(c[0])) for c in hand]
        assert keys == sorted(keys) and len(hand) == 13


def test_tricks_in_progress_and_last_trick_of_previous_hand():
    state = rigged([suit("S"), suit("H"), suit("D"), suit("C")], dealer=3)
    state = bid_all(state, {0: 13, 1: 0, 2: 0, 3: 0})
    for seat, card in [(0, "2S"), (1, "2H")]:
        state = apply_action(state, legal_play(state, seat, card))
    view = view_for(state, 2)
    assert view["tricks"] == [{"leader": 0, "cards": [[0, "2S"], [1, "2H"]], "winner": None}]
    assert view["spades_broken"] is True and view["hand_counts"] == [12, 12, 13, 13]
    state = play_out(state, random.Random(1))
    assert state.hand_number == 2
    view = view_for(state, 0)
    last = view["last_trick"]
    assert last["leader"] == last["winner"] == 0 and len(last["cards"]) == 4
    assert last == state.last_trick.to_dict() and last["cards"][0][1].endswith("S")
    assert view["tricks"] == []
    # The last trick stays until the first trick of the new hand is complete.
    state = bid_all(state, {0: 3, 1: 3, 2: 3, 3: 3})
    for _ in range(3):
        state = apply_action(state, legal_actions(state)[0])
        assert view_for(state, 1)["last_trick"] == last
    state = apply_action(state, legal_actions(state)[0])
    assert view_for(state, 1)["last_trick"] is None
    assert len(view_for(state, 1)["tricks"]) == 1


def legal_play(state, seat, code):
    (action,) = [a for a in legal_actions(state) if a.seat == seat and str(a.card) == code]
    return action


def test_finished_hands_reveal_seed_and_results():
    state = new_game(Ruleset(losing_score=None), "reveal")
    first_hands = [state.cards(seat) for seat in range(4)]
    secret = state.hand_seed
    text = json.dumps(view_for(state, 0))
    assert secret.hex() not in text and b"reveal".hex() not in text and "reveal" not in text
    state = play_out(state, random.Random(5))
    view = view_for(state, None)
    (done,) = view["hands"]
    assert set(done) == {
        "hand_number",
        "dealer",
        "bids",
        "blind",
        "tricks",
        "points",
        "scores",
        "bags",
        "penalties",
        "boston",
        "seed",
        "commitment",
    }
    assert done["seed"] == secret.hex()
    # Anyone can check the deal against the commitment published before the hand.
    assert done["commitment"] == commitment(bytes.fromhex(done["seed"]))
    assert deal(bytes.fromhex(done["seed"]), done["dealer"]) == first_hands
    assert sum(done["tricks"]) == 13
    assert view["scores"] == done["scores"]
    assert view["commitment"] == commitment(state.hand_seed) != done["commitment"]
    assert state.hand_seed.hex() not in json.dumps(view)


def test_blind_nil_hides_cards_until_look_or_bid():
    state = rigged([suit("S"), suit("H"), suit("D"), suit("C")], scores=(0, 200), dealer=3)
    view = view_for(state, 0)
    assert view["hand"] is None and view["blind_nil_eligible"] is True
    assert {"type": "look"} in view["legal"]
    assert {"type": "bid", "tricks": 0, "blind": True} in view["legal"]
    text = json.dumps(view)
    assert not any(f'"{code}"' in text for code in suit("S"))
    # Seat 2 (also hidden) may only look while seat 0 is to act.
    assert view_for(state, 2)["legal"] == [{"type": "look"}]
    state = apply_action(state, Bid(0, 2))
    assert view_for(state, 0)["hand"] == suit("S")
    assert view_for(state, 0)["blind_nil_eligible"] is False
