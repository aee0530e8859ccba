"""The double-dummy Nil search (NilSolver) against plain minimax on small endings."""

import random
from functools import cache

import pytest

from games.engine.bits import SUIT_OF, cards_in, legal_mask, trick_winner
from games.engine.doubledummy import NilSolver, Position
from tests.engine.factories import position, random_ending


@cache
def nil_fails(position: Position, nil_seat: int) -> bool:
    """Plain minimax: the Nil's side (nil_seat and partner) keeps it from every trick if
    it can, the other side makes it take one."""
    seat = position.turn
    if not position.hands[seat]:
        return False
    led = SUIT_OF[position.trick[0]] if position.trick else None
    outcomes = []
    for card in cards_in(legal_mask(position.hands[seat], led, position.spades_broken)):
        child, _ = position.after(card)
        if len(position.trick) == 3:
            winner, _ = trick_winner((*position.trick, card), position.leader)
            if winner == nil_seat:
                outcomes.append(True)
                continue
        outcomes.append(nil_fails(child, nil_seat))
    attacking = (seat ^ nil_seat) & 1
    return any(outcomes) if attacking else all(outcomes)


@pytest.mark.parametrize("broken", [False, True])
@pytest.mark.parametrize("seed", range(40))
def test_the_nil_search_agrees_with_minimax_on_small_endings(seed, broken):
    rng = random.Random(f"nil-{seed}-{broken}")
    ending = random_ending(rng, rng.randint(2, 5), broken)
    nil_seat = rng.randrange(4)
    solver = NilSolver(nil_seat)
    assert solver.fails(ending) == nil_fails(ending, nil_seat)
    for card, fails in solver.card_fails(ending).items():
        child, _ = ending.after(card)
        expected = (len(ending.trick) == 3 and child.leader == nil_seat) or nil_fails(
            child, nil_seat
        )
        assert fails == expected, (nil_seat, card)


def test_a_partner_overtakes_to_save_the_nil():
    # West (seat 1) bid Nil and must follow with the king of hearts; its partner East
    # (seat 3), last to play, saves it only by playing the ace over it.
    ending = position(["QH 2C", "KH 3C", "2H 4C", "AH 5C"], leader=0, broken=False, trick="")
    solver = NilSolver(1)
    assert solver.fails(ending) is False
    # Had East only small hearts, West's king would win.
    assert (
        NilSolver(1).fails(position(["QH 2C", "KH 3C", "2H 4C", "3H 5C"], leader=0, broken=False))
        is True
    )


def test_the_nil_seat_is_on_either_team():
    # The same ending turned by one seat: the same answers.
    ending = position(["QH 2C", "KH 3C", "2H 4C", "AH 5C"], leader=0, broken=False)
    turned = Position((ending.hands[3], *ending.hands[:3]), (), 1, False)
    assert NilSolver(2).fails(turned) == NilSolver(1).fails(ending)


def test_a_nil_table_accepts_only_a_seat_of_team_one():
    from games.engine._doubledummy import Table

    with pytest.raises(ValueError):
        Table(nil=2)
