"""The long-lived browser id and where signed-in people were seen, for the one-seat rule.

Every visitor's browser gets a signed random id in a cookie that outlives logins (two
years), whichever account is logged in; a request's `Client` is that id and the network
address. For signed-in people the middleware keeps one `Sighting` per person, browser and
address, touched at most every REFRESH: not a write per request. An API token's requests
carry no browser id: the token's person is seen at the address only.

The address is REMOTE_ADDR. Behind a proxy, start Daphne with `--proxy-headers` so that it
is the client's (from X-Forwarded-For, which only the proxy may set); the site does not
read that header itself, as anyone can send one."""

import logging
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.models import Sighting, User

logger = logging.getLogger(__name__)

COOKIE = "browser"
SALT = "accounts.browsers"
LIFETIME = timedelta(days=730)
REFRESH = timedelta(minutes=10)  # a sighting's last_seen moves on at most this often
SESSION_KEY = "_sighting"  # what this session last recorded, and when


@dataclass(frozen=True)
class Client:
    """Where a request comes from: its browser id ("" for an API token, which has none)
    and its network address ("" if the server did not learn it)."""

    browser: str
    address: str


def _is_token_request(request: HttpRequest) -> bool:
    return bool(request.headers.get("Authorization"))


def client_of(request: HttpRequest) -> Client:
    """The request's client, for the services that keep one person to one seat."""
    address = request.META.get("REMOTE_ADDR", "")[:45]
    if _is_token_request(request):
        return Client(browser="", address=address)
    return Client(browser=getattr(request, "browser_id", ""), address=address)


def sighting_record(*, user: User, client: Client, now: datetime | None = None) -> None:
    """Notes that `user` used this browser and address now (one row per three)."""
    now = now or timezone.now()
    place = {"user": user, "browser": client.browser, "address": client.address}
    if Sighting.objects.filter(**place).update(last_seen=now):
        return
    try:
        with transaction.atomic():
            Sighting.objects.create(**place, first_seen=now, last_seen=now)
    except IntegrityError:  # a parallel request of theirs recorded it meanwhile
        pass


def _note(request: HttpRequest) -> None:
    """Records the signed-in person's sighting unless this session (or, for a token,
    the table) did so less than REFRESH ago."""
    user = getattr(request, "user", None)  # api_view has put a token's person there
    if user is None or not user.is_authenticated or user.is_bot:
        return
    client = client_of(request)
    now = timezone.now()
    if _is_token_request(request):
        seen = Sighting.objects.filter(
            user=user, browser="", address=client.address, last_seen__gte=now - REFRESH
        ).exists()
        if not seen:
            sighting_record(user=user, client=client, now=now)
        return
    memo = f"{user.pk} {client.browser} {client.address}"
    noted = request.session.get(SESSION_KEY) or ["", 0]
    if noted[0] == memo and time.time() - noted[1] < REFRESH.total_seconds():
        return
    sighting_record(user=user, client=client, now=now)
    request.session[SESSION_KEY] = [memo, time.time()]


def _valid(browser: object) -> bool:
    return isinstance(browser, str) and 20 <= len(browser) <= 64


class BrowserMiddleware:
    """Gives each browser its id (request.browser_id) and notes where signed-in people
    are. After AuthenticationMiddleware, before the views."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        browser = request.get_signed_cookie(COOKIE, default=None, salt=SALT)
        fresh = not _valid(browser)
        request.browser_id = secrets.token_urlsafe(24) if fresh else browser
        response = self.get_response(request)
        if fresh and not _is_token_request(request):
            response.set_signed_cookie(
                COOKIE,
                request.browser_id,
                salt=SALT,
                max_age=int(LIFETIME.total_seconds()),
                httponly=True,
                samesite="Lax",
                secure=request.is_secure(),
            )
        try:
            _note(request)
        except (OperationalError, InterfaceError):
            # A database that does not answer: the page was served; the next request
            # records the sighting.
            logger.warning("Sighting not recorded: the database did not answer")
        return response
