"""The double-dummy solver (games.engine.doubledummy) against brute-force minimax on small
endings, and on constructed positions whose answers are known."""

import random

import pytest

from bench.helpers.minimax import TEAM0, minimax
from games.engine import Bid, Card, Play, apply_action
from games.engine.doubledummy import Position, Solver, distinct_legal
from tests.engine.factories import position, random_ending, rigged, suit


def brute_force(position: Position) -> int:
    """Team 0's tricks from the position with best play, by plain minimax."""
    return minimax(position, TEAM0, TEAM0)


def side_value(position: Position, team0: int) -> int:
    return team0 if position.turn % 2 == 0 else position.tricks_left - team0


@pytest.mark.parametrize("broken", [False, True])
@pytest.mark.parametrize("seed", range(40))
def test_the_solver_agrees_with_brute_force_on_small_endings(seed, broken):
    rng = random.Random(f"{seed}-{broken}")
    ending = random_ending(rng, rng.randint(2, 5), broken)
    solver = Solver()
    assert solver.tricks(ending) == side_value(ending, brute_force(ending))
    values = {}
    for card, value in solver.card_values(ending).items():
        child, won = ending.after(card)
        assert value == side_value(ending, won + brute_force(child)), Card.from_index(card)
        values[card] = value
    # judge: the best, the cards that reach it, and one card's exact value.
    best = max(values.values())
    for card in values:
        assert Solver().judge(ending, card) == (
            best,
            sorted(c for c, value in values.items() if value == best),
            values[card],
        )


def test_one_solver_answers_every_position_of_a_deal_from_what_it_learnt():
    rng = random.Random("reuse")
    ending = random_ending(rng, 5, True)
    solver = Solver()
    while ending.tricks_left:
        values = solver.card_values(ending)
        for card, value in values.items():
            child, won = ending.after(card)
            assert value == side_value(ending, won + brute_force(child))
        ending, _ = ending.after(rng.choice(list(values)))


def test_a_new_solver_starts_empty_though_it_reuses_memory():
    # A new table takes the memory a freed one leaves, emptied by generation (a byte that
    # wraps round). Each new solver must search as many nodes as a first one, which it
    # would not if it found what another learnt. Here two memories take turns, so each
    # memory's generation is 1 at solves 0 and 1, 255 at 508 and 509, and 1 again at 510
    # and 511: the first ending is solved at the first generation of both rounds, the
    # other between them.
    rng = random.Random("generations")
    endings = [random_ending(rng, 4, True) for _ in range(2)]
    first = [Solver() for _ in endings]
    values = [solver.card_values(ending) for solver, ending in zip(first, endings, strict=True)]
    for i in range(520):
        which = 0 if i < 2 or i >= 510 else 1
        solver = Solver()
        assert solver.card_values(endings[which]) == values[which]
        assert solver.nodes == first[which].nodes


def test_an_unbroken_spade_may_not_be_led_and_that_changes_the_result():
    # North leads. With spades broken, the AS and KS draw East's trumps and the hearts
    # take the rest: 4 tricks. Unbroken, North must lead a heart: East ruffs, cashes
    # the diamonds... the side takes only the spades it can no longer be stopped from.
    hands = ["AS KS AH KH", "QS 2D 3D 4D", "2C 3C 4C 5C", "6C 7C 8C 9C"]
    broken = position(hands, leader=0, broken=True)
    unbroken = position(hands, leader=0, broken=False)
    assert Solver().tricks(broken) == 4
    assert Solver().tricks(unbroken) == brute_force(unbroken) < 4
    values = Solver().card_values(unbroken)
    assert {Card.from_index(c).code for c in values} == {"AH", "KH"}


def test_a_hand_of_spades_alone_may_lead_a_spade_before_they_are_broken():
    hands = ["AS KS QS", "2H 3H 4H", "2D 3D 4D", "2C 3C 4C"]
    ending = position(hands, leader=0, broken=False)
    assert Solver().tricks(ending) == 3


