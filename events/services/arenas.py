"""Joining and leaving an arena. Every write takes the arena's row lock first, as the
seating run does, so a join, a leave and a seating run never interleave."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.browsers import Client
from accounts.hooks import check_allowed
from accounts.models import User
from accounts.seats import check_one_seat, records_refusals
from clubs.models import Club, Membership
from core.errors import Conflict, Forbidden, NotFound
from events.models import Arena, ArenaPlayer


def arena_lock(arena_id: int) -> Arena:
    arena = Arena.objects.select_for_update().filter(pk=arena_id).first()
    if arena is None:
        raise NotFound("No such arena")
    return arena


def club_of(arena: Arena, user: User) -> Club | None:
    """The club a person plays for in a club's arena or a battle (the one of theirs they
    joined first); refused if they belong to none of its clubs. None in an open arena."""
    clubs = list(arena.clubs.all())
    if not clubs:
        return None
    membership = (
        Membership.objects.filter(user=user, club__in=clubs).order_by("joined_at", "pk").first()
    )
    if membership is None:
        names = " or ".join(club.name for club in clubs)
        raise Forbidden(f"This arena is for the members of {names}")
    return membership.club


def check_arena_seat(*, user: User, client: Client | None, arena: Arena) -> None:
    """One person, one seat in an arena: two accounts of one browser are never both in it
    (one that left keeps its place in the standings, so it still counts)."""

    def holders(user_ids: set[int]) -> set[int]:
        players = ArenaPlayer.objects.filter(arena=arena, user_id__in=user_ids)
        return set(players.values_list("user_id", flat=True))

    check_one_seat(user=user, client=client, place=f"arena {arena.pk} ({arena})", holders=holders)


@records_refusals
@transaction.atomic
def arena_join(
    *, user: User, arena_id: int, now: datetime | None = None, client: Client | None = None
) -> ArenaPlayer:
    """Joins (or rejoins after leaving) an arena that has not ended; they wait for a
    table at once if it runs. `client`: the request's browser and address (one person,
    one seat)."""
    check_allowed(user, "events")
    now = now or timezone.now()
    arena = arena_lock(arena_id)
    if arena.state_at(now) == Arena.State.FINISHED:
        raise Conflict("This arena has ended")
    if arena.starts_at <= now and not arena.seats_at(now):
        raise Conflict("This arena seats nobody in its last minutes: join the next one")
    player = ArenaPlayer.objects.filter(arena=arena, user=user).first()
    if player is not None and player.active:
        raise Conflict("You are in this arena already")
    if player is None:
        club = club_of(arena, user)
        check_arena_seat(user=user, client=client, arena=arena)
        player = ArenaPlayer(arena=arena, user=user, club=club)
    player.active = True
    player.free_since = now
    player.save()
    return player


@transaction.atomic
def arena_leave(*, user: User, arena_id: int, now: datetime | None = None) -> ArenaPlayer:
    """Leaves an arena: not seated again (a game they are playing goes on and counts);
    their points stay in the standings. Once it ended, its standings are final."""
    arena = arena_lock(arena_id)
    if arena.state_at(now or timezone.now()) == Arena.State.FINISHED:
        raise Conflict("This arena has ended: its standings are final")
    player = ArenaPlayer.objects.filter(arena=arena, user=user).first()
    if player is None:
        raise NotFound("You are not in this arena")
    if not player.active:
        raise Conflict("You left this arena already")
    player.active = False
    player.free_since = None
    player.save(update_fields=["active", "free_since"])
    return player


def arenas_restricted(user: User, activity: str) -> None:
    """accounts.hooks.restricted: barred from events, the person leaves every arena and
    battle not yet over, as arena_leave does (no new table; a game they are playing goes
    on and counts, and their points stay)."""
    if activity != "events":
        return
    entries = ArenaPlayer.objects.filter(user=user, active=True, arena__ends_at__gt=timezone.now())
    for arena_id in entries.values_list("arena_id", flat=True):
        arena_leave(user=user, arena_id=arena_id)
