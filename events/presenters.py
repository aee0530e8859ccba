"""What an arena's page and its live part show, shaped for the templates."""

from datetime import datetime

from accounts.models import User
from clubs import selectors as club_selectors
from events import scoring, selectors
from events.models import Arena


def arena_page(arena: Arena, viewer: User, *, now: datetime, error: str = "") -> dict:
    shown = selectors.arena_now(arena, viewer, now=now)
    finished = shown["state"] == Arena.State.FINISHED
    table = shown["standings"]
    return {
        **shown,
        "arena": arena,
        "clubs": list(arena.clubs.all()),
        "may_join": viewer.is_authenticated
        and selectors.open_to(arena, club_selectors.clubs_of(viewer)),
        "seating": arena.seats_at(now),
        "poll": not finished,
        "standings": [
            {"place": place, "player": player, "on_fire": player.streak >= scoring.STREAK_FROM}
            for place, player in enumerate(table, start=1)
        ],
        "podium": table[: selectors.PODIUM] if finished else [],
        "winner": selectors.winner_of(arena) if finished else None,
        "my_games": selectors.games_of(arena, viewer) if shown["me"] else [],
        "error": error,
        "win_points": scoring.WIN,
    }
