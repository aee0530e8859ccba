"""An arena's points as Lichess counts them: 2 a win, and double after two wins in a row
until a loss; the standings by points, then fewer games, then who joined first."""

from events.scoring import Score, after, scores, standings


def test_a_win_earns_two_and_a_loss_nothing():
    assert after(Score(), True) == Score(points=2, games=1, wins=1, streak=1)
    assert after(Score(), False) == Score(points=0, games=1, wins=0, streak=0)


def test_after_two_wins_in_a_row_each_win_counts_double_until_a_loss():
    score, earned = Score(), []
    for won in (True, True, True, True, False, True, True, True):
        before = score.points
        score = after(score, won)
        earned.append(score.points - before)
    assert earned == [2, 2, 4, 4, 0, 2, 2, 4]
    assert score.on_fire and score.streak == 3


def test_scores_follow_the_order_the_games_finished():
    found = scores([(1, True), (2, False), (1, True), (1, True), (2, True)])
    assert found[1] == Score(points=8, games=3, wins=3, streak=3)
    assert found[2] == Score(points=2, games=2, wins=1, streak=1)


def test_standings_by_points_then_fewer_games_then_who_joined_first():
    table = {
        1: Score(points=6, games=4),
        2: Score(points=6, games=3),
        3: Score(points=8, games=5),
        4: Score(points=0, games=0),
        5: Score(points=0, games=0),
    }
    assert standings(table, order=[5, 4, 3, 2, 1]) == [3, 2, 1, 5, 4]
