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
