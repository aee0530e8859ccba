"""Dates and scores at the edges: a clear refusal or a stored result, never a 500."""

from datetime import date, timedelta

import pytest
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone

from core.errors import Invalid
from games.engine import MAX_HAND_POINTS
from games.models import Game
from leagues.models import Fixture, FixtureDecision, Pairing, Season
from leagues.services import results, seasons, tournaments
from tests.clubs.factories import club_with
from tests.factories import UserFactory
from tests.leagues.factories import (
    TournamentFactory,
    director,
    first_round_started,
    past,
    running_fixture,
    season_with_teams,
    started_season,
)

pytestmark = pytest.mark.django_db

RANGES = BaseDatabaseOperations.integer_field_ranges  # PostgreSQL's; SQLite has none
FAR = [date(9999, 12, 30), date(9999, 12, 31), date.today() + timedelta(days=367)]


def season_form(start: str, **extra) -> dict:
    return {"name": "Far", "preset": "classic", "turn_seconds": 30, "start_date": start,
            "round_days": 7, "points_win": 2, "points_loss": 0, **extra}  # fmt: skip


@pytest.mark.parametrize("start", FAR)
def test_a_season_cannot_start_beyond_a_year_from_today(client, start):
    admin = UserFactory()
    club, _ = club_with(owner=admin)
    with pytest.raises(Invalid, match="within a year from today"):
        seasons.season_create(club=club, admin=admin, name="Far", start_date=start)
    client.force_login(admin)
    response = client.post(f"/clubs/{club.slug}/seasons/new", season_form(start.isoformat()))
    assert response.status_code == 400
    assert "The start date must be within a year from today" in response.content.decode()
    assert not Season.objects.exists()


@pytest.mark.parametrize("start", ["10000-01-01", "9999-13-01", "0000-01-01", "-1-01-01", "x"])
def test_dates_that_are_no_dates_are_form_errors(client, start):
    admin = UserFactory()
    club, _ = club_with(owner=admin)
    client.force_login(admin)
    response = client.post(f"/clubs/{club.slug}/seasons/new", season_form(start))
    assert response.status_code == 400 and not Season.objects.exists()


def test_a_year_ahead_is_allowed():
    admin = UserFactory()
    club, _ = club_with(owner=admin)
    start = timezone.localdate() + timedelta(days=366)
    assert seasons.season_create(club=club, admin=admin, name="Next", start_date=start)


@pytest.mark.parametrize(
    ("start", "round_days"), [(date(9999, 12, 30), 7), (date(9999, 1, 1), 32767)]
)
def test_starting_a_season_stored_with_overflowing_deadlines_is_refused(client, start, round_days):
    """Seasons stored before the bounds existed: starting one says why not, changes nothing."""
    admin = UserFactory()
    club, _ = club_with(owner=admin)
    season = season_with_teams(club, admin, 3)
    Season.objects.filter(pk=season.pk).update(start_date=start, round_days=round_days)
    with pytest.raises(Invalid, match="after the year 9999"):
        seasons.season_start(season=season, admin=admin)
    client.force_login(admin)
    response = client.post(f"/seasons/{season.pk}/start", follow=True)
    assert response.status_code == 200 and "after the year 9999" in response.content.decode()
    season.refresh_from_db()
    assert season.status == "draft" and not season.fixtures.exists()


def test_a_deadline_cannot_be_extended_beyond_a_year(client):
    admin, season = started_season()
    fixture = season.fixtures.get()
    Fixture.objects.filter(pk=fixture.pk).update(deadline=past())
    with pytest.raises(Invalid, match="within a year from now"):
        seasons.fixture_extend(
            fixture_id=fixture.pk, admin=admin, deadline=timezone.now() + timedelta(days=367)
        )
    client.force_login(admin)
    for deadline in ("9999-12-31T23:59", "10000-01-01T00:00", "0001-01-01T00:00"):
        response = client.post(f"/fixtures/{fixture.pk}/extend", {"deadline": deadline})
        assert response.status_code == 302, deadline
    assert not FixtureDecision.objects.exists()


def test_seasons_are_not_added_in_the_django_admin(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    assert client.get("/admin/leagues/season/add/").status_code == 403


def test_the_most_extreme_reachable_scores_fit_the_result_columns():
    low, high = RANGES["IntegerField"]
    assert -RANGES["PositiveSmallIntegerField"][1] * MAX_HAND_POINTS > low
    assert RANGES["PositiveSmallIntegerField"][1] * MAX_HAND_POINTS < high
    for model, fields in (
        (Fixture, ("home_score", "away_score")),
        (Pairing, ("score_a", "score_b")),
    ):
        for name in fields:
            assert model._meta.get_field(name).get_internal_type() == "IntegerField"


def finish(game: Game, scores: list[int], winner: int) -> None:
    state = {**game.state, "scores": scores, "turn": None, "phase": "finished", "winner": winner}
    Game.objects.filter(pk=game.pk).update(
        status="finished", winner=winner, state=state, finished_at=timezone.now()
    )


EXTREME = (
    RANGES["PositiveSmallIntegerField"][1] * MAX_HAND_POINTS
)  # hands times the most a hand moves


def test_a_league_fixture_with_the_most_extreme_reachable_scores_is_recorded(fast_games):
    fixture = running_fixture()
    finish(fixture.game, [-EXTREME, EXTREME - 1], winner=1)
    assert results.record_game(game_id=fixture.game_id) is True
    fixture.refresh_from_db()
    assert (fixture.home_score, fixture.away_score) == (-EXTREME, EXTREME - 1)
    assert fixture.status == "played" and fixture.winner == fixture.away


def test_a_tournament_pairing_with_the_most_extreme_reachable_scores_is_recorded(fast_games):
    boss = director()
    tournament = TournamentFactory()
    for player in UserFactory.create_batch(4):  # alone: paired into two partnerships
        tournaments.tournament_register(tournament=tournament, user=player)
    round_ = first_round_started(tournament, boss)
    pairing = round_.pairings.get()
    finish(pairing.game, [EXTREME, -EXTREME], winner=0)
    assert results.record_game(game_id=pairing.game_id) is True
    pairing.refresh_from_db()
    assert (pairing.score_a, pairing.score_b) == (EXTREME, -EXTREME)
