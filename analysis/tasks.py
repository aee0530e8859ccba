"""The Celery task of a game's analysis. Only one run claims a queued analysis, so a
duplicate delivery does nothing."""

from celery import shared_task

from analysis import services


@shared_task(name="analysis.analyse_game", acks_late=True)
def analyse_game(analysis_id: int) -> None:
    services.analysis_run(analysis_id=analysis_id)
