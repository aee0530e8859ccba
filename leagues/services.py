"""Every write of clubs, leagues and tournaments: each write is one transaction that
locks what it changes, checks (a check_ function raising a clear error, changing
nothing) and then writes. Views, admin actions and tasks call these and nothing else."""

import secrets
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify

from accounts.models import User
from core.errors import Conflict, Forbidden, Invalid, NotFound
from games import inputs, services as games
from games.models import Game
from leagues import pairing, selectors
from leagues.models import (
    Club,
    Entrant,
    Fixture,
    FixtureDecision,
    FixturePresence,
    JoinRequest,
    Membership,
    Notification,
    Pairing,
    Round,
    Season,
    Team,
    Tournament,
)

ROUND_DAYS_RANGE = (1, 60)
# How far ahead a season may start or a deadline may be moved. Dates beyond it are
# mistakes, and near the year 9999 adding a round's days would overflow the calendar.
PLAN_AHEAD = timedelta(days=366)


def notify(users: Iterable[User], text: str, url: str = "") -> None:
    unique = {user.pk: user for user in users if user is not None}
    Notification.objects.bulk_create(
        [Notification(user=user, text=text[:200], url=url) for user in unique.values()]
    )


@transaction.atomic
def notifications_mark_read(*, user: User) -> int:
    return Notification.objects.filter(user=user, read_at=None).update(read_at=timezone.now())


# Clubs


def check_club_admin(club: Club, user: User) -> Membership:
    membership = selectors.membership_of(club, user)
    if membership is None or not membership.is_admin:
        raise Forbidden(f"Only admins of {club} can do that")
    return membership


def check_club_create(*, name: str) -> str:
    """The new club's slug, or an error."""
    if not name:
        raise Invalid("A club needs a name")
    if Club.objects.filter(name__iexact=name).exists():
        raise Conflict(f"There is already a club called {name}")
    base = slugify(name)[:80] or "club"
    slug, number = base, 2
    while Club.objects.filter(slug=slug).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug


@transaction.atomic
def club_create(*, owner: User, name: str, description: str = "", public: bool = True) -> Club:
    name = name.strip()
    slug = check_club_create(name=name)
    try:
        with transaction.atomic():  # a twin created meanwhile must not poison the outer one
            club = Club.objects.create(
                name=name, slug=slug, description=description.strip(), public=public,
                created_by=owner,
            )  # fmt: skip
    except IntegrityError:
        raise Conflict(f"There is already a club called {name}") from None
    Membership.objects.create(club=club, user=owner, role=Membership.Role.OWNER)
    return club


@transaction.atomic
def club_update(*, club: Club, admin: User, description: str, public: bool) -> Club:
    check_club_admin(club, admin)
    club.description, club.public = description.strip(), public
    club.save(update_fields=["description", "public"])
    return club


def _admins(club: Club) -> list[User]:
    return [
        membership.user
        for membership in club.memberships.select_related("user").filter(
            role__in=[Membership.Role.OWNER, Membership.Role.ADMIN]
        )
    ]


@transaction.atomic
def club_request_join(*, club: Club, user: User) -> JoinRequest:
    if selectors.membership_of(club, user):
        raise Conflict(f"You are already a member of {club}")
    if not club.public:
        raise Forbidden(f"{club} is private: you need an invite link from its admins")
    if club.join_requests.filter(user=user, status=JoinRequest.Status.PENDING).exists():
        raise Conflict("You have already asked to join: an admin will answer")
    request = JoinRequest.objects.create(club=club, user=user)
    notify(_admins(club), f"{user} asks to join {club}", selectors.club_url(club))
    return request


