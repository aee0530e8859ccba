"""Site-wide pages: how to play (its presets come from the engine) and the error pages."""

import re

import pytest
from django.test import Client

from games.engine import PRESETS
from games.rules_text import preset_title

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
