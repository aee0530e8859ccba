"""A person downloads their data from their profile and closes their account with the
confirmation, in a real browser against a real Daphne, on a desktop and a phone.
Screenshots go to test-artifacts/."""

import json
from pathlib import Path

from accounts.models import User
from tests.browser.pages import DESKTOP, PHONE, log_in, shot
from tests.factories import UserFactory
from tests.games.finished import finished_game


def test_a_person_downloads_their_data_and_closes_their_account(open_page, servers):
    server = servers()
    alice = UserFactory(username="alice")
    finished_game([alice, "random", "random", "random"])

    phone = open_page(PHONE)
    log_in(phone, server, alice)
    phone.goto(f"{server.url}/u/alice/")
    phone.locator(".your-data").scroll_into_view_if_needed()
    shot(phone, "your-data-profile-phone")

    page = open_page(DESKTOP)
    log_in(page, server, alice)
    page.goto(f"{server.url}/u/alice/")
    shot(page, "your-data-profile-desktop")
    with page.expect_download() as caught:
        page.click("text=Download your data")
    download = caught.value
    assert download.suggested_filename == "spades-data-alice.json"
    data = json.loads(Path(download.path()).read_text())
    assert data["profile"]["username"] == "alice"
    assert len(data["games"]["played"]) == 1 and data["games"]["played"][0]["hands"]

    page.click("text=Close your account…")
    page.wait_for_selector("text=I understand: close my account")
    shot(page, "your-data-close-desktop")
    phone.goto(f"{server.url}/settings/close")
    shot(phone, "your-data-close-phone")

    page.click("button:has-text('Close my account')")  # not ticked: the browser asks first
    assert page.url.endswith("/settings/close")
    assert User.objects.get(pk=alice.pk).closed_at is None
    page.check("input[name=confirm]")
    page.click("button:has-text('Close my account')")
    page.wait_for_selector("text=Your account is closed")
    shot(page, "your-data-closed-desktop")
    closed = User.objects.get(pk=alice.pk)
    assert closed.username == f"closed-{alice.pk}" and closed.closed_at is not None
    assert page.locator(".nav-user").count() == 0  # logged out
