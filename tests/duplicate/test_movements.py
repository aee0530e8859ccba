"""The movements of club sessions: every pair plays every board set exactly once, no pair
plays a board twice, and the tables of a round never share a pair."""

from collections import Counter

import pytest

from duplicate.movements import board_numbers, mitchell, team_match


def played_sets(rounds, side: str) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for tables in rounds:
        for table in tables:
            out.setdefault(getattr(table, side), []).append(table.board_set)
    return out


@pytest.mark.parametrize("tables", range(3, 16))
def test_mitchell_every_pair_plays_every_board_set_exactly_once(tables):
    rounds = mitchell(tables)
    assert len(rounds) == tables
    for side in ("ns", "ew"):
        sets = played_sets(rounds, side)
        assert sorted(sets) == list(range(1, tables + 1))
        for pair_sets in sets.values():
            assert sorted(pair_sets) == list(range(1, tables + 1))


@pytest.mark.parametrize("tables", range(3, 16))
def test_mitchell_rounds_seat_each_pair_once_and_spread_the_boards(tables):
    for round_tables in mitchell(tables):
        assert [t.table for t in round_tables] == list(range(1, tables + 1))
        assert [t.ns for t in round_tables] == list(range(1, tables + 1))  # NS stay
        assert sorted(t.ew for t in round_tables) == list(range(1, tables + 1))
        assert sorted(t.board_set for t in round_tables) == list(range(1, tables + 1))


@pytest.mark.parametrize("tables", [3, 5, 7, 9])
def test_an_odd_mitchell_meets_every_opponent_once(tables):
    meetings = Counter((t.ns, t.ew) for tables_ in mitchell(tables) for t in tables_)
    assert len(meetings) == tables * tables and set(meetings.values()) == {1}


def test_boards_move_down_and_east_west_move_up():
    first, second = mitchell(5)[:2]
    assert [(t.ew, t.board_set) for t in first] == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]
    # EW pair 1 goes from table 1 to table 2; board set 2 from table 2 to table 1.
    assert [(t.ew, t.board_set) for t in second] == [(5, 2), (1, 3), (2, 4), (3, 5), (4, 1)]


def test_an_even_mitchell_skips_a_table_halfway():
    rounds = mitchell(4)
    tables_of_ew1 = [next(t.table for t in tables if t.ew == 1) for tables in rounds]
    assert tables_of_ew1 == [1, 2, 4, 1]  # up one, then skipping table 3, then on


def test_with_two_boards_a_round_no_pair_plays_a_board_twice():
    for tables in (4, 5):
        for side in ("ns", "ew"):
            for pair_sets in played_sets(mitchell(tables), side).values():
                boards = [b for s in pair_sets for b in board_numbers(s, 2)]
                assert sorted(boards) == list(range(1, 2 * tables + 1))


def test_a_mitchell_needs_three_tables():
    with pytest.raises(ValueError):
        mitchell(2)


def test_a_team_match_plays_the_same_boards_at_both_tables_with_the_teams_crossed():
    rounds = team_match(3)
    for number, (one, two) in enumerate(rounds, start=1):
        assert one.board_set == two.board_set == number
        assert (one.ns, one.ew, two.ns, two.ew) == (1, 2, 2, 1)
    assert board_numbers(2, 4) == [5, 6, 7, 8]