@transaction.atomic
def club_decide_request(*, request_id: int, admin: User, approve: bool) -> JoinRequest:
    request = (
        JoinRequest.objects.select_for_update()
        .select_related("club", "user")
        .filter(pk=request_id)
        .first()
    )
    if request is None:
        raise NotFound("There is no such request")
    check_club_admin(request.club, admin)
    if request.status != JoinRequest.Status.PENDING:
        raise Conflict("This request was already answered")
    request.status = JoinRequest.Status.APPROVED if approve else JoinRequest.Status.DECLINED
    request.decided_by, request.decided_at = admin, timezone.now()
    request.save(update_fields=["status", "decided_by", "decided_at"])
    club = request.club
    if approve:
        Membership.objects.get_or_create(club=club, user=request.user)
        notify([request.user], f"Welcome to {club}!", selectors.club_url(club))
    else:
        notify([request.user], f"Your request to join {club} was declined")
    return request


def invite_code_matches(club: Club, code: object) -> bool:
    # In constant time, so that timing tells nothing of the code; bytes, because
    # compare_digest refuses strings with characters beyond ASCII.
    return secrets.compare_digest(str(code).encode(), club.invite_code.encode())


@transaction.atomic
def club_join_by_invite(*, club: Club, user: User, code: str) -> Membership:
    if not invite_code_matches(club, code):
        raise Forbidden("This invite link is not valid (any more): ask the club for a new one")
    if selectors.membership_of(club, user):
        raise Conflict(f"You are already a member of {club}")
    club.join_requests.filter(user=user, status=JoinRequest.Status.PENDING).update(
        status=JoinRequest.Status.APPROVED, decided_at=timezone.now()
    )
    return Membership.objects.create(club=club, user=user)


@transaction.atomic
def club_reset_invite(*, club: Club, admin: User) -> Club:
    """A new invite link; the old one stops working."""
    check_club_admin(club, admin)
    club.invite_code = secrets.token_urlsafe(12)
    club.save(update_fields=["invite_code"])
    return club


def check_club_remove(club: Club, admin: User, user: User) -> Membership:
    actor = check_club_admin(club, admin)
    target = selectors.membership_of(club, user)
    if target is None:
        raise NotFound(f"{user} is not a member of {club}")
    if target.role == Membership.Role.OWNER:
        raise Forbidden("The owner cannot be removed")
    if target.role == Membership.Role.ADMIN and actor.role != Membership.Role.OWNER:
        raise Forbidden("Only the owner can remove an admin")
    return target


@transaction.atomic
def club_remove_member(*, club: Club, admin: User, user: User) -> None:
    check_club_remove(club, admin, user).delete()
    notify([user], f"You are no longer a member of {club}")


@transaction.atomic
def club_set_role(*, club: Club, owner: User, user: User, role: str) -> Membership:
    """The owner makes a member an admin, or an admin a member again."""
    if check_club_admin(club, owner).role != Membership.Role.OWNER:
        raise Forbidden("Only the owner can appoint or dismiss admins")
    if role not in (Membership.Role.ADMIN, Membership.Role.MEMBER):
        raise Invalid("A member can be made an admin or a member")
    target = selectors.membership_of(club, user)
    if target is None:
        raise NotFound(f"{user} is not a member of {club}")
    if target.role == Membership.Role.OWNER:
        raise Conflict("The owner stays the owner")
    target.role = role
    target.save(update_fields=["role"])
    return target


# Leagues


def check_rules(*, preset: str, options: dict | None, turn_seconds: int) -> None:
    """The rules of a season or tournament must make a valid game."""
    games.check_ruleset(preset, options)
    inputs.turn_seconds(turn_seconds)


def _lock_season(season_id: int) -> Season:
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
    for player in players:
        if selectors.membership_of(season.club, player) is None:
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
    season = _lock_season(season.pk)
    name = name.strip() or f"{player_a} & {player_b}"
    check_team_add(season, admin, (player_a, player_b), name)
    return Team.objects.create(season=season, name=name, player_a=player_a, player_b=player_b)


@transaction.atomic
def team_remove(*, team_id: int, admin: User) -> None:
    team = Team.objects.select_related("season").filter(pk=team_id).first()
    if team is None:
        raise NotFound("There is no such team")
    season = _lock_season(team.season_id)
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
    season = _lock_season(season.pk)
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
    season = _lock_season(season_id)
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


