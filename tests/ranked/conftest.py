"""Fixtures of the ranked tests."""

import pytest


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # Ranked tests create many players; the real hasher takes a noticeable time per user.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
