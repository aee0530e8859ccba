"""The zones times can be shown in: the IANA names the browser tells (in a cookie, from
core/static/js/site.js) and a person picks from on their profile."""

from functools import cache
from zoneinfo import ZoneInfo, available_timezones

COOKIE = "tz"

# Names in the zone database that are not places: nobody's browser reports them.
NOT_PLACES = {"Factory", "localtime", "posixrules"}


@cache
def zone_names() -> tuple[str, ...]:
    """Every zone a person may pick, sorted, as the profile's select lists them."""
    return tuple(sorted(available_timezones() - NOT_PLACES))


@cache
def _known() -> frozenset[str]:
    return frozenset(zone_names())


def zone_named(name: str) -> ZoneInfo | None:
    """The zone of that IANA name, or None for anything else (a cookie can hold junk)."""
    return ZoneInfo(name) if name in _known() else None
