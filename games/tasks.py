"""Celery tasks of live games. A bot's move is tagged with the game version it was armed
for and does nothing once the game has moved on, so re-delivery and duplicates are
harmless. The clocks (turn timeouts, the stuck-game sweep) run from beat."""

from contextlib import suppress

from celery import shared_task

from core.errors import Conflict, NotFound
from games.services import clock, play


@shared_task(name="games.bot_move", acks_late=True)
def bot_move(game_id: int, version: int) -> None:
    # The game may be gone, or someone moved first: then there is nothing to do.
    with suppress(NotFound, Conflict):
        play.game_autoplay(game_id=game_id, version=version, timeout=False)


@shared_task(name="games.fire_turn_timeouts")
def fire_turn_timeouts() -> int:
    return play.fire_turn_timeouts()


@shared_task(name="games.sweep_stuck_games")
def sweep_stuck_games() -> int:
    return clock.sweep_stuck_games()