@transaction.atomic
def fixture_present(*, fixture_id: int, user: User) -> Fixture:
    """`user` is at the table; when all four players are, the game starts."""
    season, fixture = _lock_fixture(fixture_id)
    now = timezone.now()
    check_fixture_present(season, fixture, user, now)
    FixturePresence.objects.update_or_create(fixture=fixture, user=user, defaults={"at": now})
    if fixture.presences.filter(at__gte=now - FixturePresence.WINDOW).count() == 4:
        game = games.game_create_seated(
            players=fixture.players(),
            preset=season.preset,
            options=season.options,
            turn_seconds=season.turn_seconds,
            private=not season.club.public,
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
        raise Conflict(f"The deadline ({fixture.deadline:%d %B %Y %H:%M}) has not passed yet")


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
        f"{fixture.home} v {fixture.away}: {outcome} (decided by {admin})",
        selectors.fixture_url(fixture),
    )
    _season_finish_if_done(season)
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
        f"{fixture.home} v {fixture.away} may be played until {deadline:%d %B %Y %H:%M} "
        f"(extended by {admin})",
        selectors.fixture_url(fixture),
    )
    return fixture


def _season_finish_if_done(season: Season) -> None:
    """Called with the season locked, so two last results cannot both miss the end."""
    open_fixtures = season.fixtures.filter(
        status__in=[Fixture.Status.SCHEDULED, Fixture.Status.PLAYING]
    )
    if season.status != Season.Status.RUNNING or open_fixtures.exists():
        return
    season.status, season.finished_at = Season.Status.FINISHED, timezone.now()
    season.save(update_fields=["status", "finished_at"])
    standings = selectors.season_standings(season)
    teams = [row.team for row in standings]
    notify(
        [player for team in teams for player in team.players],
        f"{season.name} of {season.club} is over: {teams[0]} win the league",
        selectors.season_url(season),
    )


# Results of games: keyed by game, idempotent


def record_game(*, game_id: int) -> bool:
    """Writes a finished game's result into its league fixture or tournament pairing.

    True when it wrote something. Running it again, or for a game whose fixture was
    decided by forfeit meanwhile, or for a game of neither, changes nothing."""
    season_id = Fixture.objects.filter(game_id=game_id).values_list("season_id", flat=True).first()
    if season_id is not None:
        return _record_fixture(season_id=season_id, game_id=game_id)
    round_id = Pairing.objects.filter(game_id=game_id).values_list("round_id", flat=True).first()
    if round_id is not None:
        return _record_pairing(round_id=round_id, game_id=game_id)
    return False


def _final_scores(game: Game) -> tuple[int, int]:
    """The final scores; they always fit the IntegerField columns (up to 2**31 - 1).

    A hand moves a score by at most engine.MAX_HAND_POINTS (9273, from the option ranges)
    and a game has at most 32767 hands (Hand.number is a PositiveSmallIntegerField), so
    no score reaches 32767 * 9273 = 303,848,391. tests/leagues/test_bounds.py records it."""
    home, away = game.state["scores"]
    return home, away


@transaction.atomic
def _record_fixture(*, season_id: int, game_id: int) -> bool:
    season = _lock_season(season_id)
    fixture = Fixture.objects.select_for_update().get(game_id=game_id)
    game = Game.objects.get(pk=game_id)
    if fixture.status != Fixture.Status.PLAYING or game.status != Game.Status.FINISHED:
        return False
    fixture.home_score, fixture.away_score = _final_scores(game)
    fixture.winner_id = fixture.home_id if game.winner == 0 else fixture.away_id
    fixture.status, fixture.decided_at = Fixture.Status.PLAYED, timezone.now()
    fixture.save(update_fields=["home_score", "away_score", "winner", "status", "decided_at"])
    _season_finish_if_done(season)
    return True


