"""Shared fixtures: real Celery worker and Daphne processes on the test database, and users."""

import itertools
import json
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
import redis
from django.conf import settings

from config import processes
from config.celery import app as celery_app

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
FUZZ_PARTS = ARTIFACTS / "fuzz-counts"  # <module>.<process>.json: the fuzz modules' counts


def write_fuzz_counts(module: str, counts: dict[str, list[int]]) -> None:
    """One process's inputs and 5xx answers per endpoint of a fuzzing module."""
    FUZZ_PARTS.mkdir(parents=True, exist_ok=True)
    process = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (FUZZ_PARTS / f"{module}.{process}.json").write_text(json.dumps(counts))


def fuzz_count_tables(since: float) -> dict[str, list[str]]:
    """Each fuzzing module's counts of this run, the processes' parts added up."""
    totals: dict[str, Counter] = {}
    for part in sorted(FUZZ_PARTS.glob("*.json")):
        if part.stat().st_mtime < since:
            continue  # an earlier run's
        module = part.name.split(".")[0]
        for name, (sent, five_xx) in json.loads(part.read_text()).items():
            totals.setdefault(module, Counter())[name, "sent"] += sent
            totals[module][name, "5xx"] += five_xx
    tables = {}
    for module, counts in totals.items():
        names = sorted({name for name, _ in counts})
        width = max(map(len, [*names, "total"]))
        rows = [(name, counts[name, "sent"], counts[name, "5xx"]) for name in names]
        rows.append(("total", sum(r[1] for r in rows), sum(r[2] for r in rows)))
        tables[module] = [
            f"{name:<{width}}  {sent:>6} inputs  {five_xx:>4} answered 5xx"
            for name, sent, five_xx in rows
        ]
    return tables


