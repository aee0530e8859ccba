"""A player's archive and a game's replay in a real browser against a real Daphne.
Screenshots go to test-artifacts/ (archive and replay, desktop and phone)."""

from games.models import Game, Hand
from ranked.kinds import RANKED
from tests.browser.pages import DESKTOP, PHONE, log_in, off_the_loop, shot
from tests.factories import UserFactory
from tests.games import finished


def finished_game(players, **options) -> Game:
    return off_the_loop(finished.finished_game, players, **options)


def test_the_archive_filters_and_links_to_replays(open_page, servers):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    # Standard bots: what the archive shows does not depend on the bots' level, and each
    # expert move costs a search (tests/bots test the expert).
    ranked = finished_game([alice, "standard", bob, "standard"], ranked=True, kind=RANKED)
    casual = finished_game([alice, "random", "random", "standard"])
    Game.objects.filter(pk=casual.pk).update(finished_at=ranked.finished_at.replace(year=2027))
    server = servers()
    page = open_page()
    log_in(page, server, alice)
    page.goto(f"{server.url}/u/alice/")
    page.click("text=All games, with replays")
    page.wait_for_url("**/u/alice/games")
    links = page.locator(".archive-link")
    assert links.count() == 2
    assert f"#{casual.pk}" in links.nth(0).inner_text()  # newest first
    shot(page, "archive-desktop")

    page.select_option("select[name=kind]", "ranked")
    page.wait_for_url("**/u/alice/games?kind=ranked")
    page.locator(".archive-link").filter(has_text=f"#{ranked.pk}").wait_for()
    assert page.locator(".archive-link").count() == 1
    assert "ranked" in page.locator(".archive-link").inner_text().lower()

    page.set_viewport_size(PHONE)
    page.select_option("select[name=kind]", "")
    page.locator(".archive-link").nth(1).wait_for()
    shot(page, "archive-phone")
    page.emulate_media(color_scheme="dark")
    shot(page, "archive-phone-dark")
    page.emulate_media(color_scheme="light")
    page.locator(".archive-link").nth(0).click()
    page.wait_for_url(f"**/games/{casual.pk}/replay")
    page.wait_for_selector(".replay-status")


def test_the_replay_steps_by_buttons_keys_and_slider(open_page, servers):
    alice = UserFactory(username="alice")
    # Two hands at least: without Nil and a losing score, no hand reaches the target of 200
    # (a quick game could end in its first hand: a failed Nil or a set bid of 10 is -100).
    no_early_end = {"nil": False, "losing_score": None}
    # Standard bots, as in the archive's test: the replay is the same whoever played.
    game = finished_game([alice, "standard", "standard", "standard"], options=no_early_end)
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    server = servers()
    page = open_page()
    page.goto(f"{server.url}/games/{game.pk}/replay")
    status = page.locator(".replay-status")
    assert "deals" in status.inner_text()
    # Before any card: every hand holds 13 cards, face up.
    assert page.locator(".replay-hand .rank").count() == 52
    assert page.locator(".replay-slot .playing-card").count() == 0

    page.click("[data-go=next]")
    assert "bids" in status.inner_text() or "looks" in status.inner_text()
    page.keyboard.press("End")
    assert "Hand over" in status.inner_text()
    assert page.locator(".replay-hand .rank").count() == 0
    scores = page.locator(".replay-score")
    assert [int(scores.nth(t).inner_text()) for t in (0, 1)] == hands[-1].scores
    won = sum(int(n.split()[-1]) for n in page.locator(".replay-won").all_inner_texts())
    assert won == 13

    page.keyboard.press("Home")
    page.keyboard.press("PageDown")  # to the deal of hand 2
    assert f"Hand {hands[1].number}:" in status.inner_text()
    page.keyboard.press("ArrowLeft")  # the last card of hand 1
    assert "Hand over" in status.inner_text()
    assert [int(scores.nth(t).inner_text()) for t in (0, 1)] == hands[0].scores
    tricks = [int(n.split()[-1]) for n in page.locator(".replay-won").all_inner_texts()]
    seats = [int(s) for s in page.locator(".replay-seat").evaluate_all(
        "boxes => boxes.map(box => box.dataset.seat)")]  # fmt: skip
    assert [tricks[seats.index(seat)] for seat in range(4)] == hands[0].tricks
    assert page.locator(".score-sheet tbody tr.current").inner_text().startswith("1")

    # The slider: 30 steps in, hand 1 is being played (it has 4 bids, a few looks, 52 cards).
    kinds = list(game.actions.order_by("version").values_list("kind", flat=True))
    bidding = kinds.index("play")
    page.locator(".replay-range").fill("30")
    assert "step 30 of" in page.locator(".replay-position").inner_text()
    assert page.locator(".replay-hand .rank").count() == 52 - (30 - bidding)
    page.locator(".hand-jump").nth(0).click()
    page.click("[data-go=next]")
    page.click("[data-go=next]")
    page.click("[data-go=prev]")
    assert "step 1 of" in page.locator(".replay-position").inner_text()
    # Into the play of hand 1, so the screenshots show cards on the table.
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("PageDown")
    page.keyboard.press("ArrowLeft")
    for _ in range(40):
        page.keyboard.press("ArrowLeft")
    shot(page, "replay-desktop")
    page.emulate_media(color_scheme="dark")
    shot(page, "replay-desktop-dark")
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(PHONE)
    # As a phone shows it: the board, with what happened, Back and Next below it.
    page.evaluate("window.scrollTo(0, document.querySelector('.replay-felt').offsetTop - 8)")
    shot(page, "replay-phone", full_page=False)
    shot(page, "replay-phone-page")
    page.set_viewport_size(DESKTOP)
