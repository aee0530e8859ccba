"""Browser fixtures: Playwright driving Debian's Chromium (it cannot download its own
browsers here). Every test under tests/browser/ is marked `browser`."""

import os
from pathlib import Path

import pytest

from tests.browser.pages import CHROMIUM, DESKTOP


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


@pytest.fixture
def open_page(browser):
    """New pages (each in its own context: its own cookies); fails the test if the
    Content-Security-Policy blocked anything on any of them."""
    blocked = []
    contexts = []

    def open_page(viewport=DESKTOP, **options):
        context = browser.new_context(viewport=viewport, **options)
        contexts.append(context)
        page = context.new_page()
        page.on(
            "console",
            lambda message: (
                "Content Security Policy" in message.text
                and blocked.append(f"{page.url}: {message.text}")
            ),
        )
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert blocked == [], "\n".join(blocked)
