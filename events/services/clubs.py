"""A club's own events: its owner or organisers schedule arenas and Swiss tournaments for
its members, and its owner challenges another club to a battle, which that club's owner
accepts."""

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from accounts.hooks import check_wording
from accounts.models import User
from clubs import selectors as club_selectors
from clubs.models import Club, Membership
from core.errors import Conflict, Forbidden, Invalid, NotFound
from events.models import ARENA_MINUTES, SWISS_ROUNDS, Arena, BattleChallenge, windows_for
from leagues.models import Tournament
from leagues.selectors import tournament_url
from social.services import notify

MINUTES = ARENA_MINUTES  # how long a club's arena may last
TOP = (1, 50)  # a battle counts each club's best this many
ROUNDS = SWISS_ROUNDS  # a club's Swiss
HANDS = (1, 20)  # each game of a club's Swiss
# How far ahead a club plans: the dates of a year 9999 would not even have an end.
AHEAD = timedelta(days=366)


def _check_start(starts_at: datetime, now: datetime | None) -> None:
    now = now or timezone.now()
    if starts_at < now:
        raise Invalid("Choose a start in the future")
    if starts_at > now + AHEAD:
        raise Invalid("Choose a start within a year")


def _arena_create(*, name: str, preset: str, starts_at: datetime, minutes: int, **fields) -> Arena:
    """A club's arena or battle, its closing and bot wait fitted to its length."""
    closing, bot_wait = windows_for(minutes)
    return Arena.objects.create(
        name=name,
        preset=preset,
        starts_at=starts_at,
        ends_at=starts_at + timedelta(minutes=minutes),
        closing_seconds=closing,
        bot_wait_seconds=bot_wait,
        **fields,
    )


def _check_plan(starts_at: datetime, minutes: int, now: datetime | None) -> None:
    _check_start(starts_at, now)
    if not MINUTES[0] <= minutes <= MINUTES[1]:
        raise Invalid(f"An arena lasts {MINUTES[0]} to {MINUTES[1]} minutes")


def _check_role(club: Club, user: User, allowed, refusal: str) -> Membership:
    membership = club_selectors.membership_of(club, user)
    if membership is None or not allowed(membership):
        raise Forbidden(refusal)
    return membership


def _check_organiser(club: Club, user: User, events: str) -> None:
    _check_role(
        club,
        user,
        lambda m: m.can_organise,
        f"Only the club's owner and organisers schedule its {events}",
    )


def _tell_members(club: Club, user: User, text: str, url: str) -> None:
    """Every member but the one who scheduled it."""
    members = [m.user for m in club.memberships.select_related("user") if m.user_id != user.pk]
    notify(members, f"{club.name}: {text}", url)


@transaction.atomic
def club_arena_create(
    *,
    club: Club,
    user: User,
    name: str,
    preset: str,
    starts_at: datetime,
    minutes: int,
    now: datetime | None = None,
) -> Arena:
    """An arena for the club's members, scheduled by its owner or an organiser; the
    members are told."""
    _check_organiser(club, user, "arenas")
    _check_plan(starts_at, minutes, now)
    check_wording(name, "An arena's name")
    arena = _arena_create(
        name=name or f"{club.name} arena", preset=preset, starts_at=starts_at, minutes=minutes
    )
    arena.clubs.add(club)
    _tell_members(club, user, f"{arena.name} is scheduled, join it ahead", arena.get_absolute_url())
    return arena


