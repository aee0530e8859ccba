"""Celery tasks of arenas: the schedule (beat, 30 s: creating and announcing arenas, and
telling the results of those that ended), seating (beat, every 2 s), recording each
game's result (after the game, idempotent) and the sweep for results whose signal was lost
(beat, 30 s)."""

import logging

from celery import shared_task

from events.models import ArenaGame
from events.services import results, schedule, seating

logger = logging.getLogger(__name__)


@shared_task(name="events.seat")
def seat() -> int:
    return len(seating.arenas_seat())


@shared_task(name="events.schedule")
def run_schedule() -> dict:
    return {
        "created": len(schedule.schedules_run()),
        "announced": schedule.arenas_announce(),
        "concluded": results.arenas_conclude(),
    }


@shared_task(name="events.record_game", acks_late=True)
def record_game(game_id: int) -> bool:
    return results.record_game(game_id=game_id)


@shared_task(name="events.sweep")
def sweep() -> int:
    return results.sweep()


def on_game_finished(sender, game_id: int, **kwargs) -> None:
    """Receiver of games.signals.game_finished: queues the recording of an arena game. It
    runs after the game's commit, inside whoever finished the game, so it must never
    raise: if queueing fails, the sweep records the game later."""
    try:
        if ArenaGame.objects.filter(game_id=game_id).exists():
            record_game.delay(game_id)
    except Exception:
        logger.exception("Could not queue the recording of game %s; the sweep will", game_id)
