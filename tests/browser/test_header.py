"""The site's header in a real browser: one row of links on a desktop; on a phone a menu
button, with the brand, the bell and the person beside it, and every page's content
starting near the top. Screenshots go to test-artifacts/."""

from django.urls import reverse

from games.services import tables
from tests.browser.pages import DESKTOP, PHONE, log_in, off_the_loop, shot
from tests.factories import UserFactory

# On a 390x844 phone, content starts within this many pixels of the top.
CONTENT_TOP = 70
MENU_LINKS = ["Play", "Ranked", "Daily", "Leaderboard", "Clubs", "Tournaments", "How to play"]


# The top of the first thing a reader sees in the page's main part: a card or a panel, or
# an element with text of its own (not a wrapper's padding). Run by Playwright, not the page.
FIRST_CONTENT = """main => {
  for (const element of main.querySelectorAll("*")) {
    const box = element.getBoundingClientRect();
    if (!box.height || !element.checkVisibility()) continue;
    const text = [...element.childNodes].some(node => node.nodeType === 3 && node.data.trim());
    if (text || element.matches(".card, .panel, #table, img, svg")) return box.top;
  }
  return null;
}"""


def content_top(page) -> float:
    return page.locator("main").evaluate(FIRST_CONTENT)


def visit(page, server, name: str, path: str) -> None:
    page.goto(f"{server.url}{path}")
    shot(page, f"header-{name}-phone", full_page=False)
    top = content_top(page)
    assert top <= CONTENT_TOP, f"{path}: content starts {top:.0f} px down"
    assert page.is_visible(".brand") and page.is_visible(".nav-toggle")
    assert page.is_hidden(".nav-links"), f"{path}: the links show before the menu is opened"


def test_a_phone_folds_the_links_into_a_menu_button_and_keeps_the_bell_and_person(
    open_page, servers
):
    server = servers()
    # A long name and the staff's Admin link: the longest header there is.
    ann = UserFactory(username="annabelle_of_the_long_name", is_staff=True)
    game = off_the_loop(tables.table_create, owner=ann, bots={1: "random"})
    pages = {
        "home": "/",
        "lobby": reverse("lobby"),
        "daily": reverse("duplicate:today"),
        "how-to-play": reverse("how_to_play"),
        "leaderboard": reverse("leaderboard"),
        "clubs": reverse("clubs:clubs"),
    }

    # Signed out: the brand, "Log in" and "Sign up" beside the menu button.
    page = open_page(viewport=PHONE)
    for name, path in {**pages, "login": reverse("account_login")}.items():
        visit(page, server, f"signed-out-{name}", path)
        assert page.is_visible(".nav-me >> text=Log in")

    log_in(page, server, ann)
    signed_in = {**pages, "friends": reverse("friends"), "game": f"/games/{game.pk}/"}
    signed_in["profile"] = reverse("profile", args=[ann.username])
    for name, path in signed_in.items():
        visit(page, server, name, path)
        assert page.is_visible(".bell") and page.is_visible(f".nav-user >> text={ann.username}")
        assert page.locator("header.nav").bounding_box()["height"] <= 56

    # The menu button opens the links over the page; Escape closes it.
    page.goto(f"{server.url}/play/")
    toggle = page.locator(".nav-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    for text in [*MENU_LINKS, "Friends", "Admin", "Log out"]:
        assert page.locator(".nav-menu").get_by_text(text, exact=True).is_visible(), text
    assert page.is_visible(".bell") and page.is_visible(".nav-user")
    shot(page, "header-menu-open-phone", full_page=False)
    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.is_hidden(".nav-links")
    # A click elsewhere on the page closes it too; a link in it goes where it says.
    toggle.click()
    page.mouse.click(20, 700)  # left of the menu's panel
    assert page.is_hidden(".nav-links")
    # And so does the keyboard's focus leaving it.
    toggle.click()
    page.locator(".bell").focus()
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    page.locator(".nav-menu").get_by_text("How to play", exact=True).click()
    page.wait_for_url("**/how-to-play/")

    # A desktop keeps its one row of links, without the button.
    page.set_viewport_size(DESKTOP)
    page.goto(f"{server.url}/play/")
    assert page.is_hidden(".nav-toggle")
    header = page.locator("header.nav").bounding_box()
    assert header["height"] <= 60  # one row
    for text in [*MENU_LINKS, "Friends", "Admin", "Log out"]:
        link = page.locator("header.nav").get_by_text(text, exact=True)
        assert link.is_visible(), text
    assert page.is_visible(".bell") and page.is_visible(f".nav-user >> text={ann.username}")
    shot(page, "header-desktop", full_page=False)
