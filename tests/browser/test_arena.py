"""An arena in real browsers: joined with one click from the lobby, a seated person sent
to their game, the standings updating without a reload, and the podium at the end.
Screenshots go to test-artifacts/."""

from datetime import timedelta

from django.utils import timezone

from events.models import Arena
from events.services import arenas, results, seating
from tests.browser.pages import DESKTOP, PHONE, finish_in_process, log_in, off_the_loop, shot
from tests.events.factories import ArenaFactory
from tests.factories import UserFactory


def test_join_from_the_lobby_play_see_the_standings_move_and_the_podium(open_page, servers):
    server = servers()
    arena = ArenaFactory(name="Evening Quick arena", bot_wait_seconds=0)
    ada, ben = UserFactory(username="ada"), UserFactory(username="ben")
    page = open_page()
    log_in(page, server, ada)
    page.goto(f"{server.url}/play/")
    lobby = page.locator(".lobby-arenas")
    lobby.wait_for()
    shot(page, "arena-lobby-desktop")
    lobby.locator("button", has_text="Join").click()
    page.wait_for_url(f"{server.url}/arenas/{arena.pk}/")
    page.wait_for_selector("text=Waiting for your table")
    shot(page, "arena-waiting-desktop")

    # Ben joins; the seating run (beat's task) gives both a table, bots in the other seats,
    # and Ada's page, polling, takes her to her game.
    off_the_loop(arenas.arena_join, user=ben, arena_id=arena.pk)
    (game,) = off_the_loop(seating.arena_seat, arena.pk, now=timezone.now())
    page.wait_for_url(f"{server.url}/games/{game.pk}/", timeout=60_000)

    game = off_the_loop(finish_in_process, game)
    off_the_loop(results.record_game, game_id=game.pk)
    page.locator("text=Back to the arena").click()
    page.wait_for_url(f"{server.url}/arenas/{arena.pk}/")
    rows = page.locator(".arena-standings tbody tr")
    assert rows.count() == 2 and rows.first.locator("td").nth(2).inner_text() == "2"
    shot(page, "arena-standings-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "arena-standings-phone")
    page.set_viewport_size(DESKTOP)

    # The arena ends while the page is open: the podium comes without a reload.
    ended = timezone.now() - timedelta(seconds=1)
    off_the_loop(lambda: Arena.objects.filter(pk=arena.pk).update(ends_at=ended))
    page.locator(".arena-podium").wait_for(timeout=30_000)
    winner = page.locator(".podium li").first.inner_text()
    assert "2 points" in winner
    shot(page, "arena-podium-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "arena-podium-phone")
