"""Factories and helpers for league and tournament tests."""

from contextlib import contextmanager
from datetime import timedelta
from importlib import import_module

import factory
from django.utils import timezone

from clubs.models import Club, Membership
from leagues import tasks
from leagues.models import Entrant, Fixture, Round, Season, Team, Tournament
from leagues.services import seasons, tournaments
from tests.clubs.factories import club_with
from tests.factories import UserFactory

# Quick games: a hand or two. Every game in these tests is played by bots to the end.
FAST_RULES = {"target_score": 100, "losing_score": -100}


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Open {n}")
    slug = factory.Sequence(lambda n: f"open-{n}")
    preset = "quick"
    options = FAST_RULES
    status = Tournament.Status.REGISTRATION


def partnership(tournament: Tournament, player, partner) -> Entrant:
    """`player` registers with `partner`, who accepts."""
    entrant = tournaments.tournament_register(tournament=tournament, user=player, partner=partner)
    return tournaments.tournament_answer(
        tournament=tournament, user=partner, entrant_id=entrant.pk, accept=True
    )


# Models that moved to another app after the migration named them (their content type,
# and so their permissions, moved with them: clubs.migrations.0002).
MOVED = {("leagues", "club"): "clubs"}


def tournament_with(partnerships: int, **fields) -> Tournament:
    """A tournament (TournamentFactory's, with `fields`) that `partnerships` pairs of new
    people entered together."""
    tournament = TournamentFactory(**fields)
    for _ in range(partnerships):
        a, b = UserFactory.create_batch(2)
        partnership(tournament, a, b)
    return tournament


def first_round_started(tournament: Tournament, boss) -> Round:
    """Registration closed by the director `boss`, and the first round paired and started."""
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    round_ = tournaments.round_generate(tournament=tournament, director=boss)
    tournaments.round_start(round_id=round_.pk, director=boss)
    return round_


def directors_group(migration: str = "leagues.migrations.0002_tournament_directors"):
    """The directors' group that a migration makes (by default the tournament directors';
    "duplicate.migrations.0003_session_directors" the session directors'). A transactional
    test's flush empties every table, that group's too: made again as the migration did."""
    from django.contrib.auth.models import Group, Permission

    migration = import_module(migration)
    group, made = Group.objects.get_or_create(name=migration.GROUP)
    for app_label, model, actions in migration.PERMISSIONS if made else ():
        app_label = MOVED.get((app_label, model), app_label)
        codenames = [f"{action}_{model}" for action in actions]
        group.permissions.add(
            *Permission.objects.filter(content_type__app_label=app_label, codename__in=codenames)
        )
    return group


def director(**kwargs):
    """A staff user in the "Tournament directors" group."""
    user = UserFactory(is_staff=True, **kwargs)
    user.groups.add(directors_group())
    return user


def season_with_teams(club: Club, admin, teams: int, **options) -> Season:
    season = seasons.season_create(
        club=club,
        admin=admin,
        name=options.pop("name", "Spring"),
        start_date=timezone.localdate(),
        preset="quick",
        options=options.pop("rules", FAST_RULES),
        **options,
    )
    for _ in range(teams):
        a, b = UserFactory.create_batch(2)
        Membership.objects.bulk_create(
            [Membership(club=club, user=a), Membership(club=club, user=b)]
        )
        seasons.team_add(season=season, admin=admin, player_a=a, player_b=b)
    return season


def started_season(teams: int = 2, **options) -> tuple:
    """A new club's owner and a season of `teams` teams there (season_with_teams'
    `options`), started."""
    admin = UserFactory()
    club, _ = club_with(owner=admin)
    season = season_with_teams(club, admin, teams, **options)
    seasons.season_start(season=season, admin=admin)
    return admin, season


def running_fixture(teams: int = 2) -> Fixture:
    """A started season's first fixture between two teams, whose four players all said
    they are here: its game is being played."""
    _, season = started_season(teams)
    fixture = season.fixtures.exclude(away=None).first()
    for player in fixture.players():
        seasons.fixture_present(fixture_id=fixture.pk, user=player)
    fixture.refresh_from_db()
    return fixture


@contextmanager
def results_land_by_themselves(capture, monkeypatch):
    """Runs on-commit callbacks as a real commit would (so games.signals.game_finished is
    sent) and runs the queued leagues task at once instead of through the broker."""
    monkeypatch.setattr(
        tasks.record_game, "delay", lambda game_id: tasks.record_game.apply(args=(game_id,))
    )
    with capture(execute=True):
        yield


def past(days: float = 1) -> timezone.datetime:
    return timezone.now() - timedelta(days=days)


def team_players(team: Team) -> list:
    return [team.player_a, team.player_b]
