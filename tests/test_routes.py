"""Every route with a number in its path answers a number no column can hold (or no number)
with the site's own 404, on SQLite as on PostgreSQL, and any number without a 500."""

import re

import pytest
from django.test import Client

from core.converters import Int64Converter
from core.routes import site_routes
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NUMBER_ROUTES = [
    route
    for route in site_routes()
    if any(isinstance(c, Int64Converter) for c in route.converters.values())
]
OTHER_ARGUMENTS = {"str": "accept", "slug": "no-such-club", "path": "1"}
BEYOND = [-1, 2**63, 10**30]  # no column holds these: the route does not match
WITHIN = [0, 2**31]  # no row has these


def path_of(route: str, number: int) -> str:
    """The route with `number` for each of its numbers (the day of a daily a real one)."""

    def argument(match: re.Match) -> str:
        converter, name = match.groups()
        if name == "day":
            return "2026-01-01"
        return str(number) if converter == "int64" else OTHER_ARGUMENTS[converter]

    return "/" + re.sub(r"<(\w+):(\w+)>", argument, route)


def signed_in(*, staff: bool = False) -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=staff, is_superuser=staff))
    return client


def test_every_number_route_is_walked():
    assert len(NUMBER_ROUTES) >= 40
    assert not [route for route in site_routes() if "<int:" in route.route]


def test_a_number_no_column_holds_is_404():
    """The route does not match, whoever asks: the site's routes answer 404; the admin's, as
    for any address it does not know, sends a person to sign in or to its index."""
    client = signed_in(staff=True)
    wrong = {}
    for route in NUMBER_ROUTES:
        for number in BEYOND:
            path = path_of(route.route, number)
            status = client.get(path).status_code
            if status != 404 and not (path.startswith("/admin/") and status == 302):
                wrong[path] = status
    assert wrong == {}


@pytest.mark.parametrize("staff", [False, True])
def test_a_number_of_no_row_is_never_a_500(staff):
    client = signed_in(staff=staff)
    wrong = {}
    for route in NUMBER_ROUTES:
        for number in WITHIN:
            path = path_of(route.route, number)
            for method in (client.get, client.post):
                status = method(path).status_code
                if status >= 500:
                    wrong[f"{method.__name__.upper()} {path}"] = status
    assert wrong == {}
