"""The partners' statistics (moderation.collusion) on synthetic histories, with a fixed
seed: results drawn from the predicted probability, except for a planted colluding pair
that wins well above it."""

import random

from moderation.collusion import (
    MAX_Z,
    MIN_GAMES,
    PartnerGame,
    flagged_pairs,
    pair_records,
    win_probability,
)

COLLUDERS = (1000, 1001)


def players(rng: random.Random, pairs: int) -> dict[tuple[int, int], tuple]:
    """`pairs` honest pairs of people of assorted, fairly settled skill."""
    return {
        (2 * n, 2 * n + 1): tuple((rng.uniform(18, 32), rng.uniform(2, 4)) for _ in range(2))
        for n in range(pairs)
    }


def history(rng: random.Random, teams: dict, games: int, *, boost: dict) -> list[PartnerGame]:
    """`games` games between two pairs: a pair in `boost` plays one game in five and wins
    with its predicted probability raised by that much (collusion); the others, drawn at
    random, win as predicted."""
    played = []
    honest = sorted(set(teams) - set(boost))
    for _ in range(games):
        one, other = rng.sample(honest, 2)
        if boost and rng.random() < 0.2:
            one = rng.choice(sorted(boost))
        p = win_probability(teams[one], teams[other])
        p = min(0.97, max(0.03, p + boost.get(one, 0) - boost.get(other, 0)))
        one_won = rng.random() < p
        played.append(PartnerGame(one, teams[one], teams[other], one_won))
        played.append(PartnerGame(other, teams[other], teams[one], not one_won))
    return played


def test_the_prediction_is_openskills_and_favours_the_stronger_side():
    even = win_probability([(25, 3), (25, 3)], [(25, 3), (25, 3)])
    assert abs(even - 0.5) < 1e-9
    assert win_probability([(30, 3), (30, 3)], [(22, 3), (22, 3)]) > 0.7


def test_expected_wins_variance_and_z_follow_the_formula():
    games = [PartnerGame((1, 2), ((25, 3), (25, 3)), ((25, 3), (25, 3)), True)] * 4
    (record,) = pair_records(games)
    assert (record.games, record.wins) == (4, 4)
    assert abs(record.expected - 2) < 1e-9 and abs(record.variance - 1) < 1e-9
    assert abs(record.z - 2) < 1e-9  # (4 - 2) / sqrt(1)
    assert not record.flagged  # 4 games are too few to say anything


def test_a_planted_colluding_pair_among_500_games_is_flagged_and_no_honest_pair_is():
    rng = random.Random(41)
    teams = players(rng, 50)
    teams[COLLUDERS] = ((24.0, 3.0), (25.0, 3.0))
    games = history(rng, teams, 500, boost={COLLUDERS: 0.35})
    records = {record.pair: record for record in pair_records(games)}
    assert records[COLLUDERS].games >= MIN_GAMES
    assert [record.pair for record in flagged_pairs(games)] == [COLLUDERS]
    assert records[COLLUDERS].z > MAX_Z


def test_none_of_50_honest_pairs_is_flagged_when_each_played_plenty():
    rng = random.Random(7)
    teams = players(rng, 50)
    games = history(rng, teams, 2500, boost={})
    records = pair_records(games)
    assert len(records) == 50 and min(record.games for record in records) >= MIN_GAMES
    assert flagged_pairs(games) == []
    # The test could fail: the honest pairs' z spread as a standard normal does.
    assert max(record.z for record in records) > 1
