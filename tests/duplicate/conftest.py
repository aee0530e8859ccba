"""Fixtures of the duplicate tests: today's challenge (boards are played in-process with
tests/conftest.py's quiet_games) and a session director."""

import pytest

from tests.factories import UserFactory, fast_passwords  # noqa: F401 (autouse: every test here)
from tests.leagues.factories import directors_group


@pytest.fixture
def today(db):
    """Today's daily challenge, without its double-dummy tricks (worked out where tested),
    in Classic whatever the weekday (the variants have their own tests: test_variants.py)."""
    from datetime import UTC

    from django.utils import timezone

    from duplicate.services import daily as daily_services

    day = timezone.now().astimezone(UTC).date()
    return daily_services.event_make_daily(day=day, variant="classic", solve=False)


@pytest.fixture
def director(db):
    user = UserFactory(is_staff=True)
    user.groups.add(directors_group("duplicate.migrations.0003_session_directors"))
    return user
