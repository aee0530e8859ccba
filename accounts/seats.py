"""One person, one seat: which accounts are linked (one person's, as far as the site can
tell), and the check that refuses a second account of one browser a seat where the first
holds one.

Two accounts are linked by a browser id both were signed in from within BROWSER_MEMORY,
or by a network address both were seen at with overlapping sessions (a sighting counts
from its first_seen until PRESENCE after its last_seen) within ADDRESS_MEMORY: addresses
are handed to someone else after a while. An API token's requests are sightings of its
account at their address, without a browser. A moderator's finding that two accounts are
different people (DifferentPeople) unlinks them. Nothing else is compared: no
fingerprinting.

Seats in ranked play, arenas and tournaments: a second account of one browser is refused
where the first holds one (the `holders` the app passes), and one of the same address is
allowed but recorded for the moderators; the matchmakers and pairings never seat two
linked accounts at one table (`linked_pairs`). Casual tables do not ask.

The check runs in the app's transaction, after its own locks and checks; a refusal is
recorded by `records_refusals`, outside it, so that the record outlives the rollback."""

import functools
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable
from datetime import datetime, timedelta
from itertools import combinations

from django.db.models import Q
from django.utils import timezone

from accounts.browsers import Client
from accounts.models import DifferentPeople, SharedSeat, Sighting, User
from core.errors import Forbidden

ONE_SEAT = "Another account is playing from this browser: one person, one seat"
PARTNERS_ONE_SEAT = (
    "Your account and {partner}'s were used from one browser: one person, one seat, so you "
    "cannot be partners"
)
BROWSER_MEMORY = timedelta(days=30)
ADDRESS_MEMORY = timedelta(days=1)
# A session is taken to last this long after its sighting was last refreshed (which
# happens at most every accounts.browsers.REFRESH while the person makes requests, never
# while a page only listens on its socket).
PRESENCE = timedelta(hours=1)
BROWSER, ADDRESS = SharedSeat.Shared.BROWSER, SharedSeat.Shared.ADDRESS

# (user id, browser, address, first_seen, last_seen)
Seen = tuple[int, str, str, datetime, datetime]


class SeatRefused(Forbidden):
    """A second seat from one browser: the refusal, and its records for the moderators."""

    def __init__(self, records: list[SharedSeat], message: str = ONE_SEAT):
        super().__init__(message)
        self.records = records


def _links(rows: Iterable[Seen], *, now: datetime) -> dict[frozenset[int], str]:
    """The linked pairs among these sightings (read within BROWSER_MEMORY), each with how:
    BROWSER, else ADDRESS."""
    by_browser: dict[str, set[int]] = defaultdict(set)
    by_address: dict[str, list[tuple[int, datetime, datetime]]] = defaultdict(list)
    for user_id, browser, address, first_seen, last_seen in rows:
        if browser:
            by_browser[browser].add(user_id)
        if address and last_seen >= now - ADDRESS_MEMORY:
            by_address[address].append((user_id, first_seen, last_seen + PRESENCE))
    links: dict[frozenset[int], str] = {}
    for seen in by_address.values():
        for (a, a_from, a_to), (b, b_from, b_to) in combinations(seen, 2):
            if a != b and a_from <= b_to and b_from <= a_to:
                links[frozenset((a, b))] = ADDRESS
    for users in by_browser.values():
        for pair in combinations(users, 2):
            links[frozenset(pair)] = BROWSER
    return links


def _sightings(query: Q, *, now: datetime) -> list[Seen]:
    return list(
        Sighting.objects.filter(query, last_seen__gte=now - BROWSER_MEMORY).values_list(
            "user_id", "browser", "address", "first_seen", "last_seen"
        )
    )


def _without_different(links: dict[frozenset[int], str], findings: Q) -> dict[frozenset[int], str]:
    """The links but those of pairs a moderator found to be different people (`findings`
    selects the findings that may concern them)."""
    if links:
        for pair in DifferentPeople.objects.filter(findings).values_list("first_id", "second_id"):
            links.pop(frozenset(pair), None)
    return links


def linked_pairs(
    user_ids: Collection[int], *, now: datetime | None = None
) -> dict[frozenset[int], str]:
    """Every linked pair among these accounts, with how (BROWSER or ADDRESS): two queries
    however many, for the matchmakers' passes."""
    now = now or timezone.now()
    if len(user_ids) < 2:
        return {}
    links = _links(_sightings(Q(user_id__in=user_ids), now=now), now=now)
    return _without_different(links, Q(first_id__in=user_ids, second_id__in=user_ids))


def linked_to(
    user: User, *, client: Client | None = None, now: datetime | None = None
) -> dict[int, str]:
    """The accounts linked to `user`, each with how; `client`, the request being served,
    counts as a sighting now (the middleware records it only after the response)."""
    now = now or timezone.now()
    mine = _sightings(Q(user=user), now=now)
    if client is not None:
        mine.append((user.pk, client.browser, client.address, now, now))
    browsers = {browser for _, browser, *_ in mine if browser}
    addresses = {address for _, _, address, *_ in mine if address}
    near = Q(browser__in=browsers) | Q(address__in=addresses, last_seen__gte=now - ADDRESS_MEMORY)
    theirs = _sightings(near & ~Q(user=user), now=now) if browsers or addresses else []
    links = {pair: how for pair, how in _links(mine + theirs, now=now).items() if user.pk in pair}
    links = _without_different(links, Q(first=user) | Q(second=user))
    return {next(iter(pair - {user.pk})): how for pair, how in links.items()}


def linked(first: User, second: User, *, now: datetime | None = None) -> str | None:
    """How these two accounts are linked (BROWSER or ADDRESS), None if they are not."""
    return linked_pairs({first.pk, second.pk}, now=now).get(frozenset((first.pk, second.pk)))


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
    links = linked_to(user, client=client, now=now)
    by_browser = {other for other, how in links.items() if how == BROWSER}
    by_address = set(links) - by_browser
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


def check_partners(
    *, user: User, partner: User, client: Client | None, place: str, now: datetime | None = None
) -> None:
    """Two linked accounts as one entry's partners (ranked play, a tournament): refused if
    one browser links them, allowed but recorded for the moderators if only an address
    does (a family may play together)."""
    now = now or timezone.now()
    how = linked_to(user, client=client, now=now).get(partner.pk)
    if how is None:
        return
    record = SharedSeat(
        user=user,
        other=partner,
        place=place[:200],
        shared=how,
        refused=how == BROWSER,
        browser=client.browser if client else "",
        address=client.address if client else "",
        created_at=now,
    )
    if how == BROWSER:
        raise SeatRefused([record], PARTNERS_ONE_SEAT.format(partner=partner.username))
    record.save()


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
