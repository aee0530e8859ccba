"""Writes of league seasons: creating one and its teams, the round-robin schedule,
fixtures (players present, forfeits, extensions, overdue notices) and the season's end."""

from datetime import date, datetime, time, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.hooks import check_allowed, check_wording, refused_among
from accounts.models import User
from clubs import selectors as club_selectors
from clubs.models import Club
from clubs.services import check_club_admin
from core import clock
from core.errors import Conflict, Forbidden, Invalid, NotFound
from games.services import tables
from leagues import kinds, pairing, selectors
from leagues.models import Fixture, FixtureDecision, FixturePresence, Season, Team
from leagues.services.matches import check_rules, finish_if_done
from social import notices
from social.services import notify

ROUND_DAYS_RANGE = (1, 60)
# How far ahead a season may start or a deadline may be moved. Dates beyond it are
# mistakes, and near the year 9999 adding a round's days would overflow the calendar.
PLAN_AHEAD = timedelta(days=366)


def lock_season(season_id: int) -> Season:
    season = Season.objects.select_for_update().select_related("club").filter(pk=season_id).first()
    if season is None:
        raise NotFound("There is no such season")
    return season


def check_season_create(
    *, club: Club, admin: User, name: str, start_date: date, round_days: int, points: tuple
) -> None:
    check_club_admin(club, admin)
    if not name:
        raise Invalid("A season needs a name")
    check_wording(name, "A season's name")
    if club.seasons.filter(name__iexact=name).exists():
        raise Conflict(f"{club} already has a season called {name}")
    low, high = ROUND_DAYS_RANGE
    if type(round_days) is not int or not low <= round_days <= high:
        raise Invalid(f"A round lasts from {low} to {high} days")
    check_start_date(start_date)
    points_win, points_loss = points
    if points_win < points_loss:
        raise Invalid("A win must be worth at least as many league points as a loss")


def check_start_date(start_date: object) -> None:
    if type(start_date) is not date:
        raise Invalid("The start date must be a date")
    today = timezone.localdate()
    if start_date < today:
        raise Invalid("The start date is in the past")
    if start_date > today + PLAN_AHEAD:
        raise Invalid("The start date must be within a year from today")


@transaction.atomic
def season_create(
    *,
    club: Club,
    admin: User,
    name: str,
    start_date: date,
    preset: str = "classic",
    options: dict | None = None,
    turn_seconds: int = 30,
    round_days: int = 7,
    double_round_robin: bool = False,
    points_win: int = 2,
    points_loss: int = 0,
) -> Season:
    name = name.strip()
    check_season_create(
        club=club,
        admin=admin,
        name=name,
        start_date=start_date,
        round_days=round_days,
        points=(points_win, points_loss),
    )
    check_rules(preset=preset, options=options, turn_seconds=turn_seconds)
    return Season.objects.create(
        club=club,
        name=name,
        preset=preset,
        options=options or None,
        turn_seconds=turn_seconds,
        start_date=start_date,
        round_days=round_days,
        double_round_robin=double_round_robin,
        points_win=points_win,
        points_loss=points_loss,
        created_by=admin,
    )


def check_team_add(season: Season, admin: User, players: tuple[User, User], name: str) -> None:
    check_club_admin(season.club, admin)
    if season.status != Season.Status.DRAFT:
        raise Conflict("Teams can only be added before the season starts")
    player_a, player_b = players
    if player_a.pk == player_b.pk:
        raise Invalid("A team is two different people")
    check_wording(name, "A team's name")
    for player in players:
        if club_selectors.membership_of(season.club, player) is None:
            raise Invalid(f"{player} is not a member of {season.club}")
        taken = season.teams.filter(Q(player_a=player) | Q(player_b=player)).first()
        if taken:
            raise Conflict(f"{player} already plays in team {taken}")
    if season.teams.filter(name__iexact=name).exists():
        raise Conflict(f"There is already a team called {name}")


@transaction.atomic
def team_add(
    *, season: Season, admin: User, player_a: User, player_b: User, name: str = ""
) -> Team:
    season = lock_season(season.pk)
    name = name.strip() or f"{player_a} & {player_b}"
    check_team_add(season, admin, (player_a, player_b), name)
    return Team.objects.create(season=season, name=name, player_a=player_a, player_b=player_b)


@transaction.atomic
def team_remove(*, team_id: int, admin: User) -> None:
    team = Team.objects.select_related("season").filter(pk=team_id).first()
    if team is None:
        raise NotFound("There is no such team")
    season = lock_season(team.season_id)
    check_club_admin(season.club, admin)
    if season.status != Season.Status.DRAFT:
        raise Conflict("Teams cannot be removed once the season has started")
    team.delete()


