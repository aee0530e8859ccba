"""Fixtures of the clubs tests."""

from tests.factories import fast_passwords  # noqa: F401 (autouse: every test here)
