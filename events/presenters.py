"""What an arena's page and its live part show, shaped for the templates."""

from datetime import datetime

from accounts.models import User
from events import scoring, selectors
from events.models import Arena


def arena_page(arena: Arena, viewer: User, *, now: datetime, error: str = "") -> dict:
    state = arena.state_at(now)
    table = list(selectors.standings(arena)[: selectors.STANDINGS_SHOWN])
    me = selectors.entry_of(arena, viewer)
    games = selectors.games_of(arena, viewer) if me else []
    clubs = list(arena.clubs.all())
    return {
        "arena": arena,
        "clubs": clubs,
        "club_standings": selectors.club_standings(arena),
        "may_join": viewer.is_authenticated
        and (not clubs or selectors.member_of_any(viewer, clubs)),
        "state": state,
        "seating": arena.seats_at(now),
        "poll": state != Arena.State.FINISHED,
        "standings": [
            {"place": place, "player": player, "on_fire": player.streak >= scoring.STREAK_FROM}
            for place, player in enumerate(table, start=1)
        ],
        "podium": table[: selectors.PODIUM] if state == Arena.State.FINISHED else [],
        "me": me,
        "my_place": selectors.place_of(arena, me) if me else None,
        "my_game": selectors.game_to_play(arena, viewer) if me else None,
        "my_games": games,
        "still_playing": selectors.still_playing(arena) if state == Arena.State.FINISHED else 0,
        "error": error,
        "win_points": scoring.WIN,
    }
