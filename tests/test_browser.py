"""The table in a real browser: Playwright driving Debian's Chromium against a real
Daphne, Celery worker and Redis. Screenshots go to test-artifacts/."""

import os
import re
import shutil
from pathlib import Path

import pytest
from allauth.account.models import EmailAddress, EmailConfirmationHMAC

from games.models import ChatMessage, Game
from leagues.models import Tournament
from leagues.services import clubs
from tests.factories import PASSWORD, UserFactory
from tests.leagues.factories import TournamentFactory
from tests.live import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser():
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls
    # are still plain synchronous ones.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    if not Path(CHROMIUM).exists():
        message = f"Chromium not found at {CHROMIUM}: install Debian's chromium package"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"],
        )  # fmt: skip
        yield browser
        browser.close()


@pytest.fixture
def open_page(browser):
    """New pages (each in its own context: its own cookies); fails the test if the
    Content-Security-Policy blocked anything on any of them."""
    blocked = []

    def open_page(viewport=DESKTOP):
        page = browser.new_context(viewport=viewport).new_page()
        page.on(
            "console",
            lambda message: (
                "Content Security Policy" in message.text
                and blocked.append(f"{page.url}: {message.text}")
            ),
        )
        return page

    yield open_page
    assert blocked == [], "\n".join(blocked)


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def sign_up(page, server, username: str) -> None:
    page.goto(f"{server.url}/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=password1]", "a-long-Secret-123")
    page.fill("input[name=password2]", "a-long-Secret-123")
    page.click("form button[type=submit]")
    page.wait_for_selector("text=Verify Your Email Address")
    # The link of the mail sent (printed by the server): the same HMAC key, computed here.
    address = EmailAddress.objects.get(email=f"{username}@example.com")
    page.goto(f"{server.url}/accounts/confirm-email/{EmailConfirmationHMAC(address).key}/")
    page.click("form button[type=submit]")
    page.wait_for_selector(f"text=Signed in as {username}")


def toast_after(page, click) -> str:
    """The text of the toast that appears after `click()`."""
    before = len(page.query_selector_all("#toasts .toast"))
    click()
    # (A locator, not wait_for_function: the page's CSP forbids the eval that needs.)
    page.locator("#toasts .toast").nth(before).wait_for()
    return page.query_selector_all("#toasts .toast")[-1].inner_text()


def test_play_a_hand_in_the_browser_while_a_spectator_watches(open_page, servers, celery_worker):
    server = servers()
    player = open_page()
    sign_up(player, server, "alice")
    player.goto(f"{server.url}/play/")
    shot(player, "lobby-desktop")
    player.set_viewport_size(PHONE)
    shot(player, "lobby-phone")
    player.set_viewport_size(DESKTOP)
    player.select_option("select[name=level]", "standard")
    player.click("text=Play now vs bots")
    player.wait_for_url("**/games/*/")
    game_id = int(player.url.rstrip("/").split("/")[-1])

    spectator = open_page()
    spectator.goto(player.url)
    spectator.wait_for_selector("#table .felt")

    # An illegal click gets the engine's reason: cards are not played during bidding.
    player.wait_for_selector(".hand button.playing-card")
    reason = toast_after(player, lambda: player.click(".hand button.playing-card >> nth=0"))
    assert "Bidding is not over yet" in reason

    player.wait_for_selector(".bid-buttons button[data-bid='3']", timeout=60_000)
    # The countdown of the person's turn is ticked by table.js (a script of this site).
    player.locator(".countdown[data-deadline]").filter(has_text=re.compile(r"^\d+ s$")).wait_for()
    shot(player, "game-bidding-desktop")
    player.click(".bid-buttons button[data-bid='3']")

    for trick in range(13):
        card = player.wait_for_selector(
            ".hand.playing button.playing-card:not(.dim)", timeout=60_000
        )
        if trick == 2:
            shot(player, "game-playing-desktop")
            player.set_viewport_size(PHONE)
            shot(player, "game-playing-phone")
            player.set_viewport_size(DESKTOP)
        dim = player.query_selector(".hand.playing button.playing-card.dim")
        if dim is not None:
            reason = toast_after(player, dim.click)
            assert "You must follow" in reason or "Spades are not broken" in reason
        played = card.get_attribute("data-card")
        card.click()
        player.wait_for_selector(f".hand button[data-card='{played}']", state="detached")
        if trick == 5:
            # The spectator sees the cards on the table, never a hand.
            spectator.wait_for_selector(".trick .playing-card")
            assert spectator.query_selector_all(".hand .playing-card") == []
            assert spectator.query_selector_all("button.playing-card") == []

    summary = player.wait_for_selector("details.summary[open]", timeout=60_000)
    shot(player, "game-summary-desktop")
    hand = Game.objects.get(pk=game_id).hands.get(number=1)
    points = [cell.inner_text() for cell in summary.query_selector_all(".points")]
    assert points == [f"{p:+d}" for p in hand.points]
    assert summary.query_selector(f"text={hand.seed}") is not None
    spectator.wait_for_selector("details.summary")
    assert spectator.query_selector_all(".hand .playing-card") == []

    # The verify link recomputes the deal from the revealed seed.
    verify = summary.query_selector("text=verify this deal").get_attribute("href")
    player.goto(server.url + verify)
    player.wait_for_selector("text=The seed matches the commitment")
    assert len(player.query_selector_all(".dealt-hand")) == 4
    shot(player, "verify-desktop")


