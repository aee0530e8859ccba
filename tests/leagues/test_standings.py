"""The pure standings: tallies and the tie-break orders of seasons and tournaments."""

from leagues.standings import Match, league_table, tournament_table


def test_a_league_table_ranks_by_points_then_head_to_head_then_difference():
    # x and y both have 4 points; x has the better difference, but y beat x.
    matches = [
        Match("x", "y", "y", (200, 210), (0, 2)),
        Match("x", "w", "x", (500, 100), (2, 0)),
        Match("x", "z", "x", (500, 100), (2, 0)),
        Match("y", "w", "y", (210, 200), (2, 0)),
        Match("z", "y", "z", (300, 200), (2, 0)),
    ]
    rows = league_table("wxyz", matches, name=str)
    assert [(row.side, row.points, row.head_to_head) for row in rows] == [
        ("y", 4, 2),
        ("x", 4, 0),
        ("z", 2, 0),
        ("w", 0, 0),
    ]
    assert [row.position for row in rows] == [1, 2, 3, 4]


def test_an_even_head_to_head_falls_to_the_difference_and_a_forfeit_gives_nothing():
    # a, b and c each win once, each against another of the three: the difference decides.
    matches = [
        Match("a", "b", "a", (300, 290), (2, 0)),
        Match("b", "c", "b", (500, 100), (2, 0)),
        Match("c", "a", "c", (310, 300), (2, 0)),
        Match("d", "a", None),  # a forfeit both lose: no points of either kind
    ]
    rows = league_table("abcd", matches, name=str)
    assert [(row.side, row.difference) for row in rows] == [
        ("b", 390),
        ("a", 0),
        ("c", -390),
        ("d", 0),
    ]
    a = rows[1]
    assert (a.played, a.won, a.lost, a.points, a.points_for) == (3, 1, 2, 2, 600)


def test_a_tournament_table_counts_byes_as_wins_and_breaks_swiss_ties_by_buchholz():
    matches = [
        Match(1, 2, 1, (300, 200)),
        Match(3, 4, 3, (250, 240)),
        Match(5, None, 5),  # a bye
        Match(1, 3, 1, (200, 100)),
        Match(2, 5, 2, (300, 100)),
        Match(4, 5, 4, (300, 290)),
    ]
    seed = lambda side: (side,)  # noqa: E731
    swiss = tournament_table(range(1, 6), matches, swiss=True, seed=seed)
    assert [(row.side, row.score, row.buchholz) for row in swiss] == [
        (1, 2, 2),
        (2, 1, 3),
        (3, 1, 3),
        (4, 1, 2),
        (5, 1, 2),
    ]
    plain = tournament_table(range(1, 6), matches, swiss=False, seed=seed)
    assert [row.side for row in plain] == [1, 2, 4, 3, 5]  # difference, then seed
