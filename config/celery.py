"""The Celery app: Redis broker, tasks discovered in the Django apps."""

import contextlib
import os
from pathlib import Path

import redis
from celery import Celery, signals
from celery.beat import PersistentScheduler
from celery.utils.threads import bound_open_broker_sockets
from celery.worker import consumer
from celery.worker.consumer.consumer import COLLECT_SOCKET_TIMEOUT

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


class Consumer(consumer.Consumer):
    """Celery's consumer, without the step that kills a worker on a Redis restart with
    tasks in flight (CELERY_WORKER_CONSUMER; issue #27).

    After losing the broker, Celery 5.7.0 collects the connection, which drops its
    transport's client, and then closes it. Collecting could not close the Redis channel
    (draining its pending BRPOP from a Redis that refuses connections raised first), so the
    close goes through it again and, when the channel holds unacknowledged tasks (a bot
    move or a countdown in flight), restoring them asks the dropped client for a hostname.
    Celery ignores only connection errors there: the AttributeError ends the worker with
    "Unrecoverable error". An idle worker has nothing to restore and survives.

    So we take the same two steps ourselves, ignoring any error as Celery means to, and
    hand Celery a consumer without a connection: the rest of its handling (cancelling
    acks_late tasks, the reduced prefetch) is unchanged. Only the restore is skipped, which
    could not reach a Redis that refuses connections anyway: the tasks stay in Redis's
    unacked set and come back after the visibility timeout, or the sweep re-arms them.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A task that finishes after the connection was lost is acknowledged on the dead
        # channel, whose transport client is gone by then: kombu raises the same
        # AttributeError from the event loop, and the worker exits. Counted with the
        # connection errors, it is logged ("Failed to acknowledge") like an ack that could
        # not reach Redis; the task comes back after the visibility timeout, or the sweep
        # re-arms its game. (The consumer also treats it as a lost connection, reconnecting.)
        self.connection_errors = (*self.connection_errors, AttributeError)

    def on_connection_error_after_connected(self, exc):
        connection, self.connection = self.connection, None
        if connection is not None:
            # As Celery does: a read on a peer gone silent must not hang the worker.
            bound_open_broker_sockets(connection, COLLECT_SOCKET_TIMEOUT)
            with contextlib.suppress(Exception):
                connection.collect(socket_timeout=COLLECT_SOCKET_TIMEOUT)
            with contextlib.suppress(Exception):  # the close releases the channel's sockets
                connection.close()
        super().on_connection_error_after_connected(exc)
