"""Fixtures of the duplicate tests: today's challenge (boards are played in-process with
tests/conftest.py's quiet_games)."""

import pytest


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def today(db):
    """Today's daily challenge, without its double-dummy tricks (worked out where tested)."""
    from duplicate.services import daily as daily_services

    return daily_services.daily_today()
