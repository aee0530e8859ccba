"""The compiled double-dummy solver on every variant that changes play (the Joker deck's
15 spades, Solo's one seat against three, spades led anytime), against plain minimax on
small endings, and on endings of real random games of each preset."""

import random
from functools import cache

import pytest

from bench.helpers.minimax import TEAM0, minimax
from games.engine import PLAYING, Card, Ruleset, legal_actions, new_game
from games.engine.bits import BIG_JOKER, LITTLE_JOKER
from games.engine.doubledummy import NilSolver, Position, Solver
from tests.engine.factories import position, random_actions, random_ending


def side_tricks(position: Position, seat: int, solo: bool) -> int:
    """The tricks of `seat`'s side (in Solo, `seat` alone) with best play by all."""
    if solo:
        return minimax(position, 1 << seat, 1 << seat)
    team0 = minimax(position, TEAM0, TEAM0)
    return team0 if seat % 2 == 0 else position.tricks_left - team0


def card_tricks(position: Position, card: int, solo: bool) -> int:
    """The tricks of the side to act once it plays `card`, then best play by all."""
    seat = position.turn
    child, _ = position.after(card)
    won = not child.trick and (child.leader == seat if solo else child.leader % 2 == seat % 2)
    return won + side_tricks(child, seat, solo)


def check(solver: Solver, ending: Position) -> None:
    solo = solver.solo
    best = side_tricks(ending, ending.turn, solo)
    assert solver.tricks(ending) == best
    values = solver.card_values(ending)
    expected = {card: card_tricks(ending, card, solo) for card in values}
    assert values == expected
    assert max(values.values()) == best
    card = min(values)
    reaching = sorted(c for c, value in values.items() if value == best)
    assert solver.judge(ending, card) == (best, reaching, values[card])


VARIANTS = {
    # name: (deck, solo, spades broken from the start: "anytime" is only that)
    "classic": ("standard", False, None),
    "jokers": ("jokers", False, None),
    "solo": ("standard", True, None),
    "solo+jokers": ("jokers", True, None),
    "anytime": ("standard", False, True),
}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", range(25))
def test_the_solver_agrees_with_minimax_on_small_endings_of_each_variant(variant, seed):
    deck, solo, broken = VARIANTS[variant]
    rng = random.Random(f"variant-{variant}-{seed}")
    if broken is None:
        broken = rng.random() < 0.5
    ending = random_ending(rng, rng.randint(2, 4), broken, deck)
    check(Solver(solo=solo), ending)


@pytest.mark.parametrize("variant", ["jokers", "solo+jokers"])
def test_one_solver_follows_a_joker_ending_to_its_end(variant):
    # One table for every position of a deal: what it learnt must hold for all.
    deck, solo, _ = VARIANTS[variant]
    rng = random.Random(variant)
    ending = random_ending(rng, 5, False, deck)
    solver = Solver(solo=solo)
    while ending.tricks_left:
        check(solver, ending)
        ending, _ = ending.after(rng.choice(sorted(solver.card_values(ending))))


RULESETS = {
    "jokers": Ruleset.preset("jokers"),
    "solo": Ruleset.preset("solo"),
    "solo+jokers": Ruleset(solo=True, deck="jokers"),
    "anytime": Ruleset(spades_lead="anytime"),
    "anytime+jokers": Ruleset(spades_lead="anytime", deck="jokers"),
}


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", range(6))
def test_the_positions_of_real_games_of_each_variant_are_solved_as_the_engine_plays(name, seed):
    ruleset = RULESETS[name]
    rng = random.Random(f"game-{name}-{seed}")
    stop = rng.randint(1, 3)  # cards left to the seat to act, a trick possibly under way
    for _, state in random_actions(new_game(ruleset, f"dd-{seed}"), rng):
        if state.phase == PLAYING and state.holdings[state.turn].bit_count() <= stop:
            break
    ending = Position.of_state(state)
    values = Solver(solo=ruleset.solo).card_values(ending)
    # The solver's choices are the engine's legal cards (spades led anytime included) ...
    assert sorted(values) == sorted(a.card.index for a in legal_actions(state))
    # ... and their values minimax's under the ruleset's lead rule.
    broken = state.spades_broken or ruleset.spades_lead == "anytime"
    assert ending.spades_broken == broken
    assert values == {card: card_tricks(ending, card, ruleset.solo) for card in values}