@transaction.atomic
def club_swiss_create(
    *,
    club: Club,
    user: User,
    name: str,
    preset: str,
    starts_at: datetime,
    rounds: int,
    hands: int,
    now: datetime | None = None,
) -> Tournament:
    """A Swiss for the club's members that runs itself, scheduled by its owner or an
    organiser; registration is open until it starts, and the members are told."""
    _check_organiser(club, user, "events")
    _check_start(starts_at, now)
    check_wording(name, "A tournament's name")
    if not (ROUNDS[0] <= rounds <= ROUNDS[1] and HANDS[0] <= hands <= HANDS[1]):
        raise Invalid(
            f"A Swiss has {ROUNDS[0]} to {ROUNDS[1]} rounds of {HANDS[0]} to {HANDS[1]} hands"
        )
    name = name or f"{club.name} Swiss"
    tournament = Tournament.objects.create(
        name=name,
        slug=f"{slugify(name)[:80]}-{timezone.now():%Y%m%d%H%M%S%f}",
        club=club,
        members_only=True,
        format=Tournament.Format.SWISS,
        swiss_rounds=rounds,
        preset=preset,
        options={"hands": hands},
        starts_at=starts_at,
        status=Tournament.Status.REGISTRATION,
        created_by=user,
    )
    _tell_members(
        club, user, f"{tournament.name} is scheduled, register before it starts",
        tournament_url(tournament),
    )  # fmt: skip
    return tournament


@transaction.atomic
def battle_challenge(
    *,
    club: Club,
    user: User,
    other: Club,
    preset: str,
    starts_at: datetime,
    minutes: int,
    top: int,
    now: datetime | None = None,
) -> BattleChallenge:
    """The club's owner challenges `other` to a battle; its owner is told."""
    _check_role(
        club,
        user,
        lambda m: m.role == Membership.Role.OWNER,
        "Only the club's owner challenges other clubs",
    )
    if other.pk == club.pk:
        raise Invalid("A club cannot battle itself")
    _check_plan(starts_at, minutes, now)
    if not TOP[0] <= top <= TOP[1]:
        raise Invalid(f"A battle counts each club's best {TOP[0]} to {TOP[1]} players")
    pending = BattleChallenge.objects.filter(
        challenger=club, challenged=other, status=BattleChallenge.Status.PENDING
    )
    if pending.exists():
        raise Conflict(f"You have challenged {other.name} already: wait for its answer")
    challenge = BattleChallenge.objects.create(
        challenger=club,
        challenged=other,
        sent_by=user,
        preset=preset,
        starts_at=starts_at,
        minutes=minutes,
        top=top,
    )
    owner = other.memberships.filter(role=Membership.Role.OWNER).select_related("user").first()
    notify(
        [owner.user if owner else None],
        f"{club.name} challenges {other.name} to a battle",
        club_selectors.club_url(other),
    )
    return challenge


@transaction.atomic
def battle_answer(
    *, challenge_id: int, user: User, accept: bool, now: datetime | None = None
) -> BattleChallenge:
    """The challenged club's owner accepts (the battle is then an arena of both clubs) or
    declines; the challenger is told."""
    challenge = (
        BattleChallenge.objects.select_for_update()
        .select_related("challenger", "challenged")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None:
        raise NotFound("No such challenge")
    _check_role(
        challenge.challenged,
        user,
        lambda m: m.role == Membership.Role.OWNER,
        f"Only the owner of {challenge.challenged.name} answers its challenges",
    )
    if challenge.status != BattleChallenge.Status.PENDING:
        raise Conflict("This challenge was answered already")
    now = now or timezone.now()
    if accept and challenge.starts_at <= now:
        raise Conflict("This battle's start has passed: challenge them again")
    if accept and challenge.starts_at > now + AHEAD:  # sent before far starts were refused
        raise Conflict("This battle starts more than a year ahead: challenge them again")
    if accept:
        arena = _arena_create(
            name=f"{challenge.challenger.name} vs {challenge.challenged.name}",
            preset=challenge.preset,
            starts_at=challenge.starts_at,
            minutes=challenge.minutes,
            battle_top=challenge.top,
        )
        arena.clubs.add(challenge.challenger, challenge.challenged)
        challenge.arena = arena
    challenge.status = (
        BattleChallenge.Status.ACCEPTED if accept else BattleChallenge.Status.DECLINED
    )
    challenge.save(update_fields=["status", "arena"])
    word = "accepts" if accept else "declines"
    notify(
        [challenge.sent_by],
        f"{challenge.challenged.name} {word} your battle",
        challenge.arena.get_absolute_url()
        if accept
        else club_selectors.club_url(challenge.challenger),
    )
    return challenge
