"""Fixtures of the duplicate tests: today's challenge and boards played in-process."""

import pytest


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def quiet_games(monkeypatch):
    """Games played in-process (tests/duplicate/play.py): no live pushes and no move timers
    (not under test here, and slow when on-commit callbacks run)."""
    from celery import current_app

    from games import events

    monkeypatch.setattr(current_app, "send_task", lambda *args, **kwargs: None)
    monkeypatch.setattr(events, "game_changed", lambda snapshot: None)


@pytest.fixture
def today(db):
    """Today's daily challenge, without its double-dummy tricks (worked out where tested)."""
    from duplicate import services

    return services.daily_today()
