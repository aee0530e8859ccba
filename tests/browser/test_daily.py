"""The daily challenge in a real browser: a person plays board 1 to its end against the
bots, then sees their result, their matchpoints so far and the traveller, the day's
ranking (on a phone too) and their profile's day so far, and once the day is over the
replay: one board result, in the same words everywhere (real Daphne, Celery worker,
PostgreSQL, Redis). Screenshots go to test-artifacts/."""

from datetime import UTC, timedelta

from django.utils import timezone

from duplicate.models import BoardGame, Event
from duplicate.services import boards as board_services, daily as daily_services
from games.board import board_words
from tests.browser.pages import DESKTOP, PHONE, log_in, off_the_loop, shot
from tests.duplicate.factories import entry_with_results
from tests.duplicate.play import play_board
from tests.factories import UserFactory


def test_play_a_daily_board_to_the_end_then_see_one_result_everywhere(
    open_page, servers, celery_worker
):
    server = servers()
    # Classic whatever the weekday: the person bids 3 (a Mirror or Whiz day fixes the bids).
    today = timezone.now().astimezone(UTC).date()
    event = daily_services.event_make_daily(day=today, variant="classic", solve=False)
    board = event.boards.get(number=1)
    board_services.board_solve(board_id=board.pk)
    board.refresh_from_db()
    # Someone played board 1 earlier today: the traveller has two results to compare.
    early = UserFactory(username="early_bird")
    game = off_the_loop(daily_services.daily_board_start, user=early, day=event.day, number=1)
    off_the_loop(play_board, game.pk, early)

    page = open_page()
    person = UserFactory(username="south_player")
    log_in(page, server, person)
    page.click("nav >> text=Daily")
    page.wait_for_selector("text=Play board 1")
    assert page.inner_text(".daily-variant .chip") == "Classic"
    assert len(page.query_selector_all(".daily-schedule li")) == 7  # the week's variants
    shot(page, "daily-day-desktop")
    page.click("text=Play board 1")
    page.wait_for_url("**/games/*/")
    game_id = int(page.url.rstrip("/").split("/")[-1])
    # The person sits South, at the bottom, with their own 13 cards and nobody else's.
    page.wait_for_selector(".hand button.playing-card")
    assert len(page.query_selector_all(".hand button.playing-card")) == 13

    page.wait_for_selector(".bid-buttons button[data-bid='3']", timeout=60_000)
    shot(page, "daily-bidding-desktop", full_page=False)
    page.click(".bid-buttons button[data-bid='3']")
    for _ in range(13):
        card = page.wait_for_selector(".hand.active button.playing-card:not(.dim)", timeout=60_000)
        version = int(page.get_attribute("#table", "data-version"))
        card.click()
        page.wait_for_function(
            "v => +document.getElementById('table').dataset.version > v", arg=version
        )
    # The end panel and its score sheet: the board result, as the board page gives it.
    page.wait_for_selector("text=See the board's result", timeout=60_000)
    played = BoardGame.objects.get(game_id=game_id)
    assert played.finished
    words = board_words(played.points, 0)  # the person sits South: North-South
    final = page.inner_text(".panel.final")
    assert page.inner_text("#final-title") == "Board result"
    assert page.inner_text(".panel.final p.board-words") == words
    assert page.inner_text(".score-sheet tfoot") == f"Board result: {words}"
    assert "win" not in final.lower() and "lose" not in final.lower()
    assert page.query_selector("#chat-form") is None  # only bots to talk to
    shot(page, "daily-board-over-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "daily-board-over-phone")
    page.set_viewport_size(DESKTOP)
    page.click("text=See the board's result")
    page.wait_for_url(f"**/daily/{event.day.isoformat()}/boards/1/")

    summary = page.inner_text(".board-summary")
    assert page.inner_text(".board-summary .board-words") == words and "%" in summary
    rows = page.query_selector_all(".traveller tbody tr")
    assert len(rows) == 2
    assert {row.query_selector("td").inner_text() for row in rows} == {
        "early_bird",
        "south_player",
    }
    assert f"NS {board.dd_tricks[0]}, EW {board.dd_tricks[1]}" in page.inner_text("main")
    assert page.query_selector("text=Play board 2") is not None
    shot(page, "daily-board-result-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "daily-board-result-phone")
    page.set_viewport_size(DESKTOP)

    # Board 2 starts from the result page; the day page then shows board 1 done.
    page.goto(f"{server.url}/daily/")
    page.wait_for_selector("text=Result and traveller")
    page.set_viewport_size(PHONE)
    shot(page, "daily-day-phone")

    # Someone has played all 8 boards: ranked, above the two still playing, and a phone
    # shows how many boards each played (what tells ranked from in progress).
    entry_with_results(event, [5, 0, 0, 0, 0, 0, 0, 0], user=UserFactory(username="all_eight"))
    page.goto(f"{server.url}/daily/{event.day.isoformat()}/standings")
    ranked = page.locator(".daily-standings tbody:not(.unranked) tr")
    assert ranked.count() == 1 and "all_eight" in ranked.inner_text()
    assert "In progress" in page.inner_text(".daily-standings .unranked")
    boards = page.locator(".daily-standings thead th").nth(3)
    assert boards.inner_text() == "Boards" and boards.is_visible()
    assert page.locator(".daily-standings tr.viewer td").nth(3).inner_text() == "1 / 8"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "daily-standings-phone")
    # The person's profile shows their day so far (to them alone).
    page.goto(f"{server.url}/u/south_player/")
    assert "Today you have played 1 of 8 boards" in page.inner_text(".daily-today")
    shot(page, "daily-profile-today-phone")
    page.set_viewport_size(DESKTOP)
    page.goto(f"{server.url}/daily/{event.day.isoformat()}/standings")
    shot(page, "daily-standings-desktop")

    # Once the day is over, the replay tells the same board result, step by step too.
    Event.objects.filter(pk=event.pk).update(closes_at=timezone.now() - timedelta(seconds=1))
    off_the_loop(daily_services.events_close_due)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{server.url}/games/{game_id}/replay")
    assert page.inner_text(".replay-final") == f"Board result: {words}"
    page.click("[data-go=last]")
    assert words in page.inner_text(".replay-status")
    scores = [page.inner_text(f".replay-score[data-team='{team}']") for team in (0, 1)]
    assert scores == [str(points) for points in played.points]
    assert page.inner_text(".score-sheet tfoot") == f"Board result: {words}"
    shot(page, "daily-replay-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "daily-replay-phone")
    # Long bot names in the scores shrink; the page does not scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