@transaction.atomic
def _record_pairing(*, round_id: int, game_id: int) -> bool:
    round_ = Round.objects.select_for_update().get(pk=round_id)
    pairing_ = Pairing.objects.select_for_update().get(game_id=game_id)
    game = Game.objects.get(pk=game_id)
    if pairing_.status != Pairing.Status.PLAYING or game.status != Game.Status.FINISHED:
        return False
    pairing_.score_a, pairing_.score_b = _final_scores(game)
    pairing_.winner_id = pairing_.entrant_a_id if game.winner == 0 else pairing_.entrant_b_id
    pairing_.status, pairing_.decided_at = Pairing.Status.FINISHED, timezone.now()
    pairing_.save(update_fields=["score_a", "score_b", "winner", "status", "decided_at"])
    _round_finish_if_done(round_)
    return True


def sweep(*, now: datetime | None = None) -> dict:
    """The periodic safety net: records finished games whose signal was lost, and tells
    club admins once about each fixture whose deadline passed unplayed."""
    now = now or timezone.now()
    recorded = 0
    finished = Q(game__status=Game.Status.FINISHED)
    for game_id in Fixture.objects.filter(finished, status=Fixture.Status.PLAYING).values_list(
        "game_id", flat=True
    ):
        recorded += record_game(game_id=game_id)
    for game_id in Pairing.objects.filter(finished, status=Pairing.Status.PLAYING).values_list(
        "game_id", flat=True
    ):
        recorded += record_game(game_id=game_id)
    overdue = 0
    for fixture_id in Fixture.objects.filter(
        status=Fixture.Status.SCHEDULED,
        deadline__lte=now,
        overdue_notified_at=None,
        season__status=Season.Status.RUNNING,
    ).values_list("pk", flat=True):
        overdue += _fixture_overdue(fixture_id=fixture_id, now=now)
    return {"recorded": recorded, "overdue": overdue}


@transaction.atomic
def _fixture_overdue(*, fixture_id: int, now: datetime) -> bool:
    season, fixture = _lock_fixture(fixture_id)
    if fixture.status != Fixture.Status.SCHEDULED or fixture.overdue_notified_at:
        return False
    fixture.overdue_notified_at = now
    fixture.save(update_fields=["overdue_notified_at"])
    notify(
        _admins(season.club),
        f"{fixture.home} v {fixture.away} ({season.name}) passed its deadline unplayed: "
        "extend it or award a forfeit",
        selectors.fixture_url(fixture),
    )
    return True


# Tournaments


def is_director(user: User) -> bool:
    """Tournament directors: staff (the Django admin admits only staff) with the right to
    change tournaments, which the "Tournament directors" group gives."""
    return bool(
        user.is_authenticated
        and user.is_active
        and user.is_staff
        and user.has_perm("leagues.change_tournament")
    )


def check_director(user: User) -> None:
    if not is_director(user):
        raise Forbidden("Only tournament directors can do that")


def _lock_tournament(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound("There is no such tournament")
    return tournament


def _entrant_of(tournament: Tournament, user: User) -> Entrant | None:
    """The entry `user` registered, or is the accepted partner in. Being named as a
    partner binds nobody: it is an invitation (`_invitations_to`)."""
    return tournament.entrants.filter(
        Q(player_a=user) | Q(player_b=user, partner_accepted=True)
    ).first()


def _invitations_to(tournament: Tournament, user: User):
    return tournament.entrants.filter(player_b=user, partner_accepted=False)


def _lapse(entrants: Iterable[Entrant], tournament: Tournament, why: str) -> None:
    """Unaccepted partnerships end: each registrant stays registered alone."""
    for entrant in entrants:
        partner = entrant.player_b
        entrant.player_b, entrant.partner_accepted = None, True
        entrant.save(update_fields=["player_b", "partner_accepted"])
        notify(
            [entrant.player_a],
            f"{partner} {why}: you are registered in {tournament} alone, to be paired by "
            "rating when registration closes",
            selectors.tournament_url(tournament),
        )


@transaction.atomic
def tournament_open_registration(*, tournament: Tournament, director: User) -> Tournament:
    check_director(director)
    tournament = _lock_tournament(tournament.pk)
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.CLOSED):
        raise Conflict(
            f"Registration cannot open: {tournament} is {tournament.get_status_display().lower()}"
        )
    if tournament.rounds.exists():
        raise Conflict(f"Registration cannot open again: {tournament} has paired rounds")
    tournament.status = Tournament.Status.REGISTRATION
    tournament.save(update_fields=["status"])
    return tournament


