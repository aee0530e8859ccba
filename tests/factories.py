"""factory_boy factories for the project's models."""

from functools import cache

import factory
import pytest
from django.conf import settings
from django.contrib.auth.hashers import make_password

from accounts.models import User

PASSWORD = "correct-horse-battery-staple"


@cache
def _hashed(hashers: tuple[str, ...]) -> str:
    return make_password(PASSWORD)


def hashed_password() -> str:
    """PASSWORD hashed once per process and hasher setting: the default hasher costs about
    a second of CPU a hash, which made setting up a few people dominate many tests. Every
    user shares the salt, which no test minds."""
    return _hashed(tuple(settings.PASSWORD_HASHERS))


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Cheap password hashes, for every test of the module or conftest that imports this:
    tests that make many people, where hashing properly would dominate. (Not for people who
    log in to a server process: it keeps the real hashers.)"""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    password = factory.LazyFunction(hashed_password)
