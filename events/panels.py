"""What arenas add to the pages of the apps below (accounts.hooks.Panel): the lobby's live
and next arenas, each joined with one click; a profile's trophies; a club's events."""

from django.http import HttpRequest
from django.utils import timezone

from accounts.hooks import Panel
from accounts.models import User
from clubs import selectors as club_selectors
from clubs.models import Club, Membership
from events import selectors
from events.forms import BattleForm, ClubArenaForm, ClubSwissForm

NEXT_SHOWN = 2


def lobby_arenas(request: HttpRequest) -> Panel | None:
    now = timezone.now()
    found = selectors.arenas_by_state(now=now)
    mine = club_selectors.clubs_of(request.user)
    shown = [
        arena
        for arena in found["live"] + found["upcoming"][:NEXT_SHOWN]
        if selectors.open_to(arena, mine)
    ]
    if not shown:
        return None
    joined = selectors.arenas_joined(request.user, [arena.pk for arena in shown])
    context = {"lobby_arenas": shown, "joined_arenas": joined, "now": now}
    return Panel("events/_lobby_arenas.html", context, "top")


def profile_trophies(request: HttpRequest, player: User) -> Panel | None:
    """The podium places the person took in arenas, the latest first."""
    trophies = selectors.trophies_of(player, now=timezone.now())
    if not trophies:
        return None
    return Panel("events/_profile_trophies.html", {"trophies": trophies}, "main", rank=15)


def club_events(request: HttpRequest, club: Club) -> Panel:
    """The club's arenas and battles; for its owner and organisers the forms that schedule
    one, and for its owner the challenges to answer."""
    membership = club_selectors.membership_of(club, request.user)
    owner = membership is not None and membership.role == Membership.Role.OWNER
    now = timezone.now()
    context = {
        "club_arenas": selectors.club_arenas(club, now=now),
        "can_organise": membership is not None and membership.can_organise,
        "is_owner": owner,
        "arena_form": ClubArenaForm(),
        "swiss_form": ClubSwissForm(),
        "battle_form": BattleForm(),
        "challenges_in": selectors.challenges_to(club) if owner else [],
        "challenges_out": selectors.challenges_from(club) if owner else [],
        "now": now,
    }
    return Panel("events/_club_events.html", context, "main", rank=30)