def check_register(tournament: Tournament, user: User, partner: User | None) -> None:
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is not open")
    people = [user] if partner is None else [user, partner]
    if any(person.is_bot for person in people):
        raise Invalid("Bots cannot enter tournaments")
    if partner is not None and partner.pk == user.pk:
        raise Invalid("Your partner must be someone else")
    for person in people:
        if _entrant_of(tournament, person):
            raise Conflict(f"{person} is already registered")


@transaction.atomic
def tournament_register(
    *, tournament: Tournament, user: User, partner: User | None = None
) -> Entrant:
    """Registers a partnership, or `user` alone to be paired by rating at closing."""
    tournament = _lock_tournament(tournament.pk)
    check_register(tournament, user, partner)
    # Whoever registers themselves has answered any invitation to partner someone else.
    _lapse(
        _invitations_to(tournament, user).select_related("player_b"),
        tournament,
        "registered otherwise",
    )
    entrant = Entrant.objects.create(
        tournament=tournament, player_a=user, player_b=partner, partner_accepted=partner is None
    )
    if partner is not None:
        notify(
            [partner],
            f"{user} asks you to be their partner in {tournament}: accept or decline there",
            selectors.tournament_url(tournament),
        )
    return entrant


@transaction.atomic
def tournament_answer(
    *, tournament: Tournament, user: User, entrant_id: int, accept: bool
) -> Entrant:
    """`user` accepts or declines being the partner named in a registration. Accepting
    declines the other invitations; declining leaves the registrant registered alone."""
    tournament = _lock_tournament(tournament.pk)
    entrant = (
        _invitations_to(tournament, user).select_related("player_a").filter(pk=entrant_id).first()
    )
    if entrant is None:
        raise NotFound("There is no such invitation (any more)")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is closed")
    if not accept:
        _lapse([entrant], tournament, "declined to be your partner")
        return entrant
    if _entrant_of(tournament, user):
        raise Conflict("You are already registered: withdraw first")
    entrant.partner_accepted = True
    entrant.save(update_fields=["partner_accepted"])
    _lapse(
        _invitations_to(tournament, user).select_related("player_b"),
        tournament,
        "partners someone else",
    )
    notify(
        [entrant.player_a],
        f"{user} accepted: you play {tournament} together",
        selectors.tournament_url(tournament),
    )
    return entrant


@transaction.atomic
def tournament_withdraw(*, tournament: Tournament, user: User) -> None:
    """Before registration closes; afterwards the director handles withdrawals."""
    tournament = _lock_tournament(tournament.pk)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is closed: ask the tournament director")
    entrant = _entrant_of(tournament, user)
    if entrant is None:
        raise NotFound("You are not registered")
    partner = entrant.player_b if entrant.player_a_id == user.pk else entrant.player_a
    entrant.delete()
    notify([partner], f"{user} withdrew your partnership from {tournament}")


@transaction.atomic
def tournament_close_registration(*, tournament: Tournament, director: User) -> list[Entrant]:
    """Closes registration and pairs single entrants by rating (the two best together,
    and so on). Returns the single entrant left without a partner, if any."""
    check_director(director)
    tournament = _lock_tournament(tournament.pk)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is not open")
    _lapse(
        tournament.entrants.filter(player_b__isnull=False, partner_accepted=False).select_related(
            "player_a", "player_b"
        ),
        tournament,
        "did not accept before registration closed",
    )
    singles = list(
        tournament.entrants.filter(player_b=None, withdrawn=False)
        .select_related("player_a")
        .order_by("-seed_rating", "pk")
    )
    for first, second in zip(singles[::2], singles[1::2], strict=False):
        second.delete()
        first.player_b = second.player_a
        first.seed_rating = (first.seed_rating + second.seed_rating) // 2
        first.save(update_fields=["player_b", "seed_rating"])
        notify(
            [first.player_a, first.player_b],
            f"You play {tournament} together: {first} (paired by rating)",
            selectors.tournament_url(tournament),
        )
    tournament.status = Tournament.Status.CLOSED
    tournament.save(update_fields=["status"])
    return singles[len(singles) - len(singles) % 2 :]


