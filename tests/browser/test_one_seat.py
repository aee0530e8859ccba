"""One person, one seat in a real browser: Alice queues for ranked play, logs out, logs in
as Bob in the same browser and is refused a second seat in words; a moderator finds the
attempt on Bob's case page. Screenshots of what the refused person sees go to
test-artifacts/."""

from accounts.models import SharedSeat
from accounts.seats import ONE_SEAT
from tests.browser.pages import PHONE, log_in, off_the_loop, shot, toast_after
from tests.factories import UserFactory
from tests.moderation.factories import moderator


def log_out(page, server) -> None:
    page.goto(f"{server.url}/accounts/logout/")
    page.click("form button[type=submit]")


def test_a_second_account_in_one_browser_is_refused_a_ranked_seat(open_page, servers):
    server = servers()
    alice = off_the_loop(UserFactory, username="alice")
    bob = off_the_loop(UserFactory, username="bob")
    page = open_page()
    log_in(page, server, alice)
    page.goto(f"{server.url}/ranked/")
    page.locator("button", has_text="Play ranked").click()
    page.wait_for_selector("text=Looking for players")
    log_out(page, server)

    log_in(page, server, bob)
    page.goto(f"{server.url}/ranked/")
    # The site's htmx refusal: a toast, in the words of the rule.
    said = toast_after(page, lambda: page.locator("button", has_text="Play ranked").click())
    assert said == ONE_SEAT
    shot(page, "one-seat-refused-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "one-seat-refused-phone")
    assert off_the_loop(lambda: SharedSeat.objects.get(refused=True).user_id) == bob.pk

    boss = off_the_loop(moderator, username="mod")
    desk = open_page()
    log_in(desk, server, boss)
    desk.goto(f"{server.url}/admin/moderation/report/person/{bob.pk}/")
    desk.wait_for_selector("text=bob refused a seat in ranked play where alice sat")
    shot(desk, "one-seat-case-desktop")
