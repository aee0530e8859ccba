"""Queueing with a friend through the ranked page (htmx) and the JSON API, and the
partnerships on the profile."""

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.tokens import token_create
from ranked import ratings, selectors
from ranked.models import PartnerRequest, QueueEntry
from ranked.services import partners, queue, ratings as rating_services
from tests.factories import UserFactory
from tests.ranked.factories import finished_game
from tests.social.factories import befriend

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_ask_a_friend_accept_with_one_click_and_leave_together():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    befriend(alice, bob)
    page = logged_in(alice).get("/ranked/").content.decode()
    assert "Queue with a friend" in page
    assert f'<option value="{bob.username}">' in page
    assert f'<option value="{carol.username}">' not in page  # not a friend

    asked = logged_in(alice).post(
        "/ranked/partner/ask", {"partner": bob.username, "max_wait": "60"}, headers=HTMX
    )
    html = asked.content.decode()
    assert f"Waiting for {bob.username}" in html and 'hx-trigger="every 2s"' in html
    assert "Withdraw the request" in html

    bob_page = logged_in(bob).get("/ranked/").content.decode()
    assert f"<strong>{alice.username}</strong> asks you to play ranked as partners" in bob_page
    request = PartnerRequest.objects.get()
    accepted = logged_in(bob).post(f"/ranked/partner/{request.pk}/accept", headers=HTMX)
    assert f"Looking for opponents for you and {alice.username}" in accepted.content.decode()
    polled = logged_in(alice).get("/ranked/queue", headers=HTMX).content.decode()
    assert f"Looking for opponents for you and {bob.username}" in polled
    assert QueueEntry.objects.get(user=alice).max_wait == 60

    left = logged_in(alice).post("/ranked/queue/cancel", headers=HTMX).content.decode()
    assert "Find a game" in left and not QueueEntry.objects.exists()


def test_refusals_show_in_the_queue_box_and_change_nothing():
    alice, stranger = UserFactory(), UserFactory()
    client = logged_in(alice)
    page = client.get("/ranked/").content.decode()
    assert "Find your friends" in page and '<select name="partner">' not in page
    refused = client.post(
        "/ranked/partner/ask", {"partner": stranger.username, "max_wait": "30"}, headers=HTMX
    ).content.decode()
    assert "not your friend" in refused
    nobody = client.post(
        "/ranked/partner/ask", {"partner": "nobody-here", "max_wait": "30"}, headers=HTMX
    ).content.decode()
    assert "There is nobody called &#x27;nobody-here&#x27;" in nobody
    missing = client.post("/ranked/partner/999999/accept", headers=HTMX).content.decode()
    assert "no open partner request 999999" in missing
    assert client.post("/ranked/partner/999999/decline").status_code == 404  # the error page
    assert not PartnerRequest.objects.exists() and not QueueEntry.objects.exists()


def api(client, method, path, token, body=None):
    response = getattr(client, method)(
        path,
        data=json.dumps(body) if body is not None else None,
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    return response.status_code, response.json()


def test_the_api_queues_a_pair_with_a_token(client):
    alice, bob = UserFactory(), UserFactory()
    befriend(alice, bob)
    alice_token, bob_token = token_create(user=alice), token_create(user=bob)
    status, body = api(
        client, "post", "/api/ranked/queue", alice_token, {"partner": bob.username, "max_wait": 15}
    )
    assert status == 201 and body["queued"] is False and body["sent"]["to"] == bob.username
    status, body = api(client, "get", "/api/ranked/queue", bob_token)
    (received,) = body["received"]
    assert received["from"] == alice.username and received["max_wait"] == 15
    status, body = api(
        client, "post", f"/api/ranked/partner-requests/{received['id']}/accept", bob_token
    )
    assert status == 200 and body["queued"] is True and body["partner"] == alice.username

    (game,) = queue.tables_form(now=timezone.now() + timedelta(seconds=20))
    status, body = api(client, "get", "/api/ranked/queue", alice_token)
    assert body["queued"] is False and body["game"]["id"] == game.pk
    positions = dict(game.seats.values_list("user_id", "position"))
    assert (positions[alice.pk] - positions[bob.pk]) % 4 == 2


def test_the_api_queues_alone_leaves_and_declines(client):
    alice, bob = UserFactory(), UserFactory()
    befriend(alice, bob)
    token = token_create(user=alice)
    status, body = api(client, "post", "/api/ranked/queue", token, {})
    assert status == 201 and body["queued"] is True and body["partner"] is None
    status, body = api(client, "post", "/api/ranked/queue/leave", token)
    assert status == 200 and body["left"] is True and body["queued"] is False
    status, body = api(client, "post", "/api/ranked/queue/leave", token)
    assert body["left"] is False

    request = partners.partner_request_send(user=bob, partner=alice)
    status, body = api(client, "post", f"/api/ranked/partner-requests/{request.pk}/decline", token)
    assert status == 200 and body["received"] == []
    assert not PartnerRequest.objects.exists()


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"partner": 7}, 400, "partner must be text"),
        ({"partner": ""}, 400, "username of a friend"),
        ({"partner": "x" * 200}, 404, "nobody called"),
        ({"partner": "nobody-here"}, 404, "nobody called"),
        ({"partner": "a\x00b"}, 400, "plain text"),
        ({"max_wait": "30"}, 400, "max_wait must be a whole number"),
        ({"max_wait": 31}, 400, "Choose a wait"),
        ({"colour": "red"}, 400, "Unknown field 'colour'"),
    ],
)
def test_bad_api_input_is_a_clear_4xx_that_changes_nothing(client, body, status, words):
    alice = UserFactory()
    token = token_create(user=alice)
    got, answer = api(client, "post", "/api/ranked/queue", token, body)
    assert got == status and words in answer["error"]
    assert not QueueEntry.objects.exists() and not PartnerRequest.objects.exists()


def test_the_profile_lists_partnerships_with_games_wins_and_strength(client):
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    start = timezone.now() - timedelta(days=3)
    for number in range(3):  # alice and bob at seats 1 & 3 win two of three
        finished_game(
            ["standard", alice, "standard", bob],
            winner=1 if number < 2 else 0,
            finished_at=start + timedelta(hours=number),
        )
    finished_game([alice, "random", carol, "random"], winner=0, finished_at=start)
    rating_services.ratings_rate_pending()
    rows = selectors.partnerships(alice, now=timezone.now())
    assert [(row["partner"], row["variant"], row["games"], row["wins"]) for row in rows] == [
        (bob, "Classic", 3, 2),
        (carol, "Classic", 1, 1),
    ]
    skills = selectors.skills_at([alice.pk, bob.pk], now=timezone.now())
    pair = [skills[alice.pk], skills[bob.pk]]
    # (sigma grows with the time since the last game: a hair between the two reads)
    assert rows[0]["chance"] == pytest.approx(ratings.win_chance(pair, selectors.AVERAGE_PAIR))
    assert rows[0]["rating"] == ratings.display((pair[0][0] + pair[1][0]) / 2)
    html = client.get(f"/u/{alice.username}/").content.decode()
    section = html[html.index("<h2>Partnerships</h2>") :].split("</section>")[0]
    assert f'href="/u/{bob.username}/"' in section and f'href="/u/{carol.username}/"' in section
    assert section.index(bob.username) < section.index(carol.username)
    assert "chance to beat an average pair" in section
    lonely = client.get(f"/u/{UserFactory().username}/").content.decode()
    assert "No ranked games with a partner yet" in lonely