def _history(tournament: Tournament) -> tuple[set[frozenset], set[int]]:
    played, byes = set(), set()
    for a, b in Pairing.objects.filter(round__tournament=tournament).values_list(
        "entrant_a_id", "entrant_b_id"
    ):
        if b is None:
            byes.add(a)
        else:
            played.add(frozenset((a, b)))
    return played, byes


def check_round_generate(
    tournament: Tournament,
) -> tuple[int, list[int], list[tuple[int, int | None]]]:
    """The next round's number, the seed order (entrant ids, best first) and the pairs of
    entrant ids, or why there is no next round. Seeds are fixed by the first round."""
    if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        raise Conflict("Close registration before pairing a round")
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("The tournament is finished")
    rounds = list(tournament.rounds.order_by("number"))
    for round_ in rounds:
        if round_.status == Round.Status.RUNNING:
            raise Conflict(
                f"Round {round_.number} is still running: wait for its games to end "
                "(or record forfeits) before pairing the next round"
            )
        if round_.status == Round.Status.DRAFT:
            raise Conflict(
                f"Round {round_.number} is paired but not started: start it, "
                "or delete it to pair it again"
            )
    number = len(rounds) + 1
    if number == 1:
        seeded = list(
            tournament.entrants.filter(
                withdrawn=False, player_b__isnull=False, partner_accepted=True
            ).order_by("-seed_rating", "pk")
        )
        if len(seeded) < 2:
            raise Invalid("At least two complete partnerships are needed")
    else:
        seeded = list(tournament.entrants.filter(seed__isnull=False).order_by("seed"))
    seeds = [entrant.pk for entrant in seeded]
    playing = [entrant.pk for entrant in seeded if entrant.complete and not entrant.withdrawn]
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return number, seeds, _round_robin_pairs(seeded, number)
    if tournament.format == Tournament.Format.ELIMINATION:
        return number, seeds, _elimination_pairs(playing, rounds)
    planned = tournament.swiss_rounds or pairing.swiss_rounds_for(len(seeded))
    if number > planned:
        raise Conflict(f"All {planned} rounds have been played: finish the tournament")
    if len(playing) < 2:
        raise Invalid("Fewer than two partnerships are still playing")
    still_playing = set(playing)
    ranking = [
        row.entrant.pk
        for row in selectors.tournament_standings(tournament, seeds=seeds)
        if row.entrant.pk in still_playing
    ]
    played, byes = _history(tournament)
    return number, seeds, pairing.swiss_round(ranking, played=played, had_bye=byes)


def _round_robin_pairs(seeded: list[Entrant], number: int) -> list[tuple[int, int | None]]:
    schedule = pairing.round_robin([entrant.pk for entrant in seeded])
    if number > len(schedule):
        raise Conflict("Every round has been played: finish the tournament")
    out = {entrant.pk for entrant in seeded if entrant.withdrawn or not entrant.complete}
    pairs = []
    for a, b in schedule[number - 1]:
        # Whoever meets a withdrawn entrant rests: a bye, as with an odd count.
        present = [pk for pk in (a, b) if pk is not None and pk not in out]
        if present:
            pairs.append((present[0], present[1] if len(present) == 2 else None))
    if not pairs:
        raise Invalid("Nobody is left to play this round")
    return pairs


def _elimination_pairs(playing: list[int], rounds: list[Round]) -> list[tuple[int, int | None]]:
    if not rounds:
        return pairing.elimination_first_round(playing)
    winners = list(rounds[-1].pairings.order_by("table").values_list("winner_id", flat=True))
    if len(winners) == 1:
        champion = Entrant.objects.get(pk=winners[0])
        raise Conflict(f"{champion} won the final: finish the tournament")
    return pairing.elimination_next_round(winners)


