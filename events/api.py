"""Arenas in the JSON API (core.api's style: session or token, JSON errors): the lists,
an arena's standings, joining and leaving, and a person's games in an arena."""

from django.http import HttpRequest, JsonResponse
from django.utils import timezone

from accounts.browsers import client_of
from core.api import api_view
from core.errors import NotFound
from events import selectors
from events.models import Arena
from events.schemas import (
    ArenaGameOut,
    ArenaGames,
    ArenaOut,
    Arenas,
    ArenaState,
    ClubStanding,
    Standing,
)
from events.services import arenas as arena_services
from social import services as social_services


def _arena(arena_id: int) -> Arena:
    # Its clubs are read by the standings, the API's document and the join check alike.
    found = Arena.objects.prefetch_related("clubs").filter(pk=arena_id).first()
    if found is None:
        raise NotFound("No such arena")
    return found


def _state(request: HttpRequest, arena: Arena) -> ArenaState:
    shown = selectors.arena_now(arena, request.user, now=timezone.now())
    me, game = shown["me"], shown["my_game"]
    return ArenaState(
        arena=ArenaOut.of(arena, state=shown["state"], people=arena.players.count()),
        standings=[
            Standing.of(place, player) for place, player in enumerate(shown["standings"], start=1)
        ],
        clubs=[
            ClubStanding.of(place, line)
            for place, line in enumerate(shown["club_standings"], start=1)
        ],
        me=Standing.of(shown["my_place"], me) if me else None,
        waiting=bool(me and me.active and me.free_since and shown["state"] == Arena.State.LIVE),
        game=ArenaGameOut.of(game.arena_game) if game else None,
        games_still_playing=shown["still_playing"],
    )


@api_view(methods=["GET"], anonymous=True, responses={200: Arenas})
def arenas(request: HttpRequest, body: dict) -> JsonResponse:
    """Live arenas (ending first), upcoming ones (starting first), the 10 latest finished."""
    now = timezone.now()
    found = selectors.arenas_by_state(now=now)
    return JsonResponse(
        Arenas(
            **{
                state: [ArenaOut.of(arena, state=state, people=arena.people) for arena in rows]
                for state, rows in found.items()
            }
        ).data()
    )


@api_view(methods=["GET"], anonymous=True, responses={200: ArenaState})
def arena(request: HttpRequest, body: dict, arena_id: int) -> JsonResponse:
    """An arena: its standings (points, then fewer games), your place and your table."""
    return JsonResponse(_state(request, _arena(arena_id)).data())


@api_view(responses={200: ArenaState})
def arena_join(request: HttpRequest, body: dict, arena_id: int) -> JsonResponse:
    """Joins an arena (or rejoins after leaving): seated at the next table while it runs.
    409 once it ended or in its last minutes, or when you are in it already."""
    arena_services.arena_join(user=request.user, arena_id=arena_id, client=client_of(request))
    return JsonResponse(_state(request, _arena(arena_id)).data())


@api_view(responses={200: ArenaState})
def arena_leave(request: HttpRequest, body: dict, arena_id: int) -> JsonResponse:
    """Leaves an arena: not seated again; a game you play goes on and counts. 409 once it
    ended (its standings are final) or when you left it already."""
    arena_services.arena_leave(user=request.user, arena_id=arena_id)
    return JsonResponse(_state(request, _arena(arena_id)).data())


@api_view(methods=["GET"], anonymous=True, responses={200: ArenaGames})
def arena_games(request: HttpRequest, body: dict, arena_id: int, username: str) -> JsonResponse:
    """A person's games in an arena, the latest first."""
    arena = _arena(arena_id)
    person = social_services.person(username)
    rows = selectors.games_of(arena, person)
    return JsonResponse(
        ArenaGames(username=person.username, games=[ArenaGameOut.of(row) for row in rows]).data()
    )