def test_the_best_card_and_the_cost_of_another():
    # East led the KH, South and West followed. North takes it with the AH and then
    # makes the 2H too (nobody else has a heart or a spade): 2 tricks. Ducking with the
    # 2H gives East the trick and the lead, and West's 4C then takes the last one.
    ending = position(["AH 2H", "2C", "3C", "4C"], leader=1, broken=True, trick="KH 3H 4H")
    solver = Solver()
    assert solver.tricks(ending) == 2
    assert solver.card_values(ending) == {Card.parse("AH").index: 2, Card.parse("2H").index: 0}


def test_equal_cards_are_one_choice():
    # West led the AH. North's KH and QH touch (the JH is gone): one choice; East's TH
    # lies between them and the 9H, which is another.
    ending = position(
        ["KH QH 9H", "TH 2C 3C", "4C 5C 6C", "7C 8C"], leader=3, broken=True, trick="AH"
    )
    codes = [[Card.from_index(c).code for c in group] for group in distinct_legal(ending)]
    assert codes == [["9H"], ["QH", "KH"]]


def test_the_opening_lead_of_a_dealt_hand_is_solved_on_the_engine_state():
    deal = [suit("S"), suit("H"), suit("D"), suit("C")]
    state = rigged(deal)
    for _ in range(4):
        state = apply_action(state, Bid(state.turn, 3))
    start = Position.of_state(state)
    # North holds every spade: it wins all 13 whoever leads (and may lead a spade, having
    # nothing else).
    team0 = Solver().tricks(start)
    assert side_value(start, team0) == 13
    state = apply_action(state, Play(state.turn, state.cards(state.turn)[0]))
    assert Position.of_state(state).trick


@pytest.mark.parametrize(
    "hands, trick, leader",
    [
        (["AS KS", "AS 2D", "2C 3C", "4C 5C"], "", 0),  # a card in two hands
        (["AS KS", "QS 2D", "2C 3C", "4C"], "", 0),  # a seat short of a card
        (["AS KS", "QS 2D", "2C 3C", "4C 5C"], "KS", 0),  # the card led is still held
        (["AS KS", "QS 2D", "2C 3C", "4C 5C"], "6C", 0),  # the leader did not play it
    ],
)
def test_the_compiled_search_refuses_what_is_not_a_position(hands, trick, leader):
    ending = position(hands, leader=leader, broken=True, trick=trick)
    with pytest.raises(ValueError, match="not a position of play"):
        Solver().tricks(ending)


def test_the_last_seat_may_win_with_its_higher_card_to_unblock_for_its_partner():
    # West led the 9H, North and East followed low. South wins with either heart; with the
    # QH it keeps the TH, which North's JH overtakes to cash the AC: 3 tricks, not 2. (The
    # cheapest winning card is not always best: a solver trying only it gets 2.)
    ending = position(
        ["JH AC", "KD 6D", "TH QH 3D", "4D 5D"], leader=3, broken=True, trick="9H 2H 3H"
    )
    values = Solver().card_values(ending)
    assert values == {Card.parse("QH").index: 3, Card.parse("TH").index: 2}
    assert values[Card.parse("QH").index] == brute_force(ending)


@pytest.mark.parametrize("broken", [False, True])
@pytest.mark.parametrize("seed", range(12))
def test_every_card_value_equals_brute_force_on_five_card_endings(seed, broken):
    # Five cards a seat: small cards that do not touch (another hand holds a card between
    # them), which the search skips once one of them proved their ranks irrelevant, and
    # positions where spades are unbroken (the lead rule DDS does not know).
    rng = random.Random(f"five-{seed}-{broken}")
    ending = random_ending(rng, 5, broken)
    for card, value in Solver().card_values(ending).items():
        child, won = ending.after(card)
        assert value == side_value(ending, won + brute_force(child)), Card.from_index(card)


def test_small_cards_that_do_not_touch_still_get_their_own_value_when_they_matter():
    # North leads. Its hearts do not touch (East holds the 3H and 5H between them): the
    # search may treat them alike only where their ranks change nothing; brute force says.
    ending = position(
        ["2H 4H 6H AC", "3H 5H 7H 2C", "8H 9H TH 3C", "JH QH KH 4C"], leader=0, broken=True
    )
    values = Solver().card_values(ending)
    for card, value in values.items():
        child, won = ending.after(card)
        assert value == side_value(ending, won + brute_force(child)), Card.from_index(card)
