"""Matchpoints (duplicate.matchpoints): pure, no database."""

import pytest

from duplicate.matchpoints import (
    ALONE,
    Line,
    board_percentages,
    complete,
    percentages,
    standings,
)


def test_two_points_for_each_result_beaten_one_for_each_tie_of_the_top():
    # Four results: top is 2 * 3 = 6 matchpoints.
    assert board_percentages([100, 50, 50, -20]) == [100.0, 50.0, 50.0, 0.0]
    assert board_percentages([10, 30, 20]) == [0.0, 100.0, 50.0]


def test_all_equal_results_are_all_average():
    assert board_percentages([42] * 5) == [50.0] * 5


def test_a_result_alone_on_its_board_is_average():
    assert board_percentages([-300]) == [ALONE] == [50.0]


def test_percentages_of_a_board_sum_to_half_the_field():
    results = [3, -7, 3, 12, 0, 0, 0, 41, -7]
    assert sum(board_percentages(results)) == pytest.approx(50.0 * len(results))


def test_standings_average_over_the_boards_played_and_share_ranks():
    boards = {
        "b1": {"ann": 50, "bob": 10, "cy": 10},  # ann 100, bob 25, cy 25
        "b2": {"ann": -10, "bob": 20},  # ann 0, bob 100 (cy did not play it)
    }
    lines = standings(boards, ["ann", "bob", "cy", "dee"])
    assert lines == [
        Line("bob", 1, 62.5, 2),
        Line("ann", 2, 50.0, 2),
        Line("cy", 3, 25.0, 1),
        Line("dee", 4, None, 0),
    ]
    assert percentages(boards)["b2"] == {"ann": 0.0, "bob": 100.0}


def test_equal_averages_share_a_rank_and_the_next_rank_skips():
    boards = {"b1": {"a": 5, "b": 5, "c": 0}}
    assert [(line.key, line.rank) for line in standings(boards)] == [("a", 1), ("b", 1), ("c", 3)]


def test_one_entry_ranks_first_with_the_average():
    assert standings({"b1": {"solo": -120}}) == [Line("solo", 1, 50.0, 1)]


def test_an_event_without_results_lists_only_the_entries_given():
    assert standings({}, ["x"]) == [Line("x", 1, None, 0)]
    assert standings({}) == []


def test_a_directors_average_counts_fifty_percent_and_is_compared_with_nobody():
    lines = standings({1: {"a": 50, "b": 10}, 2: {"a": 30}}, ["a", "b", "c"], averaged={"b": 1})
    by_key = {line.key: line for line in lines}
    assert by_key["a"].score == (100.0 + 50.0) / 2 and by_key["a"].boards == 2
    assert by_key["b"].score == (0.0 + 50.0) / 2 and by_key["b"].boards == 2
    assert by_key["c"].score is None


def test_only_lines_of_every_board_are_ranked_the_others_below_most_boards_first():
    lines = [Line("one", 1, 90.0, 1), Line("ann", 2, 60.0, 8), Line("bob", 3, 60.0, 8)]
    lines += [Line("six", 4, 40.0, 6), Line("cy", 5, 10.0, 8), Line("none", 6, None, 0)]
    ranked, others = complete(lines, 8)
    assert ranked == [Line("ann", 1, 60.0, 8), Line("bob", 1, 60.0, 8), Line("cy", 3, 10.0, 8)]
    six, one, none = (
        Line("six", None, 40.0, 6),
        Line("one", None, 90.0, 1),
        Line("none", None, None, 0),
    )
    assert others == [six, one, none]
