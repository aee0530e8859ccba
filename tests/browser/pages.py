"""What browser tests do on pages: screenshots, signing up and in, reading toasts and notices,
waiting for the person's socket, playing a game out."""

import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from django.db import connection

from games.models import Game
from tests.factories import PASSWORD
from tests.games.finished import play, play_as_if_present

ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
# Marks the document once the game's socket has sent its first push (an init script, which
# runs before the page's own and outside its Content-Security-Policy).
MARK_GAME_SOCKET_HEARD = """
document.addEventListener("htmx:wsAfterMessage", function (event) {
  if (event.target.closest && event.target.closest(".game-page"))
    document.documentElement.dataset.gameSocket = "heard";
});
"""


def off_the_loop(function, *args, **kwargs):
    """Calls a service in a thread of its own. Playwright's event loop runs in the test's
    thread, where a service's push to the channel layer (async_to_sync) is refused: the
    write would commit and the open pages would never hear of it."""

    def call():
        try:
            return function(*args, **kwargs)
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(call).result()


def shot(page, name: str, *, full_page: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


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
    signed_in(page, username)


def log_in(page, server, user) -> None:
    """Signs in a user made by the factories (their address is marked verified here)."""
    EmailAddress.objects.get_or_create(
        user=user, email=user.email, defaults={"primary": True, "verified": True}
    )
    page.goto(f"{server.url}/accounts/login/")
    page.fill("input[name=login]", user.username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit]")
    signed_in(page, user.username)


def admin_log_in(page, server, user) -> None:
    """Signs a staff user made by the factories in through the admin's own login form."""
    page.goto(f"{server.url}/admin/login/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit]")


def signed_in(page, username: str) -> None:
    """The header names the person (on a phone without its "Signed in as" label)."""
    page.wait_for_selector(f".nav-user a[href='/u/{username}/']")


def toast_after(page, click) -> str:
    """The text of the toast that appears after `click()`."""
    before = len(page.query_selector_all("#toasts .toast"))
    click()
    # (A locator, not wait_for_function: the page's CSP forbids the eval that needs.)
    page.locator("#toasts .toast").nth(before).wait_for()
    return page.query_selector_all("#toasts .toast")[-1].inner_text()


# Marks the document once its `/ws/me/` socket is open (the server accepts it only after
# joining the person's group): a push to them from then on reaches this page. An init
# script, run before the page's own: the page's CSP does not apply to it.
MARK_PERSON_SOCKET = """
document.addEventListener("htmx:wsOpen", function (event) {
  var url = event.target.getAttribute && event.target.getAttribute("ws-connect") || "";
  if (url.indexOf("/ws/me/") === 0) document.documentElement.dataset.personSocket = "open";
});
"""


def person_page(open_page, server, user, **options):
    """A new page (open_page's `options`) signed in as `user`, that marks when its own
    `/ws/me/` socket is open (socket_open)."""
    page = open_page(**options)
    page.context.add_init_script(MARK_PERSON_SOCKET)
    log_in(page, server, user)
    return page


def socket_open(page) -> None:
    """Until this page's own `/ws/me/` socket is open."""
    page.wait_for_selector("html[data-person-socket='open']", state="attached", timeout=30_000)


def notice(page, text: str):
    """The notice (a toast from the person's socket) that says `text`, once it is there."""
    found = page.locator("#notices .notice", has_text=text)
    found.wait_for(timeout=30_000)
    return found


def finish_in_process(game: Game) -> Game:
    """Plays a game to its end here (tests.games.finished.play_as_if_present), off the
    event loop."""
    return play_as_if_present(game, lambda game, actions: off_the_loop(play, game, actions))
