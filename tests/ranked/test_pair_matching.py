"""The pure matchmaking of pairs (two friends queued together) and of blocked people."""

import random

from ranked import ratings
from ranked.matching import Bot, Waiting, _Entry, form_tables, split

BOTS = dict(ratings.BOT_START)


def person(user_id, display, *, waited=0.0, max_wait=30.0, sigma=2.0, partner=None):
    mu = ratings.MU0 + (display - ratings.DISPLAY_BASE) / ratings.DISPLAY_SCALE
    return Waiting(user_id, mu, sigma, waited, max_wait, partner)


def pair(first, second, displays, **options):
    return [
        person(first, displays[0], partner=second, **options),
        person(second, displays[1], partner=first, **options),
    ]


def partners_of(table):
    return {frozenset(table.seats[0::2]), frozenset(table.seats[1::2])}


def test_two_pairs_play_each_other_as_they_queued():
    # Left to itself the split would pair strong with weak; a pair stays together.
    # Pairs of means 1600 and 1450 are 3 mu apart: within half the windows after 20 s.
    waiting = pair(1, 2, (1600, 1600)) + pair(3, 4, (1450, 1450), waited=40.0, max_wait=60.0)
    assert form_tables(waiting, BOTS) == []
    waiting = pair(1, 2, (1600, 1600), waited=20) + pair(3, 4, (1450, 1450), waited=20)
    (table,) = form_tables(waiting, BOTS)
    assert partners_of(table) == {frozenset({1, 2}), frozenset({3, 4})}
    assert table.win_chance > 0.5 and {table.seats[0], table.seats[2]} == {1, 2}


def test_a_pair_meets_two_singles_seated_as_partners_for_the_most_even_game():
    # A strong-and-weak pair (mean 1500) and six singles; the fairest opponents are the two
    # whose team is closest in strength, and they are seated together.
    waiting = [
        *pair(1, 2, (1700, 1300)),
        person(10, 1480),
        person(11, 1530),
        person(12, 1560),
        person(13, 1440),
        person(14, 1500),
        person(15, 1620),
    ]
    tables = form_tables(waiting, BOTS)
    first = tables[0]
    assert frozenset({1, 2}) in partners_of(first)
    opponents = next(team for team in partners_of(first) if team != frozenset({1, 2}))
    assert opponents <= {10, 11, 12, 13, 14, 15}
    assert abs(first.win_chance - 0.5) < 0.03
    # No other choice of two singles would have been closer to even.
    mine = [(w.mu, w.sigma) for w in waiting[:2]]
    singles = {w.user_id: (w.mu, w.sigma) for w in waiting[2:]}
    best = min(
        abs(ratings.win_chance(mine, [singles[a], singles[b]]) - 0.5)
        for a in singles
        for b in singles
        if a < b
    )
    assert abs(abs(first.win_chance - 0.5) - best) < 1e-12


def test_pairs_are_always_partners_and_nobody_is_seated_twice():
    rng = random.Random(3)
    waiting, next_id = [], 1
    for _ in range(12):
        displays = (rng.gauss(1500, 150), rng.gauss(1500, 150))
        waited = rng.uniform(0, 90)
        waiting += pair(next_id, next_id + 1, displays, waited=waited)
        next_id += 2
    waiting += [person(i, rng.gauss(1500, 150), waited=rng.uniform(0, 90)) for i in range(100, 130)]
    tables = form_tables(waiting, BOTS)
    seated = [seat for table in tables for seat in table.seats if type(seat) is int]
    assert len(seated) == len(set(seated))
    partner = {w.user_id: w.partner for w in waiting if w.partner}
    for table in tables:
        for team in partners_of(table):
            for member in team:
                if type(member) is int and member in partner:
                    assert partner[member] in team
    expired = {w.user_id for w in waiting if w.waited >= w.max_wait}
    assert expired <= set(seated)


