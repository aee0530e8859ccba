"""The pure matchmaking: rating windows, fair partnerships, bots after the wait."""

import random

from ranked import ratings
from ranked.matching import Bot, Waiting, _Entry, form_tables, split, window

BOTS = dict(ratings.BOT_START)


def person(user_id, display, *, waited=0.0, max_wait=30.0, sigma=2.0):
    mu = ratings.MU0 + (display - ratings.DISPLAY_BASE) / ratings.DISPLAY_SCALE
    return Waiting(user_id, mu, sigma, waited, max_wait)


def test_four_people_with_close_ratings_get_a_table_at_once():
    waiting = [person(1, 1500), person(2, 1520), person(3, 1480), person(4, 1510)]
    (table,) = form_tables(waiting, BOTS)
    assert sorted(table.seats) == [1, 2, 3, 4]
    assert abs(table.win_chance - 0.5) < 0.05


def test_far_apart_ratings_wait_until_the_window_has_widened():
    displays = {1: 1500, 2: 1520, 3: 1480, 4: 1800}

    def queue(waited):
        return [person(p, d, waited=waited, max_wait=60.0) for p, d in displays.items()]

    assert form_tables(queue(0.0), BOTS) == []
    assert form_tables(queue(15.0), BOTS) == []
    (table,) = form_tables(queue(25.0), BOTS)
    assert sorted(table.seats) == [1, 2, 3, 4]
    assert window(0) < window(10) < window(30) <= window(10_000)


def test_the_split_pairs_strong_with_weak_for_an_even_game():
    strong, weak = (30.0, 2.0), (20.0, 2.0)
    entries = [_Entry(1, *strong), _Entry(2, *strong), _Entry(3, *weak), _Entry(4, *weak)]
    table = split(entries)
    partners = {frozenset(table.seats[0::2]), frozenset(table.seats[1::2])}
    assert partners == {frozenset({1, 3}), frozenset({2, 4})}
    assert abs(table.win_chance - 0.5) < 1e-9


def test_the_split_is_the_one_closest_to_even_among_the_three():
    rng = random.Random(5)
    for _ in range(50):
        entries = [_Entry(i, rng.gauss(25, 5), rng.uniform(1, 8)) for i in range(4)]
        table = split(entries)
        by_player = {entry.player: entry for entry in entries}
        chances = []
        for a in (1, 2, 3):
            team = [(by_player[0].mu, by_player[0].sigma), (by_player[a].mu, by_player[a].sigma)]
            rest = [by_player[p] for p in (1, 2, 3) if p != a]
            other = [(e.mu, e.sigma) for e in rest]
            chances.append(abs(ratings.win_chance(team, other) - 0.5))
        assert abs(abs(table.win_chance - 0.5) - min(chances)) < 1e-12


def test_nobody_is_seated_twice_and_the_longest_waiters_go_first():
    rng = random.Random(11)
    waiting = [
        person(user_id, rng.gauss(1500, 150), waited=rng.uniform(0, 90)) for user_id in range(1, 40)
    ]
    tables = form_tables(waiting, BOTS)
    seated = [seat for table in tables for seat in table.seats if type(seat) is int]
    assert len(seated) == len(set(seated))
    expired = {p.user_id for p in waiting if p.waited >= p.max_wait}
    assert expired <= set(seated)  # everyone past their wait has a table, with bots if need be


def test_bots_fill_the_table_only_after_the_chosen_wait():
    assert form_tables([person(1, 1500, waited=29.0)], BOTS) == []
    (table,) = form_tables([person(1, 1500, waited=30.0)], BOTS)
    assert table.seats.count(1) == 1
    assert all(type(seat) is Bot for seat in table.seats if seat != 1)
    assert abs(table.win_chance - 0.5) < 0.02


def test_bots_match_the_strength_of_the_people():
    (strong,) = form_tables([person(1, 2000, waited=60.0, sigma=2.0)], BOTS)
    (weak,) = form_tables([person(2, 1000, waited=60.0, sigma=2.0)], BOTS)
    strong_levels = {seat.level for seat in strong.seats if type(seat) is Bot}
    weak_levels = {seat.level for seat in weak.seats if type(seat) is Bot}
    assert "random" not in strong_levels and "expert" in strong_levels
    assert "random" in weak_levels


def test_people_past_their_wait_share_a_bot_table():
    waiting = [person(1, 1500, waited=40.0), person(2, 1550, waited=35.0)]
    (table,) = form_tables(waiting, BOTS)
    assert sorted(seat for seat in table.seats if type(seat) is int) == [1, 2]
    assert sum(type(seat) is Bot for seat in table.seats) == 2


def test_a_person_still_within_their_wait_is_not_given_bots():
    waiting = [person(1, 1500, waited=40.0), person(2, 1500, waited=5.0, max_wait=60.0)]
    (table,) = form_tables(waiting, BOTS)
    assert 2 not in table.seats and 1 in table.seats
