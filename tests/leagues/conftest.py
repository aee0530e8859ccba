"""Fixtures of the leagues tests."""

import pytest

from tests.factories import fast_passwords  # noqa: F401 (autouse: every test here)


@pytest.fixture
def fast_games(quiet_games, monkeypatch):
    """Games played in-process to their end, quickly: random bots play for the people who
    leave their seats, and (tests/conftest.py's quiet_games) the live pushes and move
    timers are skipped."""
    from games.services import play

    monkeypatch.setattr(play, "TIMEOUT_BOT", "random")
