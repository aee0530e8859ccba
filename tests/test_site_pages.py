"""Site-wide pages: the home page (its greeting, what starts next), how to play (its
presets come from the engine) and the error pages."""

import re
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from django.utils import timezone

from games.engine import PRESETS
from games.rules_text import preset_title
from games.services import tables
from tests.clubs.factories import club_with
from tests.events.factories import ArenaFactory
from tests.factories import PASSWORD, UserFactory, fast_passwords  # noqa: F401 (autouse here)
from tests.leagues.factories import TournamentFactory

pytestmark = pytest.mark.django_db


def test_how_to_play_explains_the_rules_and_every_preset_of_the_engine(client):
    response = client.get("/how-to-play/")
    html = response.content.decode()
    assert response.status_code == 200
    for topic in ("Bidding", "Nil and Blind Nil", "Scoring a hand", "Winning", "bag"):
        assert topic in html
    for name in PRESETS:
        assert f'id="preset-{name}"' in html and preset_title(name) in html
    assert "The first team to reach 300 points wins." in html  # short, from the engine
    assert "allowed at any time" in html  # blind-nil-anytime


def test_how_to_play_is_in_the_site_menu(client):
    assert 'href="/how-to-play/"' in client.get("/").content.decode()


@pytest.mark.parametrize("debug", [False, True])
def test_an_unknown_page_is_the_sites_own_404_in_both_debug_modes(settings, client, debug):
    settings.DEBUG = debug
    page = client.get("/no/such/page")
    html = page.content.decode()
    assert page.status_code == 404 and "Nothing here" in html and 'class="nav"' in html
    assert "URLconf" not in html and "Using the URLconf" not in html  # Django's debug page
    assert client.get("/api/no/such/thing").json() == {"error": "There is no such API endpoint"}


@pytest.mark.parametrize("debug", [False, True])
def test_a_forbidden_page_is_the_sites_own_403_in_both_debug_modes(settings, user, debug):
    settings.DEBUG = debug
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    page = client.post("/play/create", {"preset": "classic"})
    assert page.status_code == 403 and "That form has expired" in page.content.decode()
    assert 'class="nav"' in page.content.decode()


@pytest.mark.parametrize("debug", [False, True])
def test_a_bug_is_the_sites_own_500_in_both_debug_modes(settings, monkeypatch, debug):
    settings.DEBUG = debug
    from config import views

    monkeypatch.setattr(views, "render", lambda *args, **kwargs: 1 / 0)
    page = Client(raise_request_exception=False).get("/how-to-play/")
    html = page.content.decode()
    assert page.status_code == 500 and "Something went wrong" in html
    assert "Traceback" not in html and "ZeroDivisionError" not in html
    with pytest.raises(ZeroDivisionError):  # tests still see the bug itself
        Client().get("/how-to-play/")


def test_a_bug_behind_an_htmx_button_is_a_toast(monkeypatch, user):
    from games import views

    monkeypatch.setattr(views.game_tables, "table_leave", lambda **kwargs: 1 / 0)
    client = Client(raise_request_exception=False)
    client.force_login(user)
    toast = client.post("/games/1/leave", HTTP_HX_REQUEST="true")
    assert toast["HX-Reswap"] == "none" and "Something went wrong" in toast.content.decode()


def test_a_form_address_opened_as_a_link_is_the_sites_own_page(client, user):
    client.force_login(user)
    page = client.get("/play/create")
    assert page.status_code == 405 and page["Allow"] == "POST"
    assert 'class="nav"' in page.content.decode() and "not a visit" in page.content.decode()


def test_the_admin_sidebar_names_each_app_once_in_plain_english(admin_client):
    html = admin_client.get("/admin/").content.decode()
    apps = re.findall(r'<caption>\s*<a [^>]*class="section"[^>]*>([^<]+)</a>', html)
    assert apps and len(apps) == len(set(apps)), apps
    assert "Queue entries" in html and "entrys" not in html


def greeting(client) -> str:
    html = client.get("/").content.decode()
    found = re.search(r'<p class="greeting">(.*?)</p>', html, flags=re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)) if found else ""


def log_in(client, user) -> None:
    """Through allauth's own login page (it marks an account's first login)."""
    response = client.post("/accounts/login/", {"login": user.username, "password": PASSWORD})
    assert response.status_code == 302


def test_a_new_account_is_welcomed_and_a_person_who_comes_back_welcomed_back():
    client = Client()
    assert greeting(client) == ""  # a visitor: the sign-up prompt
    assert "Create a free account" in client.get("/").content.decode()
    client.post(
        "/accounts/signup/",
        {"username": "firsttimer", "email": "firsttimer@example.com",
         "password1": "a-long-Secret-123", "password2": "a-long-Secret-123"},
    )  # fmt: skip
    link = re.search(r"http://testserver(/accounts/confirm-email/\S+)", mail.outbox[0].body)
    client.post(link.group(1))  # the address verified, the person is signed in
    assert greeting(client).startswith("Welcome, firsttimer")
    assert "Welcome back" not in client.get("/").content.decode()

    client.post("/accounts/logout/")
    client.post("/accounts/login/", {"login": "firsttimer", "password": "a-long-Secret-123"})
    assert greeting(client) == "Welcome back, firsttimer."


@pytest.mark.usefixtures("quiet_games")
def test_a_first_session_is_a_return_after_a_game_or_a_day():
    person = UserFactory()
    EmailAddress.objects.create(user=person, email=person.email, primary=True, verified=True)
    client = Client()
    log_in(client, person)
    assert greeting(client).startswith("Welcome, ")
    tables.table_create(owner=person, bots={1: "random", 2: "random", 3: "random"})
    assert greeting(client).startswith("Welcome back, ")

    someone = UserFactory()
    EmailAddress.objects.create(user=someone, email=someone.email, primary=True, verified=True)
    other = Client()
    log_in(other, someone)
    type(someone).objects.filter(pk=someone.pk).update(
        last_login=timezone.now() - timedelta(days=2)
    )  # the same session, two days on
    assert greeting(other).startswith("Welcome back, ")


def test_the_home_page_shows_what_starts_next_on_the_readers_clock(client):
    client.cookies["tz"] = "Asia/Tokyo"
    soon = timezone.now() + timedelta(hours=2)
    arena = ArenaFactory(name="Evening arena", starts_at=soon)
    cup = TournamentFactory(
        name="Sunday Cup", slug="sunday-cup", starts_at=soon + timedelta(hours=1)
    )
    (club, _) = club_with(members=1)
    hidden = ArenaFactory(name="Members' night", starts_at=timezone.now() + timedelta(minutes=5))
    hidden.clubs.add(club)  # for its members only: not for this visitor

    html = client.get("/").content.decode()
    coming = html[html.index('id="coming-up-title"') : html.index('class="features"')]
    tokyo = ZoneInfo("Asia/Tokyo")
    assert f'href="/arenas/{arena.pk}/"' in coming and "Evening arena" in coming
    text = " ".join(re.sub(r"<[^>]+>", " ", coming).split())
    assert re.search(
        rf"Evening arena · Arena · starts (\S+ )?{soon.astimezone(tokyo):%H:%M} your time", text
    )
    assert f'data-counts-to="{soon.isoformat()}"' in coming  # the browser counts it down
    assert f'href="/tournaments/{cup.slug}/"' in coming and "Sunday Cup" in coming
    assert 'href="/daily/"' in coming and "Daily challenge" in coming
    assert re.search(r"Daily challenge · open until (\S+ )?09:00 your time", text)  # UTC's midnight
    assert "Members' night" not in coming
