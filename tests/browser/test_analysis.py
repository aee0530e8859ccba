"""The analysis page in a real browser against a real Daphne, Celery worker and Redis:
ask for the analysis of a finished game, watch its progress, read it. Screenshots go to
test-artifacts/."""

from analysis.models import Analysis
from tests.analysis.factories import finished_game
from tests.browser.pages import DESKTOP, PHONE, log_in, off_the_loop, shot
from tests.factories import UserFactory


def test_analyse_a_finished_game_and_read_the_result(open_page, servers, celery_worker):
    server = servers()
    alice = UserFactory(username="alice")
    game = off_the_loop(finished_game, [alice, "standard", "standard", "standard"])
    page = open_page()
    log_in(page, server, alice)
    page.goto(f"{server.url}/games/{game.pk}/analysis")
    page.click("text=Analyse this game")
    # Progress replaces the button and updates by itself (htmx polling, no reload).
    page.locator(".analysis-progress").wait_for()
    shot(page, "analysis-progress-desktop")
    page.locator("text=Tricks lost to double-dummy play").wait_for(timeout=240_000)
    assert Analysis.objects.get(game=game).status == "done"
    assert page.locator(".analysis-hand").count() == game.hands.count()
    assert page.locator(".analysis-trick").count() == 13 * game.hands.count()
    shot(page, "analysis-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "analysis-phone")
    page.set_viewport_size(DESKTOP)

    # The profile shows the record from analysed games.
    page.goto(f"{server.url}/u/alice/")
    page.locator("text=Tricks lost to double-dummy play").wait_for()
