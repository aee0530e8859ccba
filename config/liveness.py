"""Is a Celery worker really consuming tasks? Is beat really publishing them?

A worker can reconnect to a restarted Redis and then never take a task again while it
still answers `celery inspect ping` (celery/celery#8030, #8091, #9054, #10205): control
commands travel over pub/sub, tasks over BRPOP. So the worker check is a real task round
trip to that one worker: `liveness.echo` goes to the worker's own queue (`worker_direct`,
"<nodename>.dq2") over a fresh broker connection, and the worker proves it ran it by
leaving a key in Redis. Beat touches a heartbeat file each time a task reached the broker
(`config.celery.HeartbeatScheduler`); a stale file means beat lost the broker.

    python -m config.liveness worker@host            # exit 0: consumes; 1: deaf or away
    python -m config.liveness --beat FILE [--max-age SECONDS]

Used by `config.devstack`, and meant as a systemd watchdog or a Kubernetes livenessProbe
(run it only while Redis answers, and act after a few failures in a row).
"""

import argparse
import os
import sys
import time
import uuid
from pathlib import Path

import redis

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

KEY_PREFIX = "spades:liveness:"


def _client(url: str, timeout: float) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)


def redis_answers(url: str | None = None, timeout: float = 1.0) -> bool:
    from django.conf import settings

    client = _client(url or settings.REDIS_URL, timeout)
    try:
        return bool(client.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()


def worker_consumes(nodename: str, timeout: float = 5.0) -> bool:
    """True when the worker `nodename` ran a task sent to its own queue within `timeout`."""
    from celery.utils.nodenames import worker_direct
    from django.conf import settings

    from config.celery import app, liveness_echo

    key = f"{KEY_PREFIX}{uuid.uuid4().hex}"
    client = _client(settings.REDIS_URL, min(timeout, 2.0))
    deadline = time.monotonic() + timeout
    try:
        # A fresh connection each time: nothing stale from before a Redis restart.
        with app.connection_for_write() as connection:
            liveness_echo.apply_async(
                (key,),
                queue=worker_direct(nodename),
                connection=connection,
                expires=timeout,  # a late worker drops it rather than piling up echoes
                retry=False,
            )
        while time.monotonic() < deadline:
            if client.delete(key):
                return True
            time.sleep(0.05)
        return False
    except Exception:
        return False  # Redis away, or a broker error: not a consuming worker either way
    finally:
        client.close()


def beat_age(heartbeat_file: str | Path) -> float | None:
    """Seconds since beat last handed a task to the broker; None before its first one."""
    try:
        return time.time() - Path(heartbeat_file).stat().st_mtime
    except FileNotFoundError:
        return None


def beat_publishes(heartbeat_file: str | Path, max_age: float = 10.0) -> bool:
    age = beat_age(heartbeat_file)
    return age is not None and age <= max_age


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m config.liveness", description=__doc__)
    parser.add_argument("nodename", nargs="?", help="the worker's node name, e.g. worker@host")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds (worker check)")
    parser.add_argument("--beat", metavar="FILE", help="check beat's heartbeat file instead")
    parser.add_argument("--max-age", type=float, default=10.0, help="seconds (beat check)")
    args = parser.parse_args(argv)
    if args.beat:
        alive = beat_publishes(args.beat, args.max_age)
    elif args.nodename:
        import django

        django.setup()
        alive = worker_consumes(args.nodename, args.timeout)
    else:
        parser.error("give a worker node name or --beat FILE")
    print("alive" if alive else "NOT alive")
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
