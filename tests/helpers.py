"""Helpers for tests that inspect what players receive."""

import re

CARD = re.compile(r"^([2-9TJQKA][CDHS]|[LB]J)$")  # the Jokers too


def card_codes_in(data) -> set[str]:
    """Every card code anywhere in a JSON-like structure."""
    if isinstance(data, str):
        return {data} if CARD.match(data) else set()
    if isinstance(data, dict):
        return set().union(*(card_codes_in(value) for value in data.values()), set())
    if isinstance(data, list | tuple):
        return set().union(*(card_codes_in(value) for value in data), set())
    return set()


def told(user, *, now=None) -> list[str]:
    """The notices under a person's bell as they read them (at `now`), newest first."""
    from social.models import Notification
    from social.notices import worded

    return [
        notice.words
        for notice in worded(list(Notification.objects.filter(user=user)), reader=user, now=now)
    ]