@transaction.atomic
def round_generate(*, tournament: Tournament, director: User) -> Round:
    """Pairs the next round as a draft that the director reviews, edits and then starts."""
    check_director(director)
    tournament = _lock_tournament(tournament.pk)
    number, seeds, pairs = check_round_generate(tournament)
    if number == 1:
        tournament.entrants.update(seed=None)
        for seed, entrant_id in enumerate(seeds, start=1):
            Entrant.objects.filter(pk=entrant_id).update(seed=seed)
    round_ = Round.objects.create(tournament=tournament, number=number)
    Pairing.objects.bulk_create(
        [
            Pairing(round=round_, table=table, entrant_a_id=a, entrant_b_id=b)
            for table, (a, b) in enumerate(pairs, start=1)
        ]
    )
    return round_


def check_round_start(tournament: Tournament, round_: Round, pairings: list[Pairing]) -> None:
    """A drafted round may start when its (possibly edited) pairings make sense."""
    if round_.status != Round.Status.DRAFT:
        raise Conflict(f"Round {round_.number} has already started")
    if tournament.status not in (Tournament.Status.CLOSED, Tournament.Status.RUNNING):
        raise Conflict(f"{tournament} is {tournament.get_status_display().lower()}")
    if not pairings:
        raise Invalid(f"Round {round_.number} has no pairings")
    seen: set[int] = set()
    for row in pairings:
        for entrant in (row.entrant_a, row.entrant_b):
            if entrant is None:
                continue
            if entrant.tournament_id != tournament.pk:
                raise Invalid(f"{entrant} is not in this tournament")
            if entrant.pk in seen:
                raise Invalid(f"{entrant} is paired twice in round {round_.number}")
            if entrant.withdrawn:
                raise Invalid(f"{entrant} has withdrawn")
            if not entrant.complete:
                raise Invalid(f"{entrant} has no partner yet")
            seen.add(entrant.pk)


