"""Choosing a ranked variant in a real browser: the variant control shows the person's
own rating in each, the queue is that variant's, and each variant has its leaderboard.
Screenshots go to test-artifacts/."""

from datetime import timedelta

from django.utils import timezone

from ranked import ratings
from ranked.models import QueueEntry, Rating
from tests.browser.pages import DESKTOP, PHONE, log_in, off_the_loop, shot
from tests.factories import UserFactory


def _rate(user, variant, display):
    now = timezone.now()
    Rating.objects.create(
        user=user,
        variant=variant,
        mu=ratings.MU0 + (display - ratings.DISPLAY_BASE) / ratings.DISPLAY_SCALE,
        sigma=3.0,
        games=20,
        last_played_at=now,
        established_until=now + timedelta(days=30),
    )


def test_a_player_chooses_a_variant_queues_in_it_and_finds_its_leaderboard(open_page, servers):
    server = servers()
    ada = UserFactory(username="ada")
    off_the_loop(_rate, ada, "classic", 1620)
    off_the_loop(_rate, ada, "jokers", 1710)
    page = open_page(viewport=PHONE)
    log_in(page, server, ada)
    page.goto(f"{server.url}/ranked/")
    page.wait_for_selector(".variant-tabs")
    assert "1710" in page.inner_text(".variant-tabs [data-variant=jokers]")
    shot(page, "ranked-variants-phone")
    page.click(".variant-tabs [data-variant=jokers]")
    page.wait_for_url(f"{server.url}/ranked/?variant=jokers")
    page.wait_for_selector("text=Your Jokers rating")
    page.set_viewport_size(DESKTOP)
    shot(page, "ranked-variants-jokers-desktop")

    page.click(".variant-tabs [data-variant=solo]")
    page.wait_for_selector("text=there are no partners")
    page.click("text=Play ranked Solo")
    page.wait_for_selector("text=Looking for players")
    assert page.inner_text(".queued-variant") == "Ranked Solo"
    shot(page, "ranked-variants-solo-queued-desktop", full_page=False)
    entry = off_the_loop(lambda: QueueEntry.objects.get(user=ada))
    assert entry.variant == "solo"

    page.goto(f"{server.url}/leaderboard/jokers/")
    page.wait_for_selector("h1:has-text('Jokers leaderboard')")
    assert "ada" in page.inner_text("table.board")
    shot(page, "leaderboard-jokers-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "leaderboard-jokers-phone")