def test_spades_led_anytime_change_what_the_leader_makes():
    # North, spades unbroken, must lead its heart; where spades lead anytime it leads the
    # Big Joker first and makes two tricks of three.
    hands = ["6H 7S BJ", "QD 2S LJ", "TC KD 4S", "4D 7D 8S"]
    unbroken = position(hands, leader=0, broken=False)
    anytime = position(hands, leader=0, broken=True)
    assert Solver().tricks(anytime) == side_tricks(anytime, 0, False) == 2
    assert Solver().tricks(unbroken) == side_tricks(unbroken, 0, False) == 1


def test_in_solo_each_seat_counts_its_own_tricks_against_the_three_others():
    # The big Joker wins one trick for West alone; in partnerships East-West would count
    # the tricks of both.
    hands = ["AH KH", "2S 3S", "QH JH", "BJ 2C"]
    ending = position(hands, leader=0, broken=True)
    assert Solver(solo=True).tricks(ending) == side_tricks(ending, 0, True)
    for seat in range(4):
        turned = ending._replace(leader=seat)
        assert Solver(solo=True).tricks(turned) == side_tricks(turned, seat, True)
    assert Card.parse("BJ").index == BIG_JOKER and Card.parse("LJ").index == LITTLE_JOKER


@cache
def nil_fails(position: Position, nil_seat: int, solo: bool) -> bool:
    others = 15 & ~(1 << nil_seat) if solo else TEAM0 if nil_seat % 2 else TEAM0 << 1
    return minimax(position, 1 << nil_seat, others) >= 1


@pytest.mark.parametrize("variant", ["jokers", "solo", "solo+jokers"])
@pytest.mark.parametrize("seed", range(20))
def test_the_nil_search_agrees_with_minimax_in_each_variant(variant, seed):
    deck, solo, _ = VARIANTS[variant]
    rng = random.Random(f"nil-{variant}-{seed}")
    ending = random_ending(rng, rng.randint(2, 4), rng.random() < 0.5, deck)
    nil_seat = rng.randrange(4)
    solver = NilSolver(nil_seat, solo=solo)
    assert solver.fails(ending) == nil_fails(ending, nil_seat, solo)
    for card, fails in solver.card_fails(ending).items():
        child, _ = ending.after(card)
        expected = (not child.trick and child.leader == nil_seat) or nil_fails(
            child, nil_seat, solo
        )
        assert fails == expected, (nil_seat, card)


@pytest.mark.parametrize("seed", range(30))
def test_one_solo_solver_values_every_seat_of_an_ending(seed):
    # One table for all four seats (each turned to seat 0), a trick possibly under way:
    # the trick sure for the side not to play cuts there for either side.
    rng = random.Random(f"solo-seats-{seed}")
    ending = random_ending(rng, rng.randint(2, 4), rng.random() < 0.5)
    solver = Solver(solo=True)
    for seat in range(4):
        assert solver.tricks(ending, seat) == side_tricks(ending, seat, True), seat


def test_in_solo_a_trick_sure_for_the_seat_alone_is_its_one_trick():
    # East led a heart; North, alone and still to play, wins the trick with the ace
    # whatever South and West play, and only that one: West ruffs its diamond.
    hands = ["AH 2D 3D", "3C 4C", "5H 5C 6C", "6H 7C 2S"]
    ending = position(hands, leader=1, broken=True, trick="2H")
    solver = Solver(solo=True)
    assert solver.tricks(ending, 0) == side_tricks(ending, 0, True) == 1
    check(solver, ending)


def test_in_solo_a_trick_sure_for_the_three_keeps_the_seat_alone_from_all():
    # West led the ace of hearts; North, alone, takes its two spades but not this trick.
    hands = ["KH AS KS", "2C 3C 4C", "5C 6C 7C", "8C 9C"]
    ending = position(hands, leader=3, broken=True, trick="AH")
    assert side_tricks(ending, 0, True) == 2
    check(Solver(solo=True), ending)


def test_a_solo_deal_that_overfills_its_buckets_keeps_its_values():
    # A full deal whose Solo search fills buckets of the table (bench/doubledummy.py's
    # fourth position): its values as before the overflow buckets.
    hands = [
        "2C 5C 8D QD AD 3H 8H TH QH AH 3S 5S JS",
        "3C 6C 7C JC KC 2D 3D 5D 6D 2H 6H TS AS",
        "4C 8C TC 7D TD KD 9H JH KH 2S 6S 7S KS",
        "9C QC AC 4D 9D JD 4H 5H 7H 4S 8S 9S QS",
    ]
    deal = position(hands, leader=0, broken=True)
    values = Solver(solo=True).card_values(deal)
    ones = {"8D", "QD", "3H", "8H", "TH", "QH"}
    assert values == {Card.parse(code).index: 1 if code in ones else 2 for code in hands[0].split()}
