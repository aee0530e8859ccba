"""Celery tasks of leagues and tournaments: recording results (keyed by game, idempotent),
the periodic sweep that catches what a lost signal or a dead process missed, and the beat
task that moves tournaments that run themselves on."""

import logging

from celery import shared_task

from leagues.models import Fixture, Pairing
from leagues.services import autorun, results

logger = logging.getLogger(__name__)


@shared_task(name="leagues.record_game", acks_late=True)
def record_game(game_id: int) -> bool:
    return results.record_game(game_id=game_id)


@shared_task(name="leagues.sweep")
def sweep() -> dict:
    return results.sweep()


@shared_task(name="leagues.autorun")
def run_tournaments() -> dict:
    return {"announced": autorun.tournaments_announce(), "moved": autorun.tournaments_run()}


def on_game_finished(sender, game_id: int, **kwargs) -> None:
    """Receiver of games.signals.game_finished: queues the recording of a league or
    tournament game. It runs after the game's commit, inside whoever finished the game,
    so it must never raise: if queueing fails, the sweep records the game later."""
    try:
        if (
            Fixture.objects.filter(game_id=game_id).exists()
            or Pairing.objects.filter(game_id=game_id).exists()
        ):
            record_game.delay(game_id)
    except Exception:
        logger.exception("Could not queue the recording of game %s; the sweep will", game_id)
