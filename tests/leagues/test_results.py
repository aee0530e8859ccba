"""Results reach standings by themselves, exactly once: signal, task, sweep, real worker."""

import pytest
from django.utils import timezone

from config.processes import wait_until
from games.models import Game, Seat
from games.services import tables
from leagues import selectors, tasks
from leagues.models import Fixture, Pairing
from leagues.services import results, tournaments
from tests.games.finished import play_out
from tests.leagues.factories import (
    director,
    first_round_started,
    past,
    results_land_by_themselves,
    running_fixture,
    tournament_with,
)


@pytest.mark.django_db
def test_the_end_of_a_game_lands_in_the_standings_through_the_signal(
    fast_games, monkeypatch, django_capture_on_commit_callbacks
):
    fixture = running_fixture()
    with results_land_by_themselves(django_capture_on_commit_callbacks, monkeypatch):
        game = play_out(fixture.game)
    fixture.refresh_from_db()
    assert fixture.status == "played"
    assert fixture.winner_id == (fixture.home_id if game.winner == 0 else fixture.away_id)
    rows = {row.team.pk: row for row in selectors.season_standings(fixture.season)}
    assert rows[fixture.winner_id].won == 1 and rows[fixture.winner_id].points == 2


@pytest.mark.django_db
def test_recording_twice_changes_nothing(fast_games):
    fixture = running_fixture()
    play_out(fixture.game)  # no commit callbacks: the signal is "lost"
    fixture.refresh_from_db()
    assert fixture.status == "playing"
    assert results.record_game(game_id=fixture.game_id) is True
    before = [(r.team.pk, r.played, r.points) for r in selectors.season_standings(fixture.season)]
    assert results.record_game(game_id=fixture.game_id) is False
    assert tasks.record_game.apply(args=(fixture.game_id,)).get() is False
    after = [(r.team.pk, r.played, r.points) for r in selectors.season_standings(fixture.season)]
    assert before == after


@pytest.mark.django_db
def test_the_sweep_records_games_whose_signal_was_lost(fast_games):
    fixture = running_fixture()
    boss = director()
    tournament = tournament_with(2)
    round_ = first_round_started(tournament, boss)
    pairing = round_.pairings.get()
    play_out(fixture.game)
    play_out(pairing.game)
    assert tasks.sweep.apply().get() == {"recorded": 2, "overdue": 0}
    assert results.sweep() == {"recorded": 0, "overdue": 0}
    fixture.refresh_from_db()
    pairing.refresh_from_db()
    round_.refresh_from_db()
    assert fixture.status == "played" and pairing.status == "finished"
    fixture.season.refresh_from_db()
    assert round_.status == "finished" and fixture.season.status == "finished"


@pytest.mark.django_db
def test_a_forfeit_overrules_a_game_still_in_play(fast_games):
    boss = director()
    tournament = tournament_with(2)
    round_ = first_round_started(tournament, boss)
    pairing = round_.pairings.get()
    tournaments.pairing_forfeit(pairing_id=pairing.pk, director=boss, winner=pairing.entrant_a)
    play_out(pairing.game)
    assert results.record_game(game_id=pairing.game_id) is False
    pairing.refresh_from_db()
    assert pairing.status == "forfeit" and pairing.winner == pairing.entrant_a


@pytest.mark.django_db
def test_a_broker_failure_never_breaks_the_game_that_finished(monkeypatch):
    fixture = running_fixture()

    def broken(game_id):
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.record_game, "delay", broken)
    tasks.on_game_finished(sender=Game, game_id=fixture.game_id)  # logs, does not raise


@pytest.mark.django_db
def test_games_of_neither_leagues_nor_tournaments_are_not_queued(monkeypatch):
    queued = []
    monkeypatch.setattr(tasks.record_game, "delay", queued.append)
    casual = tables.game_create_seated(players=["random"] * 4, preset="quick")
    tasks.on_game_finished(sender=Game, game_id=casual.pk)
    assert queued == [] and results.record_game(game_id=casual.pk) is False


@pytest.mark.django_db
def test_an_overdue_fixture_is_still_recorded_if_its_game_had_started(fast_games):
    fixture = running_fixture()
    Fixture.objects.filter(pk=fixture.pk).update(deadline=past())
    play_out(fixture.game)
    assert results.record_game(game_id=fixture.game_id) is True


@pytest.mark.django_db
def test_the_side_that_won_is_the_team_its_players_sat_in_whatever_the_seats(fast_games):
    """A result follows the people, not seat numbers: with the home team at seats 1 and 3
    (instead of 0 and 2), the win and the scores of team 0 are the away team's."""
    fixture = running_fixture()
    game = fixture.game
    users = dict(Seat.objects.filter(game=game).values_list("position", "user_id"))
    Seat.objects.filter(game=game).update(user=None)  # one seat per person, even meanwhile
    for position in range(4):
        Seat.objects.filter(game=game, position=position).update(user_id=users[(position + 1) % 4])
    state = {**game.state, "scores": [300, 120], "turn": None, "phase": "finished", "winner": 0}
    Game.objects.filter(pk=game.pk).update(
        status="finished", winner=0, state=state, finished_at=timezone.now()
    )
    assert results.record_game(game_id=game.pk) is True
    fixture.refresh_from_db()
    assert fixture.winner == fixture.away
    assert (fixture.home_score, fixture.away_score) == (120, 300)


def test_a_real_worker_plays_the_game_and_records_the_result(celery_worker):
    """The whole path in real processes: the players walk away, the worker's bots play to
    the end, the game_finished signal in the worker queues leagues.record_game, which
    the worker runs."""
    fixture = running_fixture()
    for player in fixture.players():
        tables.table_leave(game_id=fixture.game_id, user=player)
    wait_until(
        lambda: Fixture.objects.get(pk=fixture.pk).status == "played", 90,
        "the result never landed", every=0.2,
    )  # fmt: skip
    fixture.refresh_from_db()
    game = Game.objects.get(pk=fixture.game_id)
    assert game.status == "finished"
    assert [fixture.home_score, fixture.away_score] == game.state["scores"]
    assert Pairing.objects.count() == 0
