"""Fixtures of the leagues tests."""

import pytest


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # These tests make many people; hashing each password properly would dominate.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def fast_games(monkeypatch):
    """Games played in-process to their end, quickly: random bots play for the people who
    leave their seats, and the live pushes and move timers (not under test here, and
    slow when on-commit callbacks run) are skipped."""
    from celery import current_app

    from games import events
    from games.services import play

    monkeypatch.setattr(play, "TIMEOUT_BOT", "random")
    monkeypatch.setattr(current_app, "send_task", lambda *args, **kwargs: None)
    monkeypatch.setattr(events, "game_changed", lambda snapshot: None)
