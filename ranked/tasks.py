"""Celery tasks of ranked play: the matchmaker (beat, every 2 s) and rating (after each
ranked game, and every 30 s as a sweep for games whose signal was lost)."""

from celery import shared_task

from ranked.services import queue, ratings


@shared_task(name="ranked.form_tables")
def form_tables() -> int:
    return len(queue.tables_form())


@shared_task(name="ranked.rate_pending", acks_late=True)
def rate_pending() -> int:
    return ratings.ratings_rate_pending()
