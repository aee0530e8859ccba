"""Ranked pages through Django's test client: queue, profile, leaderboard."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.services import bots_ensure
from ranked import ratings, selectors
from ranked.models import Abandonment, QueueEntry, Rating
from ranked.services import queue, ratings as rating_services
from tests.factories import UserFactory
from tests.ranked.factories import finished_game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def player_client(client, user):
    client.force_login(user)
    return client


def test_anonymous_visitors_are_asked_to_log_in(client):
    html = client.get("/ranked/").content.decode()
    assert "Log in to play ranked" in html
    assert client.post("/ranked/queue/join").status_code == 302


def test_join_wait_and_cancel_with_htmx(player_client, user):
    page = player_client.get("/ranked/").content.decode()
    assert "Play ranked" in page and 'name="max_wait"' in page and "1500" in page
    joined = player_client.post("/ranked/queue/join", {"max_wait": "60"}, headers=HTMX)
    html = joined.content.decode()
    assert "<html" not in html and "Looking for players" in html
    assert 'hx-get="/ranked/queue"' in html and 'hx-trigger="every 1s"' in html
    assert QueueEntry.objects.get(user=user).max_wait == 60
    QueueEntry.objects.filter(user=user).update(joined_at=timezone.now() - timedelta(seconds=12))
    polled = player_client.get("/ranked/queue", headers=HTMX).content.decode()
    assert re.search(r">1[23] s<", polled) and re.search(r"fill the table in 4[78] s", polled)
    cancelled = player_client.post("/ranked/queue/cancel", headers=HTMX).content.decode()
    assert "Find a game" in cancelled and not QueueEntry.objects.exists()


def test_without_htmx_the_forms_still_work(player_client, user):
    response = player_client.post("/ranked/queue/join", {"max_wait": "30"})
    assert response.status_code == 302 and response.url == "/ranked/"
    assert QueueEntry.objects.filter(user=user).exists()
    assert "Looking for players" in player_client.get("/ranked/").content.decode()


def test_once_seated_the_poll_sends_the_player_to_the_game(player_client, user):
    queue.queue_join(user=user, max_wait=15)
    (game,) = queue.tables_form(now=timezone.now() + timedelta(seconds=20))
    response = player_client.get("/ranked/queue", headers=HTMX)
    assert response["HX-Redirect"] == f"/games/{game.pk}/"
    assert player_client.get("/ranked/queue").url == f"/games/{game.pk}/"
    page = player_client.get("/ranked/").content.decode()
    assert f"Go to game {game.pk}" in page
    # A box drawn as the table formed (e.g. an accept's answer) still polls, so it goes
    # to the game too: a box that stopped polling once left a page behind.
    assert 'hx-get="/ranked/queue" hx-trigger="every 2s"' in page


def test_a_barred_player_sees_why_and_for_how_long(player_client, user):
    game = finished_game(UserFactory.create_batch(4), winner=0)
    Abandonment.objects.create(
        user=user, game=game, at=timezone.now(), barred_until=timezone.now() + timedelta(minutes=10)
    )
    page = player_client.get("/ranked/").content.decode()
    assert "Ranked play is paused for you" in page and "10 minutes" in page
    refused = player_client.post("/ranked/queue/join", {"max_wait": "30"}, headers=HTMX)
    assert "10 minutes" in refused.content.decode() and not QueueEntry.objects.exists()


def _history(person, count, *, start=None):
    """`count` rated games of `person` with bots and others, alternating results."""
    start = start or timezone.now() - timedelta(days=count)
    partner, *others = UserFactory.create_batch(3)
    for number in range(count):
        finished_game(
            [person, "standard", partner, others[number % 2]],
            winner=number % 2,
            finished_at=start + timedelta(hours=number),
            away=(0,) if number == count - 1 else (),
            hands=[((0, 3, 5, 4), (0, 3, 6, 4)), ((4, 3, 3, 3), (5, 3, 1, 4))],
        )
    rating_services.ratings_rate_pending()


def test_the_profile_shows_rating_history_stats_games_and_abandonments(client, user):
    _history(user, 6)
    html = client.get(f"/u/{user.username}/").content.decode()
    rating = Rating.objects.get(user=user)
    assert str(rating.display) in html
    assert "<svg" in html and "<polyline" in html and "Rating over the last 6 games" in html
    assert "Ranked games" in html and "Win rate" in html and "Bid accuracy" in html
    assert "Blind Nil" in html and "Bags per hand" in html and "Points per hand" in html
    assert "Bostons" in html
    for change in user.rating_changes.all():
        assert f'href="/games/{change.game_id}/"' in html
    assert 'href="/u/StandardBot/"' in html and " · Standard bot</a>" in html
    assert "Abandoned games" in html and "1 in all" in html
    totals = selectors.profile(user, now=timezone.now())["totals"]
    assert totals["games"] == 6 and totals["wins"] == 3 and totals["abandoned"] == 1
    assert totals["nil_bids"] == 6 and totals["nil_rate"] == 1.0
    assert totals["bid_accuracy"] == 0.5 and totals["bags_per_hand"] == 0.5


def test_bots_have_a_profile_with_a_badge(client):
    bots_ensure()
    person = UserFactory()
    _history(person, 2)
    html = client.get("/u/StandardBot/").content.decode()
    assert 'class="badge bot"' in html and "Plays at the standard level" in html
    assert "<h1>Standard bot " in html
    assert client.get("/u/nobody-here/").status_code == 404


@pytest.mark.parametrize("games", [3, 30])
def test_the_profile_reads_a_fixed_number_of_queries(
    client, user, games, django_assert_max_num_queries
):
    _history(user, games)
    if games == 30:  # settled: the leaderboard rank is one more query
        Rating.objects.filter(user=user).update(
            sigma=3.0, established_until=timezone.now() + timedelta(days=30)
        )
        assert selectors.profile(user, now=timezone.now())["lines"][0]["rank"] == 1
    client.force_login(user)
    client.get("/")  # the first visit notes where they are (accounts.browsers), once
    # session, viewer, player, 8 reads, the analysed games (tricks lost to double-dummy),
    # 3 for the partnerships (games together, the partners, their ratings), the daily
    # challenge's history and day so far, the arena trophies, and the bell's unread count in
    # the header
    with django_assert_max_num_queries(19):
        assert client.get(f"/u/{user.username}/").status_code == 200


def settled(display, *, bot_level="", games=20):
    user = UserFactory(bot_level=bot_level)
    mu = ratings.MU0 + (display - ratings.DISPLAY_BASE) / ratings.DISPLAY_SCALE
    now = timezone.now()
    Rating.objects.create(
        user=user,
        mu=mu,
        sigma=3.0,
        games=games,
        last_played_at=now,
        established_until=now + timedelta(days=100),
    )
    return user


def link(user):
    return f'href="/u/{user.username}/"'


def test_the_leaderboard_lists_settled_people_by_rating(client):
    top, second = settled(1900), settled(1700)
    bot = settled(1800, bot_level="expert")
    newcomer = UserFactory()
    Rating.objects.create(user=newcomer, mu=40, sigma=6.0, games=3)  # provisional
    html = client.get("/leaderboard/").content.decode()
    assert html.index(link(top)) < html.index(link(second)) < html.index(link(newcomer))
    assert link(bot) not in html
    newcomer_row = html[html.index(link(newcomer)) :].split("</tr>")[0]
    assert "Provisional" in newcomer_row
    with_bots = client.get("/leaderboard/?bots=1").content.decode()
    assert with_bots.index(link(top)) < with_bots.index(link(bot)) < with_bots.index(link(second))
    assert 'class="badge bot"' in with_bots and ">Expert bot</a>" in with_bots


def test_the_leaderboard_is_paginated_and_shows_the_viewers_rank(
    client, django_assert_max_num_queries
):
    players = [settled(1500 + i) for i in range(60)]
    me = players[0]  # the lowest: rank 60, on page 2
    client.force_login(me)
    client.get("/")  # the first visit notes where they are (accounts.browsers), once
    with django_assert_max_num_queries(8):
        html = client.get("/leaderboard/").content.decode()
    assert "You are <strong>#60</strong>" in html and "page=2" in html
    board = html[html.index("<main>") :]  # the nav links to the viewer's own profile
    assert link(players[-1]) in board and link(me) not in board
    page2 = client.get("/leaderboard/?page=2").content.decode()
    assert 'class="viewer"' in page2 and "Page 2 of 2" in page2


def test_inactivity_makes_a_player_provisional_on_the_leaderboard(client):
    idle, active = settled(1900), settled(1500)
    Rating.objects.filter(user=idle).update(established_until=timezone.now() - timedelta(days=1))
    html = client.get("/leaderboard/").content.decode()
    assert html.index(link(active)) < html.index(link(idle))
    assert "Provisional" in html[html.index(link(idle)) :].split("</tr>")[0]


def test_a_provisional_viewer_is_told_when_they_will_appear(client, user):
    client.force_login(user)
    html = client.get("/leaderboard/").content.decode()
    assert "provisional" in html and "about 15 ranked games" in html