def test_the_win_chance_of_pair_tables_stays_near_even():
    rng = random.Random(8)
    chances = []
    for _ in range(30):
        waiting = pair(1, 2, (rng.gauss(1500, 200), rng.gauss(1500, 200)), waited=10)
        waiting += pair(3, 4, (rng.gauss(1500, 200), rng.gauss(1500, 200)), waited=10)
        waiting += [person(i, rng.gauss(1500, 200), waited=10) for i in range(10, 22)]
        for table in form_tables(waiting, BOTS):
            chances.append(table.win_chance)
    assert chances
    assert max(abs(chance - 0.5) for chance in chances) < 0.2
    assert sum(abs(chance - 0.5) for chance in chances) / len(chances) < 0.06


def test_a_pair_gets_bots_only_after_its_wait():
    waiting = pair(1, 2, (1600, 1500), waited=29.0)
    assert form_tables(waiting, BOTS) == []
    (table,) = form_tables(pair(1, 2, (1600, 1500), waited=30.0), BOTS)
    assert {table.seats[0], table.seats[2]} == {1, 2}
    assert all(type(seat) is Bot for seat in table.seats[1::2])
    assert abs(table.win_chance - 0.5) < 0.1


def test_a_waiting_pair_with_a_single_who_waited_too_gets_one_bot():
    waiting = [*pair(1, 2, (1500, 1500), waited=40.0), person(3, 1480, waited=40.0)]
    (table,) = form_tables(waiting, BOTS)
    assert {table.seats[0], table.seats[2]} == {1, 2}
    assert 3 in table.seats[1::2]
    assert sum(type(seat) is Bot for seat in table.seats) == 1


def test_half_a_pair_is_not_seated_alone():
    lonely = person(1, 1500, waited=100.0, partner=2)
    assert form_tables([lonely], BOTS) == []


def test_blocked_people_are_never_partners():
    # Four singles whose fairest split would partner 1 with 3 (strong with weak).
    strong, weak = (30.0, 2.0), (20.0, 2.0)
    entries = [_Entry(1, *strong), _Entry(2, *strong), _Entry(3, *weak), _Entry(4, *weak)]
    assert partners_of(split(entries)) == {frozenset({1, 3}), frozenset({2, 4})}
    blocked = {frozenset({1, 3})}
    table = split(entries, blocked=blocked)
    assert partners_of(table) == {frozenset({1, 4}), frozenset({2, 3})}
    # Blocks that leave no split at all: 1 blocks 2, 3 and 4.
    every = {frozenset({1, other}) for other in (2, 3, 4)}
    assert split(entries, blocked=every) is None


def test_the_matcher_avoids_blocked_partners_for_singles_and_with_bots():
    rng = random.Random(21)
    for _ in range(40):
        waiting = [person(i, rng.gauss(1500, 100), waited=rng.uniform(0, 60)) for i in range(12)]
        blocked = {frozenset(rng.sample(range(12), 2)) for _ in range(10)}
        for table in form_tables(waiting, BOTS, blocked=blocked):
            for team in partners_of(table):
                assert team not in blocked


def test_someone_blocked_by_everyone_around_waits_rather_than_sits_with_them():
    # 1 blocks 2 and 3; with one bot, two of the three people would have to be partners
    # unless 2 and 3 are: they are.
    waiting = [person(p, 1500, waited=40.0) for p in (1, 2, 3)]
    (table,) = form_tables(waiting, BOTS, blocked={frozenset({1, 2}), frozenset({1, 3})})
    assert frozenset({2, 3}) in partners_of(table)
    # If 2 and 3 block each other too, the three cannot share a table: pairs of them do.
    every = {frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 3})}
    tables = form_tables(waiting, BOTS, blocked=every)
    for table in tables:
        people = [seat for seat in table.seats if type(seat) is int]
        assert len(people) <= 2
        for team in partners_of(table):
            assert team not in every
    assert sorted(seat for t in tables for seat in t.seats if type(seat) is int) == [1, 2, 3]
