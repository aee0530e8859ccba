"""The review of hands of every variant: the Joker deck, Solo's four sides, and a Nil pass
(the play analysed from the hands after the pass). Pure: hands played by random legal
moves (fast, and they lose tricks for the review to find) through the engine."""

import random

from analysis import review
from games.engine import (
    FINISHED,
    PASSING,
    Bid,
    GameState,
    Play,
    Ruleset,
    apply_action,
    legal_actions,
    new_game,
)
from games.engine.cards import Card
from games.engine.doubledummy import Position, Solver
from tests.engine.factories import random_pass


def played_hand(ruleset: Ruleset, seed: str, bids: dict[int, int] | None = None):
    """(the hand's first state, its actions, its last state): random legal moves, or the
    `bids` given (seat -> tricks)."""
    rng = random.Random(seed)
    state = start = new_game(ruleset, seed.encode())
    actions = []
    while state.phase != FINISHED and state.hand_number == start.hand_number:
        if state.phase == PASSING:
            action = random_pass(state, rng)
        elif bids and state.phase == "bidding":
            action = Bid(state.turn, bids[state.turn])
        else:
            action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply_action(state, action)
    return start, actions, state


def played_hands(hand: dict) -> tuple[int, int, int, int]:
    """Each seat's cards as its plays in the review show them: the hands play began with."""
    hands = [0, 0, 0, 0]
    for trick in hand["tricks"]:
        for play in trick["plays"]:
            hands[play["seat"]] |= 1 << Card.parse(play["card"]).index
    return tuple(hands)


def check_review(ruleset: Ruleset, start: GameState, actions: list, hand: dict) -> None:
    assert len(hand["tricks"]) == 13 and all(len(t["plays"]) == 4 for t in hand["tricks"])
    for trick in hand["tricks"]:
        for play in trick["plays"]:
            assert play["best"] >= play["played"] and play["cost"] == play["best"] - play["played"]
            assert play["card"] in play["best_cards"] or play["cost"] > 0
    # The sides' double-dummy tricks: solved from the hands play began with.
    first = next(a for a in actions if type(a) is Play)
    position = Position(played_hands(hand), (), first.seat, ruleset.spades_lead == "anytime")
    solver = Solver(solo=ruleset.solo)
    expected = [solver.tricks(position, ruleset.seats_of(side)[0]) for side in range(ruleset.sides)]
    assert [team["double_dummy"] for team in hand["teams"]] == expected
    assert [team["seats"] for team in hand["teams"]] == [
        list(ruleset.seats_of(side)) for side in range(ruleset.sides)
    ]
    assert sum(team["tricks"] for team in hand["teams"]) == 13


def test_a_jokers_hand_is_reviewed():
    ruleset = Ruleset.preset("jokers")
    start, actions, _ = played_hand(ruleset, "review-jokers")
    hand = review.review_hand(start, actions, bot_seed="jokers")
    check_review(ruleset, start, actions, hand)
    played = {p["card"] for t in hand["tricks"] for p in t["plays"]}
    assert {"BJ", "LJ"} <= played and not {"2C", "2D"} & played


def test_a_solo_hand_is_reviewed_seat_by_seat():
    ruleset = Ruleset.preset("solo")
    start, actions, end = played_hand(ruleset, "review-solo")
    hand = review.review_hand(start, actions, bot_seed="solo")
    check_review(ruleset, start, actions, hand)
    assert len(hand["teams"]) == 4
    assert [team["tricks"] for team in hand["teams"]] == list(end.results[-1].tricks)
    # Each play is valued for the player alone, of the tricks still to play.
    for number, trick in enumerate(hand["tricks"]):
        assert all(0 <= play["played"] <= play["best"] <= 13 - number for play in trick["plays"])


def test_a_nil_pass_hand_is_reviewed_from_the_hands_after_the_pass():
    ruleset = Ruleset(nil_pass=2)
    start, actions, _ = played_hand(ruleset, "review-nil-pass", bids={0: 0, 1: 4, 2: 5, 3: 3})
    passes = [a for a in actions if a.__class__.__name__ == "NilPass"]
    assert len(passes) == 2
    hand = review.review_hand(start, actions, bot_seed="nil-pass")
    check_review(ruleset, start, actions, hand)
    # The hands play began with are not the deal: the passed cards changed hands.
    dealt = start.holdings
    after = played_hands(hand)
    for given in passes:
        receiver = given.seat ^ 2
        for card in given.cards:
            assert dealt[given.seat] >> card.index & 1 and after[receiver] >> card.index & 1
    assert after != dealt
