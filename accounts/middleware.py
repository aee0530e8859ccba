"""Shows each request's pages on the reader's clock: the zone a person chose, or their
browser told (accounts.time_zones), activated for the request and only for it. Django's
templates and `localtime` follow it; core.clock names it. The daily challenge's day stays
a UTC day whatever the reader's zone."""

from zoneinfo import ZoneInfo

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

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
