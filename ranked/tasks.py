"""Celery tasks of ranked play: the matchmaker (beat, every 2 s) and rating (after each
ranked game, and every 30 s as a sweep for games whose signal was lost)."""

from celery import shared_task

from ranked import services


@shared_task(name="ranked.form_tables")
def form_tables() -> int:
    return len(services.tables_form())


@shared_task(name="ranked.rate_pending", acks_late=True)
def rate_pending() -> int:
    return services.ratings_rate_pending()
