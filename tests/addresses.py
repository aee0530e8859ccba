"""A network address of its own for each test client: the one-seat rule (accounts.seats)
links accounts seen at one address, so tests whose people are meant to be strangers give
each one theirs (REMOTE_ADDR for Django's test client, X-Forwarded-For for a live Daphne,
which the tests start with --proxy-headers as a proxy's would be)."""

import hashlib
import itertools

_NEXT = itertools.count(1)


def address_for(key: str) -> str:
    """The same private address for the same key (a token, a username)."""
    digest = hashlib.sha256(key.encode()).digest()
    return f"10.{digest[0]}.{digest[1]}.{digest[2] or 1}"


def new_address() -> str:
    """A private address no other client of this process has had."""
    number = next(_NEXT)
    return f"10.200.{number // 250 % 250}.{number % 250 + 1}"
