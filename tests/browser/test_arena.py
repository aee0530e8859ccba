"""An arena in real browsers: joined with one click from the lobby, a seated person sent
to their game, the standings updating without a reload, and the podium at the end; the
lobby's countdown to a start; a club's owner scheduling one for the members. Screenshots
go to test-artifacts/."""

import re
from datetime import timedelta

from django.utils import timezone

from events.models import Arena
from events.services import arenas, results, seating
from tests.browser.pages import DESKTOP, PHONE, finish_in_process, log_in, off_the_loop, shot
from tests.clubs.factories import club_with
from tests.events.factories import ArenaFactory
from tests.factories import UserFactory
from tests.leagues.factories import TournamentFactory


def test_join_from_the_lobby_play_see_the_standings_move_and_the_podium(open_page, servers):
    server = servers()
    arena = ArenaFactory(name="Evening Quick arena")
    ada, others = UserFactory(username="ada"), UserFactory.create_batch(3)
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

    # Three more join; the seating run (beat's task) gives the four a table, and Ada's
    # page, polling, takes her to her game. (People only: bots that stand in for them play
    # it out fast; expert bots at the table would take a minute here.)
    for person in others:
        off_the_loop(arenas.arena_join, user=person, arena_id=arena.pk)
    (game,) = off_the_loop(seating.arena_seat, arena.pk, now=timezone.now())
    page.wait_for_url(f"{server.url}/games/{game.pk}/", timeout=60_000)

    game = off_the_loop(finish_in_process, game)
    off_the_loop(results.record_game, game_id=game.pk)
    page.locator("text=Back to the arena").click()
    page.wait_for_url(f"{server.url}/arenas/{arena.pk}/")
    rows = page.locator(".arena-standings tbody tr")
    assert rows.count() == 4 and rows.first.locator("td").nth(2).inner_text() == "2"
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


def test_the_lobbys_countdown_ticks_and_at_zero_the_arena_shows_live(open_page, servers):
    server = servers()
    starts = timezone.now() + timedelta(seconds=30)
    arena = ArenaFactory(name="Countdown arena", starts_at=starts)
    page = open_page()
    page.clock.install()  # the page's clock, for the test to move on
    page.goto(f"{server.url}/play/")
    countdown = page.locator(".lobby-arenas [data-counts-to]")
    countdown.wait_for()
    # Five seconds before the start, stopped there: the panels' next poll is 20 s off.
    page.clock.pause_at(starts - timedelta(seconds=5))
    first = countdown.inner_text()
    page.clock.run_for(3000)
    assert re.fullmatch(r"in 0:0\d", countdown.inner_text()) and countdown.inner_text() != first
    shot(page, "lobby-countdown-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "lobby-countdown-phone")
    page.set_viewport_size(DESKTOP)

    # The arena starts (on the server at once): the countdown's end reads the panels again.
    off_the_loop(lambda: Arena.objects.filter(pk=arena.pk).update(starts_at=timezone.now()))
    page.clock.run_for(3000)
    page.locator(".lobby-arenas .chip.live").wait_for()
    assert "Countdown arena" in page.locator(".lobby-arenas").inner_text()
    shot(page, "lobby-arena-live-desktop")

    # The home page says what starts next, the arena first.
    page.goto(f"{server.url}/")
    coming = page.locator(".coming-up li")
    assert "Countdown arena" in coming.first.inner_text() and coming.count() == 2  # and the daily
    shot(page, "home-coming-up-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "home-coming-up-phone")


def test_a_club_owner_schedules_an_arena_for_the_members(open_page, servers):
    server = servers()
    owner = UserFactory(username="olga")
    club, _ = off_the_loop(club_with, owner=owner, members=2)
    page = open_page()
    log_in(page, server, owner)
    page.goto(f"{server.url}/clubs/{club.slug}/")
    page.click("text=Schedule an arena for the members")
    starts = (timezone.localtime() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    form = page.locator(".club-events form").first
    form.locator("input[name=name]").fill("Thursday club night")
    form.locator("input[name=starts_at]").fill(starts)
    shot(page, "club-arena-form-desktop")
    form.locator("button", has_text="Schedule").click()
    page.wait_for_selector("text=The arena is scheduled")
    page.locator(".club-events").get_by_text("Thursday club night").wait_for()
    shot(page, "club-arenas-desktop")
    page.set_viewport_size(PHONE)
    page.click("text=Challenge another club to a battle")
    page.locator(".club-events").scroll_into_view_if_needed()
    shot(page, "club-battle-form-phone", full_page=False)


def test_a_swiss_that_runs_itself_is_entered_from_the_lobby(open_page, servers):
    server = servers()
    starts = timezone.now() + timedelta(minutes=20)
    cup = off_the_loop(
        TournamentFactory, name="Evening Swiss", slug="evening-swiss", preset="classic",
        options={"hands": 4}, swiss_rounds=3, starts_at=starts,
    )  # fmt: skip
    page = open_page()
    log_in(page, server, off_the_loop(UserFactory, username="bea"))
    page.goto(f"{server.url}/play/")
    panel = page.locator("section[aria-labelledby=lobby-tournaments-title]")
    panel.wait_for()
    shot(page, "swiss-lobby-desktop")
    panel.locator("button", has_text="Register").click()
    page.wait_for_url(f"{server.url}/tournaments/{cup.slug}/")
    assert "Runs by itself" in page.locator(".runs-itself").inner_text()
    page.wait_for_selector("text=You are registered")
    shot(page, "swiss-registered-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "swiss-registered-phone")
    page.goto(f"{server.url}/play/")
    assert panel.locator("text=You are in: open").is_visible()
    shot(page, "swiss-lobby-phone")
