"""Celery tasks of duplicate events: preparing the days ahead, closing the days that ended
and recording the board results whose signal was lost (quick), and solving a board double
dummy (up to a second or two of CPU: the analysis queue, one board a task, so that a
worker that serves both queues never holds up bot moves for long)."""

import logging

from celery import shared_task

from duplicate.models import BoardGame
from duplicate.services import (
    boards as board_services,
    daily as daily_services,
    sessions as session_services,
)

logger = logging.getLogger(__name__)


@shared_task(name="duplicate.prepare", acks_late=True)
def prepare() -> int:
    unsolved = daily_services.daily_prepare()
    for board_id in unsolved:
        solve_board.delay(board_id)
    return len(unsolved)


@shared_task(name="duplicate.solve_board", acks_late=True)
def solve_board(board_id: int) -> None:
    board_services.board_solve(board_id=board_id)


@shared_task(name="duplicate.sweep", acks_late=True)
def sweep() -> int:
    return (
        daily_services.events_close_due()
        + board_services.results_sweep()
        + session_services.tables_sweep()
    )


def on_game_finished(sender, game_id: int, **kwargs) -> None:
    """Receiver of games.signals.game_finished: records a board's result at once (one row,
    cheaper than a task, and the player's next page shows it) and, at a club session's
    table, starts its next board. It runs after the game's commit inside whoever finished
    the game, so it never raises: the sweep does what this missed."""
    try:
        played = (
            BoardGame.objects.filter(game_id=game_id)
            .values_list("board__event_id", "round", "table")
            .first()
        )
        if played is not None:
            board_services.board_game_record(game_id=game_id)
            event_id, number, table = played
            if number is not None:  # a club session's table: on to its next board
                session_services.table_advance(session_id=event_id, number=number, table=table)
    except Exception:
        logger.exception("Could not record board game %s; the sweep will", game_id)
