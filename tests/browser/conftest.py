"""Browser fixtures: Playwright driving Debian's Chromium (it cannot download its own
browsers here). Every test under tests/browser/ is marked `browser`."""

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.addresses import new_address
from tests.browser.pages import CHROMIUM, DESKTOP, PHONE, shot

# The kinds of page (a path with its numbers and names as "N") shot at both sizes so far by
# this process: each kind once, so that the shots cost seconds, not minutes.
SHOT_KINDS: set[str] = set()


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.timeout(600))


@pytest.fixture(scope="module")
def browser():
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls
    # are still plain synchronous ones. Module scope: the loop stops after the browser
    # tests, so the async tests that run after them in one session can start their own.
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


def page_kind(url: str) -> str:
    """The kind of page at `url`: its path with each number, day and name segment as N."""
    path = urlsplit(url).path
    path = re.sub(r"/u/[^/]+", "/u/N", path)
    path = re.sub(r"/confirm-email/[^/]+", "/confirm-email/N", path)
    path = re.sub(r"/(clubs|tournaments)/[^/]+", r"/\1/N", path)
    return re.sub(r"/[0-9][0-9-]*(?=/|$)", "/N", path)


def shoot_both_sizes(context, url: str) -> None:
    """The page at `url`, as the context's person sees it now, on a desktop and a phone
    (test-artifacts/visited-<kind>-desktop.png and -phone.png)."""
    name = "visited" + (re.sub(r"[^a-z0-9]+", "-", page_kind(url).lower()).rstrip("-") or "-home")
    page = context.new_page()
    try:
        page.goto(url, wait_until="load", timeout=10_000)
        for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size(viewport)
            shot(page, f"{name}-{size}")
    finally:
        page.close()


@pytest.fixture
def open_page(browser, servers):  # servers: still up while the visited pages are shot
    """New pages (each in its own context: its own cookies); fails the test if the
    Content-Security-Policy blocked anything on any of them. Every kind of page they
    visited is shot at both sizes afterwards (shoot_both_sizes), to be looked at."""
    blocked = []
    contexts = []
    visited: dict[str, list[tuple]] = {}  # kind of page -> (context, url) of each visit
    closed = []  # contexts the test closed itself (a person who went away): not shot

    def open_page(viewport=DESKTOP, **options):
        # Each context a person at an address of their own (tests.addresses).
        options.setdefault("extra_http_headers", {"X-Forwarded-For": new_address()})
        context = browser.new_context(viewport=viewport, **options)
        contexts.append(context)
        context.on("close", lambda: closed.append(context))
        page = context.new_page()
        page.on(
            "console",
            lambda message: (
                "Content Security Policy" in message.text
                and blocked.append(f"{page.url}: {message.text}")
            ),
        )
        page.on(
            "load", lambda: visited.setdefault(page_kind(page.url), []).append((context, page.url))
        )
        return page

    yield open_page
    for kind, visits in visited.items():
        still_open = [(context, url) for context, url in visits if context not in closed]
        if kind not in SHOT_KINDS and still_open and still_open[0][1].startswith("http"):
            SHOT_KINDS.add(kind)
            shoot_both_sizes(*still_open[0])
    for context in contexts:
        context.close()
    assert blocked == [], "\n".join(blocked)