def database_url() -> str:
    """The URL of the database the tests use now (the test database, once created)."""
    db = settings.DATABASES["default"]
    if db["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def service_env() -> dict:
    """Environment for worker and server processes: the test database and Redis, no delays."""
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return {
        **env,
        "DATABASE_URL": database_url(),
        "REDIS_URL": settings.REDIS_URL,
        "BOT_MOVE_DELAY": "0",
        "LOG_LEVEL": os.environ.get("LOG_LEVEL", "WARNING"),  # workers and servers: warnings up
        # No pauses after tricks and hands, unless a test sets them (tests/browser).
        "TRICK_PAUSE": os.environ.get("TRICK_PAUSE", "0"),
        "HAND_PAUSE": os.environ.get("HAND_PAUSE", "0"),
        "SWEEP_GRACE_SECONDS": "3",
        "SWEEP_INTERVAL": "1",
    }


class Worker:
    """A real Celery worker process (with beat embedded) that can be killed and restarted."""

    def __init__(self, tmp_path: Path):
        self.tmp_path = tmp_path
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        name = f"test-{os.getpid()}-{time.monotonic_ns()}@{socket.gethostname()}"
        self.process = processes.start(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-B",
             "--queues=celery,analysis",
             f"--schedule={self.tmp_path / 'beat-schedule'}",
             f"--hostname={name}",
             "--without-heartbeat", "--without-gossip", "--without-mingle"],
            env=service_env(),
        )  # fmt: skip
        try:
            processes.wait_until(
                # Waits itself: the whole 0.5 s for any worker, only until its reply for
                # this one (a reply from each destination ends the wait).
                lambda: celery_app.control.ping(destination=[name], timeout=0.5),
                60,
                "The Celery worker did not start",
                every=0,
                process=self.process,
            )
        except processes.TimedOut:
            self.kill()
            raise

    def kill(self) -> None:
        """Dies at once, mid-task if need be, as a crashed machine would."""
        processes.kill(self.process)

    def stop(self) -> None:
        processes.stop(self.process, timeout=20)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, whose drop at the end does not fail on a session that
    a process a test started (a worker, a server) has not closed yet: it is ended first,
    or the database would stay behind on the PostgreSQL server."""
    yield
    from django.db import connection

    if connection.vendor == "postgresql":
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


def forget_queued_tasks() -> None:
    """Empties the queues, and the tasks an earlier worker took and never acknowledged
    (killed, or stopped mid-task; a test's or an earlier run's). Kombu would put those back
    in the queue after the visibility timeout, into a later test (ids start again with
    each test database), where a stale task can keep the one-task worker busy: in CI a
    browser test once waited 30 s for a bot that never bid."""
    celery_app.control.purge()
    client = redis.Redis.from_url(settings.REDIS_URL)
    client.delete("unacked", "unacked_index", "unacked_mutex")


@pytest.fixture
def quiet_games(monkeypatch):
    """Games played in-process (tests/duplicate/play.py, tests/games/finished.py): no live
    pushes and no move timers (not under test there, and slow when on-commit callbacks run)."""
    from celery import current_app

    from games import events

    monkeypatch.setattr(current_app, "send_task", lambda *args, **kwargs: None)
    monkeypatch.setattr(events, "game_changed", lambda snapshot: None)


@pytest.fixture
def celery_worker(transactional_db, tmp_path):
    forget_queued_tasks()
    worker = Worker(tmp_path)
    worker.start()
    yield worker
    worker.stop()


# Each xdist worker takes its servers' ports from a range of its own, below the kernel's
# ephemeral ports (32768 up): with bind(0) two workers once drew the same port, and one
# test's pages were served by another test's Daphne.
_WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
_PORTS = itertools.count(20000 + 2000 * _WORKER)


def free_port() -> int:
    """A port that is free now and that no other test process will pick."""
    for port in _PORTS:
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port


class Server:
    """A real Daphne process serving the site on a local port; can be restarted."""

    def __init__(self, port: int):
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = processes.start(
            # --proxy-headers, as behind a proxy in production: each test client says its
            # own address in X-Forwarded-For (accounts.seats links accounts by address).
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             "--proxy-headers", "config.asgi:application"],
            env=service_env(),
        )  # fmt: skip
        processes.wait_until(
            lambda: processes.serves(f"{self.url}/"), 30, "Daphne did not start",
            process=self.process,
        )  # fmt: skip

    def stop(self) -> None:
        processes.stop(self.process, timeout=20)


@pytest.fixture
def servers(transactional_db):
    """Starts Daphne processes on demand: `servers()` gives a new running one."""
    started = []

    def start() -> Server:
        server = Server(free_port())
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def fresh_presence():
    """User ids start again with each test database, but Redis outlives it: presence left
    by an earlier run (social.presence: `presence:seen`, a live socket's set) must not show."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    keys = list(client.scan_iter("presence:*"))
    if keys:
        client.delete(*keys)


@pytest.fixture
def user(db):
    from tests.factories import UserFactory  # needs Django's apps: engine tests run without

    return UserFactory()


def pytest_sessionstart(session):
    session.config.started_at = time.time()


def pytest_terminal_summary(terminalreporter, config):
    """The fault suite's table of times to resume (tests/test_faults.py) and the fuzz
    counts (the test_fuzz_* modules, maybe from a parallel process), when they ran."""
    from tests import faults

    if faults.RESULTS:
        terminalreporter.section("faults: time to resume")
        for line in faults.table():
            terminalreporter.write_line(line)
        terminalreporter.write_line(f"(also in {faults.TIMES_FILE.relative_to(faults.ROOT)})")
    for module, lines in sorted(fuzz_count_tables(config.started_at).items()):
        counts = ARTIFACTS / f"fuzz-counts-{module}.txt"
        counts.write_text("\n".join(lines) + "\n")
        terminalreporter.section(f"fuzz: inputs per endpoint ({counts.relative_to(ROOT)})")
        for line in lines:
            terminalreporter.write_line("  " + line)
