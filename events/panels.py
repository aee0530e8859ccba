"""What arenas add to the pages of the apps below (accounts.hooks.Panel): the lobby's live
and next arenas, each joined with one click."""

from django.http import HttpRequest
from django.utils import timezone

from accounts.hooks import Panel
from accounts.models import User
from events import selectors

NEXT_SHOWN = 2


def lobby_arenas(request: HttpRequest) -> Panel | None:
    now = timezone.now()
    found = selectors.arenas_by_state(now=now)
    shown = found["live"] + found["upcoming"][:NEXT_SHOWN]
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