def round_deadline(season: Season, number: int) -> datetime:
    """Round `number` (from 1) ends at midnight `round_days` times number days after the start."""
    start = datetime.combine(season.start_date, time.min, tzinfo=timezone.get_current_timezone())
    try:
        return start + timedelta(days=season.round_days * number)
    except OverflowError:
        # Only a season stored before start dates were bounded can get here.
        raise Invalid(
            f"Round {number} would end after the year 9999: move the start date"
        ) from None


@transaction.atomic
def season_start(*, season: Season, admin: User) -> Season:
    """Generates the round-robin schedule, with a deadline per round, and starts."""
    season = lock_season(season.pk)
    check_club_admin(season.club, admin)
    if season.status != Season.Status.DRAFT:
        raise Conflict("This season has already started")
    teams = list(season.teams.order_by("pk"))
    if len(teams) < 2:
        raise Invalid("A season needs at least two teams")
    now = timezone.now()
    season.start_date = max(season.start_date, timezone.localdate())
    schedule = pairing.round_robin([team.pk for team in teams], double=season.double_round_robin)
    Fixture.objects.bulk_create(
        [
            Fixture(
                season=season,
                round=number,
                home_id=home,
                away_id=away,
                deadline=round_deadline(season, number),
                status=Fixture.Status.SCHEDULED if away else Fixture.Status.BYE,
                decided_at=None if away else now,
            )
            for number, pairs in enumerate(schedule, start=1)
            for home, away in pairs
        ]
    )
    season.status, season.started_at = Season.Status.RUNNING, now
    season.save(update_fields=["status", "started_at", "start_date"])
    players = [player for team in teams for player in team.players]
    notify(players, f"{season.name} of {season.club} has started", selectors.season_url(season))
    return season


def _lock_fixture(fixture_id: int) -> tuple[Season, Fixture]:
    """The fixture and its season, both locked (season first, as everywhere)."""
    season_id = Fixture.objects.filter(pk=fixture_id).values_list("season_id", flat=True).first()
    if season_id is None:
        raise NotFound("There is no such fixture")
    season = lock_season(season_id)
    fixture = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("home__player_a", "home__player_b", "away__player_a", "away__player_b")
        .get(pk=fixture_id)
    )
    fixture.season = season
    return season, fixture


def check_fixture_present(season: Season, fixture: Fixture, user: User, now: datetime) -> None:
    if fixture.away_id is None:
        raise Conflict("A bye is not played")
    if user.pk not in {player.pk for player in fixture.players()}:
        raise Forbidden("Only the four players of this fixture can start its game")
    check_allowed(user, "events")
    if season.status != Season.Status.RUNNING:
        raise Conflict("The season is not running")
    if fixture.status == Fixture.Status.PLAYING:
        raise Conflict("The game has already started")
    if fixture.decided:
        raise Conflict("This fixture is already decided")
    if now.date() < season.start_date:
        raise Conflict(f"The season starts on {season.start_date:%d %B %Y}")
    if now >= fixture.deadline:
        raise Conflict(
            "The deadline has passed: a club admin may extend the fixture or award a forfeit"
        )


def check_fixture_players_allowed(fixture: Fixture) -> None:
    """The seating step of a league game: nobody a bar keeps from events since they said
    they are here (their reason is theirs to read, not the others')."""
    refused = refused_among([player.pk for player in fixture.players()], "events")
    if refused:
        names = ", ".join(p.username for p in fixture.players() if p.pk in refused)
        raise Conflict(
            f"{names} may not play for now: a club admin decides this fixture after its deadline"
        )


@transaction.atomic
def fixture_present(*, fixture_id: int, user: User) -> Fixture:
    """`user` is at the table; when all four players are, the game starts."""
    season, fixture = _lock_fixture(fixture_id)
    now = timezone.now()
    check_fixture_present(season, fixture, user, now)
    FixturePresence.objects.update_or_create(fixture=fixture, user=user, defaults={"at": now})
    if fixture.presences.filter(at__gte=now - FixturePresence.WINDOW).count() == 4:
        check_fixture_players_allowed(fixture)
        game = tables.game_create_seated(
            players=fixture.players(),
            preset=season.preset,
            options=season.options,
            turn_seconds=season.turn_seconds,
            private=not season.club.public,
            kind=kinds.LEAGUE,
        )
        fixture.game, fixture.status = game, Fixture.Status.PLAYING
        fixture.save(update_fields=["game", "status"])
        notify(
            fixture.players(),
            f"Your league game {fixture.home} v {fixture.away} has started",
            selectors.game_url(game),
        )
    return fixture


