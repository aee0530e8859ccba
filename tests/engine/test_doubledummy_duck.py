"""The double-dummy ducking search (DuckSolver) against plain minimax on small endings."""

import random
from functools import cache

import pytest

from games.engine.bits import SUIT_OF, cards_in, legal_mask
from games.engine.doubledummy import DuckSolver, Position, Solver
from tests.engine.test_doubledummy import position, random_ending


@cache
def held_to(position: Position, side: int) -> int:
    """Plain minimax: the tricks `side` takes when it ducks and the other side pushes."""
    seat = position.turn
    if not position.hands[seat]:
        return 0
    led = SUIT_OF[position.trick[0]] if position.trick else None
    outcomes = []
    for card in cards_in(legal_mask(position.hands[seat], led, position.spades_broken)):
        child, _ = position.after(card)
        won = not child.trick and child.leader & 1 == side
        outcomes.append(int(won) + held_to(child, side))
    return min(outcomes) if seat & 1 == side else max(outcomes)


@pytest.mark.parametrize("broken", [False, True])
@pytest.mark.parametrize("seed", range(30))
def test_the_duck_search_agrees_with_minimax_on_small_endings(seed, broken):
    rng = random.Random(f"duck-{seed}-{broken}")
    ending = random_ending(rng, rng.randint(2, 5), broken)
    side = rng.randrange(2)
    solver = DuckSolver(side)
    assert solver.tricks(ending) == held_to(ending, side)
    for card, tricks in solver.card_values(ending).items():
        child, _ = ending.after(card)
        won = not child.trick and child.leader & 1 == side
        assert tricks == int(won) + held_to(child, side), (side, card)


def test_pushing_can_force_more_tricks_than_a_side_could_take():
    # North (seat 0) leads from the ace and four of hearts, East holds the five and three.
    # Defended, North-South take one trick; pushed (East under the four), both.
    ending = position(["AH 4H", "5H 3H", "2C 3C", "4C 5C"], leader=0, broken=False)
    assert Solver().tricks(ending) == 1
    assert DuckSolver(0).tricks(ending) == 2
    assert DuckSolver(1).tricks(ending) == 0
