"""The Celery app: Redis broker, tasks discovered in the Django apps."""

import os
from pathlib import Path

import redis
from celery import Celery, signals
from celery.beat import PersistentScheduler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("spades")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.setup_logging.connect
def use_the_sites_logging(**_kwargs) -> None:
    """Workers and beat log as Daphne does (settings.LOGGING, core.logs), not in Celery's
    own format: one line a record in production, housekeeping at DEBUG."""
    from logging.config import dictConfig

    from django.conf import settings

    dictConfig(settings.LOGGING)


@app.task(name="ping")
def ping() -> str:
    """Answers through the broker and result backend; used by /healthz, liveness and tests."""
    return "pong"


_echo_client: redis.Redis | None = None


@app.task(name="liveness.echo", ignore_result=True)
def liveness_echo(key: str) -> None:
    """Leaves `key` in Redis for a minute: the proof `config.liveness` waits for that this
    worker takes tasks from its queue."""
    global _echo_client
    from django.conf import settings

    if _echo_client is None:
        _echo_client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=5)
    _echo_client.set(key, "1", ex=60)


class HeartbeatScheduler(PersistentScheduler):
    """Beat's usual scheduler that also touches settings.BEAT_HEARTBEAT_FILE (when set)
    every time a task reached the broker, so that a supervisor can tell a beat that keeps
    failing to publish (e.g. after a Redis restart) from a working one."""

    def apply_async(self, entry, producer=None, advance=True, **kwargs):
        result = super().apply_async(entry, producer=producer, advance=advance, **kwargs)
        from django.conf import settings

        if settings.BEAT_HEARTBEAT_FILE:
            Path(settings.BEAT_HEARTBEAT_FILE).touch()
        return result
