"""Middleware of a signed-in person's requests: pages on the reader's clock, and no copy of
a signed-in person's page kept by a browser or a proxy.

The clock: the zone a person chose, or their browser told (accounts.time_zones), activated
for the request and only for it. Django's templates and `localtime` follow it; core.clock
names it. The daily challenge's day stays a UTC day whatever the reader's zone."""

from zoneinfo import ZoneInfo

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import add_never_cache_headers

from accounts import services
from accounts.time_zones import COOKIE, zone_named


def reader_zone(request: HttpRequest) -> ZoneInfo | None:
    """The chosen zone first; a signed-in person with none stored keeps the one their
    browser tells from now on. A cookie that names no zone is ignored."""
    told = zone_named(request.COOKIES.get(COOKIE, ""))
    try:
        user = request.user  # loads the session and the user
        if user.is_authenticated and user.time_zone:
            return zone_named(user.time_zone) or told
        if user.is_authenticated and told is not None:
            services.time_zone_remember(user=user, name=told.key)
    except (OperationalError, InterfaceError):
        # A database that does not answer: the view meets it too and says so (503),
        # where an exception here would become a 500.
        pass
    return told


class TimeZoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = reader_zone(request)
        if zone is None:
            timezone.deactivate()
        else:
            timezone.activate(zone)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


def signed_in(request: HttpRequest) -> bool:
    """Whether a person is signed in for this request: by session, or by an API token
    (core.api sets the token's person on the request)."""
    try:
        return request.user.is_authenticated
    except (OperationalError, InterfaceError):  # the view met it too, and said so
        return False


class PersonalPagesMiddleware:
    """Every answer to a signed-in person is theirs (their data, settings, notifications,
    record, friends; their name and bell on every page): `Cache-Control: no-store` (and
    `private`), as Django's `never_cache`, so that a shared computer's cache and back
    button keep none of it once they log out, and no proxy serves it to anyone else."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if signed_in(request):
            add_never_cache_headers(response)
        return response