def check_fixture_decision(season: Season, fixture: Fixture, admin: User, now: datetime) -> None:
    check_club_admin(season.club, admin)
    if season.status != Season.Status.RUNNING:
        raise Conflict("The season is not running")
    if fixture.away_id is None:
        raise Conflict("A bye needs no decision")
    if fixture.status == Fixture.Status.PLAYING:
        raise Conflict("The game is being played: its result will count")
    if fixture.decided:
        raise Conflict("This fixture is already decided")
    if now < fixture.deadline:
        deadline = clock.your_time(fixture.deadline, now=now)
        raise Conflict(f"The deadline ({deadline}) has not passed yet")


@transaction.atomic
def fixture_forfeit(
    *, fixture_id: int, admin: User, winner: Team | None, note: str = ""
) -> Fixture:
    """After the deadline: one team wins by forfeit, or with no winner both lose."""
    season, fixture = _lock_fixture(fixture_id)
    now = timezone.now()
    check_fixture_decision(season, fixture, admin, now)
    if winner is not None and winner.pk not in (fixture.home_id, fixture.away_id):
        raise Invalid("The winner must be one of the fixture's teams")
    FixtureDecision.objects.create(
        fixture=fixture,
        kind=FixtureDecision.Kind.FORFEIT,
        made_by=admin,
        winner=winner,
        old_deadline=fixture.deadline,
        note=note.strip()[:200],
    )
    fixture.status, fixture.winner, fixture.decided_at = Fixture.Status.FORFEIT, winner, now
    fixture.save(update_fields=["status", "winner", "decided_at"])
    outcome = f"{winner} win by forfeit" if winner else "both teams lose by forfeit"
    notify(
        fixture.players(),
        "{fixture}: {outcome} (decided by {admin})",
        selectors.fixture_url(fixture),
        data={
            "fixture": f"{fixture.home} v {fixture.away}",
            "outcome": outcome,
            "admin": notices.person(admin),
        },
    )
    season_finish_if_done(season)
    return fixture


@transaction.atomic
def fixture_extend(*, fixture_id: int, admin: User, deadline: datetime, note: str = "") -> Fixture:
    """After the deadline: the fixture may still be played until the new deadline."""
    season, fixture = _lock_fixture(fixture_id)
    now = timezone.now()
    check_fixture_decision(season, fixture, admin, now)
    if deadline <= now:
        raise Invalid("The new deadline must be in the future")
    if deadline > now + PLAN_AHEAD:
        raise Invalid("The new deadline must be within a year from now")
    FixtureDecision.objects.create(
        fixture=fixture,
        kind=FixtureDecision.Kind.EXTENSION,
        made_by=admin,
        old_deadline=fixture.deadline,
        new_deadline=deadline,
        note=note.strip()[:200],
    )
    fixture.deadline, fixture.overdue_notified_at = deadline, None
    fixture.save(update_fields=["deadline", "overdue_notified_at"])
    notify(
        fixture.players(),
        # Each reads the new deadline on their own clock (social.notices), not the admin's.
        "{fixture} may be played until {deadline}: {admin} extended its deadline",
        selectors.fixture_url(fixture),
        data={
            "fixture": f"{fixture.home} v {fixture.away}",
            "deadline": notices.moment(deadline),
            "admin": notices.person(admin),
        },
    )
    return fixture


def season_finish_if_done(season: Season) -> None:
    """Ends the season (locked) after its last fixture, and tells its players."""
    if not finish_if_done(season, season.fixtures.all()):
        return
    standings = selectors.season_standings(season)
    teams = [row.team for row in standings]
    notify(
        [player for team in teams for player in team.players],
        f"{season.name} of {season.club} is over: {teams[0]} win the league",
        selectors.season_url(season),
    )


@transaction.atomic
def fixture_overdue(*, fixture_id: int, now: datetime) -> bool:
    season, fixture = _lock_fixture(fixture_id)
    if fixture.status != Fixture.Status.SCHEDULED or fixture.overdue_notified_at:
        return False
    fixture.overdue_notified_at = now
    fixture.save(update_fields=["overdue_notified_at"])
    notify(
        club_selectors.club_admins(season.club),
        f"{fixture.home} v {fixture.away} ({season.name}) passed its deadline unplayed: "
        "extend it or award a forfeit",
        selectors.fixture_url(fixture),
    )
    return True
