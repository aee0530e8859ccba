"""Shared fixtures: a real Celery worker process and user factories."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

from config.celery import app as celery_app
from tests.factories import UserFactory

ROOT = Path(__file__).resolve().parent.parent


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
    """Environment for worker and server processes: the test database and Redis."""
    return {**os.environ, "DATABASE_URL": database_url(), "REDIS_URL": settings.REDIS_URL}


@pytest.fixture
def celery_worker(transactional_db):
    """A real Celery worker process on the real broker, using the test database."""
    celery_app.control.purge()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--loglevel=WARNING",
            f"--hostname=test-{os.getpid()}@%h",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=ROOT,
        env=service_env(),
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while not celery_app.control.ping(timeout=0.5):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail("The Celery worker did not start")
    yield process
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture
def user(db):
    return UserFactory()
