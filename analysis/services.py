"""Writes of analyses: requesting one (idempotent) and running it (the task's body)."""

import logging

from celery import current_app
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from analysis import review
from analysis.models import Analysis
from core.errors import Conflict
from games.engine import action_from_dict
from games.models import Game
from games.selectors import access_game
from games.services.seating import game_lock

logger = logging.getLogger(__name__)


def check_analysis_request(game: Game) -> None:
    if game.status != Game.Status.FINISHED:
        # A running game's cards are secret: no analysis may look at them.
        raise Conflict("Only a finished game can be analysed")


@transaction.atomic
def analysis_request(*, game_id: int, user: User, invite: str | None = None) -> Analysis:
    """Queue the analysis of a finished game the user may see. Asking again while it is
    queued, running or done changes nothing; a failed or lost run is started again."""
    game = access_game(user.pk, game_id, invite=invite)
    # The game row's lock serializes two requests for one game.
    game = game_lock(game.pk)
    check_analysis_request(game)
    analysis, created = Analysis.objects.get_or_create(
        game=game, defaults={"requested_by": user, "hands_total": game.hands.count()}
    )
    if not created:
        if analysis.status != Analysis.Status.FAILED and not analysis.lost:
            return analysis
        analysis.status = Analysis.Status.QUEUED
        analysis.hands_done, analysis.result, analysis.error = 0, {}, ""
        analysis.requested_by = user
        analysis.save()
    analysis_id = analysis.pk
    # robust: a broker that cannot be reached must not undo the request.
    transaction.on_commit(lambda: _send(analysis_id), robust=True)
    return analysis


def _send(analysis_id: int) -> None:
    current_app.send_task("analysis.analyse_game", args=(analysis_id,))


def analysis_run(*, analysis_id: int) -> None:
    """Analyse the game hand by hand, saving after each hand; a failure is recorded."""
    claimed = Analysis.objects.filter(pk=analysis_id, status=Analysis.Status.QUEUED).update(
        status=Analysis.Status.RUNNING, started_at=timezone.now(), updated_at=timezone.now()
    )
    if not claimed:
        return  # done, running elsewhere, or gone
    analysis = Analysis.objects.select_related("game").get(pk=analysis_id)
    game = analysis.game
    try:
        actions = [
            action_from_dict(action.payload, action.seat)
            for action in game.actions.order_by("version")
        ]
        hands: list[dict] = []
        for hand in review.review_game(game.rules, bytes.fromhex(game.seed), actions):
            hands.append(hand)
            analysis.hands_done = len(hands)
            analysis.result = {"hands": hands, "summary": review.summary(hands)}
            analysis.save(update_fields=["hands_done", "result", "updated_at"])
    except Exception:
        logger.exception("Analysis %s of game %s failed", analysis_id, game.pk)
        analysis.status = Analysis.Status.FAILED
        analysis.error = "The analysis stopped with an error on our side. Try again."
        analysis.finished_at = timezone.now()
        analysis.save(update_fields=["status", "error", "finished_at", "updated_at"])
        return
    analysis.status = Analysis.Status.DONE
    analysis.hands_total = len(hands)
    analysis.finished_at = timezone.now()
    analysis.save(update_fields=["status", "hands_total", "finished_at", "updated_at"])
