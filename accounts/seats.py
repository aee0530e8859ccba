"""One person, one seat: a second account from the same browser is refused a seat where
an account of that browser holds one; accounts of the same network address are allowed
(a family or a dormitory shares one) but recorded for the moderators.

The apps that seat people say what "holding a seat there" means in their own terms (the
`holders` they pass): ranked play, the daily challenge, an arena, a tournament. Casual
tables do not ask. An account "of this browser" was signed in from it within
BROWSER_MEMORY; "of this address", seen at it within ADDRESS_MEMORY (addresses are
handed to someone else after a while). An API token has no browser: two accounts' tokens
from one address are recorded like any shared address, never refused.

The check runs in the app's transaction, after its own locks and checks; a refusal is
recorded by `records_refusals`, outside it, so that the record outlives the rollback."""

import functools
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from accounts.browsers import Client
from accounts.models import SharedSeat, Sighting, User
from core.errors import Forbidden

ONE_SEAT = "Another account is playing from this browser: one person, one seat"
BROWSER_MEMORY = timedelta(days=30)
ADDRESS_MEMORY = timedelta(days=1)


class SeatRefused(Forbidden):
    """A second seat from one browser: the refusal, and its records for the moderators."""

    def __init__(self, records: list[SharedSeat]):
        super().__init__(ONE_SEAT)
        self.records = records


def accounts_sharing(user: User, client: Client, *, now: datetime) -> tuple[set, set]:
    """The other accounts seen from this client's browser, and those seen at its address
    (without the former)."""
    seen_here = Q(pk__in=[])  # nothing, unless the client has a browser or an address
    if client.browser:
        seen_here |= Q(browser=client.browser, last_seen__gte=now - BROWSER_MEMORY)
    if client.address:
        seen_here |= Q(address=client.address, last_seen__gte=now - ADDRESS_MEMORY)
    rows = Sighting.objects.exclude(user=user).filter(seen_here)
    by_browser, by_address = set(), set()
    for other, browser, address, seen in rows.values_list(
        "user_id", "browser", "address", "last_seen"
    ):
        if client.browser and browser == client.browser and seen >= now - BROWSER_MEMORY:
            by_browser.add(other)
        if client.address and address == client.address and seen >= now - ADDRESS_MEMORY:
            by_address.add(other)
    return by_browser, by_address - by_browser


def check_one_seat(
    *,
    user: User,
    client: Client | None,
    place: str,
    holders: Callable[[set[int]], Iterable[int]],
    now: datetime | None = None,
) -> None:
    """Refuses `user` a seat at `place` (words a moderator reads) if an account of the
    same browser holds one there; records, and allows, one of the same address.
    `holders(ids)` answers which of these accounts hold a seat there. A None client is a
    caller that is no person's request (a beat task, a test, a director seating people)."""
    if client is None:
        return
    now = now or timezone.now()
    by_browser, by_address = accounts_sharing(user, client, now=now)
    if not by_browser and not by_address:
        return
    seated = set(holders(by_browser | by_address))

    def records(others: set[int], shared: str, refused: bool) -> list[SharedSeat]:
        return [
            SharedSeat(
                user=user,
                other_id=other,
                place=place[:200],
                shared=shared,
                refused=refused,
                browser=client.browser,
                address=client.address,
                created_at=now,
            )
            for other in sorted(others)
        ]

    if seated & by_browser:
        raise SeatRefused(records(seated & by_browser, SharedSeat.Shared.BROWSER, True))
    SharedSeat.objects.bulk_create(records(seated & by_address, SharedSeat.Shared.ADDRESS, False))


def records_refusals(service: Callable) -> Callable:
    """Wraps a service whose transaction runs check_one_seat (put it outside
    @transaction.atomic): a refusal rolls the service back, then is recorded."""

    @functools.wraps(service)
    def wrapper(*args, **kwargs):
        try:
            return service(*args, **kwargs)
        except SeatRefused as refusal:
            SharedSeat.objects.bulk_create(refusal.records)
            raise

    return wrapper
