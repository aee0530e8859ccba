"""The rating maths on its own: direction and size of changes, abandonment, inactivity."""

import random

import pytest

from ranked import ratings
from ranked.ratings import GameInput, SeatInput, Skill

DAY = 86400.0


def game(winner=0, *, at=0.0, players=(1, 2, 3, 4), away=(), bots=None):
    bots = bots or {}
    seats = tuple(
        SeatInput(player, bots.get(position, ""), position in away)
        for position, player in enumerate(players)
    )
    return GameInput(1, at, winner, seats)


def deltas(outcomes):
    return {o.player: ratings.display(o.mu_after) - ratings.display(o.mu_before) for o in outcomes}


def test_newcomers_start_at_1500_and_winners_gain_what_losers_lose():
    skills = {}
    outcomes = ratings.rate_game(game(winner=0), skills)
    assert {o.player: ratings.display(o.mu_before) for o in outcomes} == dict.fromkeys(
        (1, 2, 3, 4), 1500
    )
    change = deltas(outcomes)
    assert change[1] == change[3] == -change[2] == -change[4]
    assert 50 <= change[1] <= 150  # a first game moves a lot, but not absurdly
    assert {o.result for o in outcomes if o.player in (1, 3)} == {"win"}
    assert all(skills[p].sigma < ratings.SIGMA0 for p in (1, 2, 3, 4))


def test_settled_players_move_by_small_amounts_and_upsets_move_more():
    strong, weak = Skill(30.0, 2.0), Skill(20.0, 2.0)
    expected = deltas(ratings.rate_game(game(0), {1: strong, 3: strong, 2: weak, 4: weak}))
    upset = deltas(ratings.rate_game(game(1), {1: strong, 3: strong, 2: weak, 4: weak}))
    assert 0 < expected[1] < 10 and expected[2] < 0
    assert upset[2] > 20 and upset[1] < -20
    assert upset[2] > 3 * expected[1]


def test_an_abandoner_takes_the_loss_even_when_their_team_wins():
    skills = {p: Skill(25.0, 3.0) for p in (1, 2, 3, 4)}
    outcomes = {o.player: o for o in ratings.rate_game(game(0, away=(0,)), skills)}
    assert outcomes[1].result == "abandoned" and outcomes[1].mu_after < 25
    assert outcomes[3].result == "win" and outcomes[3].mu_after > 25  # partner kept the win
    assert outcomes[2].mu_after < 25 and outcomes[4].mu_after < 25


def test_the_partner_of_an_abandoner_does_not_drop_when_their_team_loses():
    skills = {p: Skill(25.0, 3.0, last_played=0.0) for p in (1, 2, 3, 4)}
    outcomes = {o.player: o for o in ratings.rate_game(game(1, away=(0,), at=10.0), skills)}
    assert outcomes[1].result == "abandoned" and outcomes[1].mu_after < 25
    assert outcomes[3].result == "excused"
    assert (outcomes[3].mu_after, outcomes[3].sigma_after) == (25.0, outcomes[3].sigma_before)
    assert outcomes[2].mu_after > 25 and outcomes[4].mu_after > 25
    assert skills[3].last_played == 10.0


def test_bots_are_never_abandoners():
    outcomes = ratings.rate_game(game(1, away=(0,), bots={0: "random"}, players=(9, 2, 3, 4)), {})
    assert {o.player: o.result for o in outcomes}[9] == "loss"


def test_a_bot_account_at_several_seats_gets_one_outcome():
    players = (1, 9, 9, 9)
    outcomes = ratings.rate_game(
        game(1, players=players, bots={1: "standard", 2: "standard", 3: "standard"}), {}
    )
    by_player = {o.player: o for o in outcomes}
    assert set(by_player) == {1, 9}
    assert by_player[9].seats == (1, 2, 3) and by_player[9].result == "split"
    assert by_player[9].mu_before == ratings.BOT_START["standard"][0]


def test_inactivity_widens_sigma_slowly_up_to_the_prior_and_not_for_bots():
    assert ratings.inflate(3.0, 14 * DAY) == pytest.approx(3.2, abs=0.02)
    assert ratings.inflate(3.0, 0) == 3.0
    assert not ratings.is_provisional(ratings.inflate(3.0, 150 * DAY))
    assert ratings.is_provisional(ratings.inflate(3.0, 200 * DAY))
    assert ratings.inflate(3.0, 10_000 * DAY) == ratings.SIGMA0
    skills = {1: Skill(25.0, 3.0, 0.0), 9: Skill(25.0, 3.0, 0.0)}
    players = (1, 9, 3, 4)
    outcomes = ratings.rate_game(game(0, at=365 * DAY, players=players, bots={1: "expert"}), skills)
    before = {o.player: o.sigma_before for o in outcomes}
    assert before[1] > 5 and before[9] == 3.0


def test_established_for_is_when_inactivity_makes_a_rating_provisional_again():
    seconds = ratings.established_for(3.0)
    assert not ratings.is_provisional(ratings.inflate(3.0, seconds - 60))
    assert ratings.is_provisional(ratings.inflate(3.0, seconds + 60))
    assert ratings.established_for(6.0) is None


def _simulated(count: int, seed: int) -> list[GameInput]:
    rng = random.Random(seed)
    strength = {player: rng.gauss(0, 1) for player in range(1, 41)}
    games, at = [], 0.0
    for number in range(count):
        players = rng.sample(sorted(strength), 4)
        edge = (
            strength[players[0]]
            + strength[players[2]]
            - strength[players[1]]
            - strength[players[3]]
        )
        winner = 0 if rng.random() < 1 / (1 + 2.718**-edge) else 1
        away = (rng.randrange(4),) if rng.random() < 0.05 else ()
        at += rng.expovariate(1 / 3600)
        seats = tuple(SeatInput(p, "", i in away) for i, p in enumerate(players))
        games.append(GameInput(number, at, winner, seats))
    return games


def test_rating_the_same_history_twice_gives_identical_floats():
    history = _simulated(300, seed=7)
    first, second = {}, {}
    changes_first = [o for _, outcomes in ratings.rate_games(history, first) for o in outcomes]
    changes_second = [o for _, outcomes in ratings.rate_games(history, second) for o in outcomes]
    assert first == second and changes_first == changes_second


def test_a_newcomer_stops_being_provisional_after_about_fifteen_games():
    rng = random.Random(3)
    regulars = {p: Skill(25 + rng.gauss(0, 4), 2.5) for p in range(2, 40)}
    settled_after = []
    for trial in range(10):
        skills = dict(regulars)
        newcomer = 100 + trial
        for played in range(1, 100):
            others = rng.sample(sorted(regulars), 3)
            ratings.rate_game(
                GameInput(
                    played, 0.0, rng.randrange(2), tuple(map(SeatInput, [newcomer, *others]))
                ),
                skills,
            )
            if not ratings.is_provisional(skills[newcomer].sigma):
                settled_after.append(played)
                break
    assert 8 <= sorted(settled_after)[len(settled_after) // 2] <= 25