def test_chat_is_escaped_rate_limited_and_reaches_spectators(open_page, servers, celery_worker):
    server = servers()
    player = open_page()
    sign_up(player, server, "bob")
    player.goto(f"{server.url}/play/")
    player.click("text=Play now vs bots")
    player.wait_for_url("**/games/*/")
    spectator = open_page()
    spectator.goto(player.url)
    spectator.wait_for_selector("#chat-log")

    player.fill("#chat-form input[name=text]", "<b>good luck</b>")
    player.press("#chat-form input[name=text]", "Enter")
    line = spectator.wait_for_selector(".chat-line")
    assert "<b>good luck</b>" in line.inner_text()  # shown as text, not as markup
    assert spectator.query_selector(".chat-line b") is None

    for n in range(4):
        player.fill("#chat-form input[name=text]", f"message {n}")
        player.press("#chat-form input[name=text]", "Enter")
    spectator.wait_for_selector("text=message 3")
    player.fill("#chat-form input[name=text]", "one too many")
    reason = toast_after(player, lambda: player.press("#chat-form input[name=text]", "Enter"))
    assert "too fast" in reason
    assert ChatMessage.objects.count() == 5


def test_a_lost_connection_shows_a_banner_and_reconnects_by_itself(
    open_page, servers, celery_worker
):
    server = servers()
    player = open_page()
    sign_up(player, server, "carol")
    player.goto(f"{server.url}/play/")
    player.click("text=Play now vs bots")
    player.wait_for_selector(".hand button.playing-card")
    assert player.is_hidden("#connection")

    server.stop()
    player.wait_for_selector("#connection", state="visible")
    server.start()
    player.wait_for_selector("#connection", state="hidden", timeout=30_000)
    # The fresh push after reconnecting keeps the table playable.
    player.wait_for_selector(".bid-buttons button", timeout=60_000)


def test_the_admin_and_club_pages_work_under_the_content_security_policy(open_page, servers):
    server = servers()
    director = UserFactory(is_staff=True, is_superuser=True)
    tournament = TournamentFactory()
    owner = UserFactory()
    club = clubs.club_create(owner=owner, name="Aces", public=False)

    page = open_page()
    page.goto(f"{server.url}/admin/login/")
    page.fill("input[name=username]", director.username)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit]")
    page.goto(f"{server.url}/admin/leagues/tournament/{tournament.pk}/change/")
    # The admin's own scripts run (the collapsible sidebar) and the step buttons are
    # styled by the page's inline style, which carries the nonce.
    page.wait_for_selector("#toggle-nav-sidebar")
    button = page.wait_for_selector(".leagues-steps button")
    assert button.evaluate("b => getComputedStyle(b).textTransform") == "uppercase"
    button.click()
    wait_until(lambda: Tournament.objects.get(pk=tournament.pk).status == "closed", 30, "close")

    EmailAddress.objects.create(user=owner, email=owner.email, primary=True, verified=True)
    member = open_page()
    member.goto(f"{server.url}/accounts/login/")
    member.fill("input[name=login]", owner.username)
    member.fill("input[name=password]", PASSWORD)
    member.click("form button[type=submit]")
    member.wait_for_selector(f"text=Signed in as {owner.username}")
    member.goto(f"{server.url}/clubs/{club.slug}/")
    invite = member.wait_for_selector("input[data-select-all]")
    invite.click()  # site.js selects the whole link, ready to copy
    selected = invite.evaluate("i => i.value.substring(i.selectionStart, i.selectionEnd)")
    assert selected == invite.input_value() and club.invite_code in selected