@transaction.atomic
def round_start(*, round_id: int, director: User) -> Round:
    """Publishes a drafted round: creates its games and tells the players on the site."""
    check_director(director)
    tournament_id = (
        Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is None:
        raise NotFound("There is no such round")
    tournament = _lock_tournament(tournament_id)
    round_ = Round.objects.select_for_update().get(pk=round_id)
    pairings = list(
        round_.pairings.select_related(
            "entrant_a__player_a",
            "entrant_a__player_b",
            "entrant_b__player_a",
            "entrant_b__player_b",
        ).order_by("table")
    )
    check_round_start(tournament, round_, pairings)
    # Every player's row at once, in id order, before the games lock them table by table
    # (out of order, which could deadlock with another write that seats people).
    games.people_lock(
        player.pk
        for row in pairings
        for entrant in (row.entrant_a, row.entrant_b)
        if entrant is not None
        for player in (entrant.player_a, entrant.player_b)
    )
    now = timezone.now()
    for row in pairings:
        a, b = row.entrant_a, row.entrant_b
        if b is None:
            row.status, row.winner, row.decided_at = Pairing.Status.BYE, a, now
            notify(
                [a.player_a, a.player_b],
                f"Round {round_.number} of {tournament}: you have a bye (it counts as a win)",
                selectors.tournament_url(tournament),
            )
        else:
            row.game = games.game_create_seated(
                players=[a.player_a, b.player_a, a.player_b, b.player_b],
                preset=tournament.preset,
                options=tournament.options,
                turn_seconds=tournament.turn_seconds,
                created_by=director,
            )
            row.status, row.winner = Pairing.Status.PLAYING, None
            for entrant, opponent in ((a, b), (b, a)):
                notify(
                    [entrant.player_a, entrant.player_b],
                    f"Round {round_.number} of {tournament}: your game against {opponent} "
                    f"is on (table {row.table})",
                    selectors.game_url(row.game),
                )
        row.save(update_fields=["status", "winner", "decided_at", "game"])
    round_.status, round_.started_at = Round.Status.RUNNING, now
    round_.save(update_fields=["status", "started_at"])
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    _round_finish_if_done(round_)
    return round_


def _round_finish_if_done(round_: Round) -> None:
    """Called with the round locked, so two last results cannot both miss the end."""
    if round_.status != Round.Status.RUNNING:
        return
    if round_.pairings.exclude(
        status__in=[Pairing.Status.FINISHED, Pairing.Status.FORFEIT, Pairing.Status.BYE]
    ).exists():
        return
    round_.status, round_.finished_at = Round.Status.FINISHED, timezone.now()
    round_.save(update_fields=["status", "finished_at"])


@transaction.atomic
def pairing_forfeit(
    *, pairing_id: int, director: User, winner: Entrant | None, note: str = ""
) -> Pairing:
    """A director's forfeit: `winner` wins (even if the game goes on, its result no
    longer counts), or with no winner both lose (not in elimination)."""
    check_director(director)
    found = Pairing.objects.filter(pk=pairing_id).values_list("round__tournament_id", "round_id")
    if not found:
        raise NotFound("There is no such pairing")
    tournament_id, round_id = found[0]
    tournament = _lock_tournament(tournament_id)
    round_ = Round.objects.select_for_update().get(pk=round_id)
    row = Pairing.objects.select_for_update().get(pk=pairing_id)
    if row.entrant_b_id is None:
        raise Conflict("A bye needs no forfeit")
    if row.status in (Pairing.Status.FINISHED, Pairing.Status.FORFEIT):
        raise Conflict(f"Table {row.table} already has a result")
    if round_.status != Round.Status.RUNNING:
        raise Conflict("Forfeits are recorded in a round that is running")
    if winner is None and tournament.format == Tournament.Format.ELIMINATION:
        raise Invalid("In an elimination a forfeit must name who goes through")
    if winner is not None and winner.pk not in (row.entrant_a_id, row.entrant_b_id):
        raise Invalid("The winner must be one of the table's entrants")
    row.status, row.winner, row.decided_by = Pairing.Status.FORFEIT, winner, director
    row.decided_at, row.note = timezone.now(), note.strip()[:200]
    row.save(update_fields=["status", "winner", "decided_by", "decided_at", "note"])
    entrants = Entrant.objects.select_related("player_a", "player_b").filter(
        pk__in=[row.entrant_a_id, row.entrant_b_id]
    )
    outcome = f"{winner} win by forfeit" if winner else "both lose by forfeit"
    notify(
        [player for entrant in entrants for player in (entrant.player_a, entrant.player_b)],
        f"Round {round_.number} of {tournament}, table {row.table}: {outcome}",
        selectors.tournament_url(tournament),
    )
    _round_finish_if_done(round_)
    return row


@transaction.atomic
def tournament_finish(*, tournament: Tournament, director: User) -> Tournament:
    check_director(director)
    tournament = _lock_tournament(tournament.pk)
    if tournament.status not in (Tournament.Status.CLOSED, Tournament.Status.RUNNING):
        raise Conflict(
            f"{tournament} cannot finish: it is {tournament.get_status_display().lower()}"
        )
    unfinished = tournament.rounds.exclude(status=Round.Status.FINISHED).first()
    if unfinished is not None and unfinished.status == Round.Status.RUNNING:
        raise Conflict(f"Round {unfinished.number} is still running")
    if unfinished is not None:
        raise Conflict(f"Round {unfinished.number} is paired but not started: start or delete it")
    tournament.status, tournament.finished_at = Tournament.Status.FINISHED, timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    standings = selectors.tournament_standings(tournament)
    if standings and tournament.rounds.exists():
        champion = standings[0].entrant
        notify(
            [p for row in standings for p in (row.entrant.player_a, row.entrant.player_b)],
            f"{tournament} is over: {champion} win",
            selectors.tournament_url(tournament),
        )
    return tournament
