"""Closing an account (issue 41, Must 5): hidden everywhere at once, its name `closed-N`,
its games still replaying and verifying; logging in within 7 days undoes it (unless a
moderator closed it); on day 7 its personal data is erased for good."""

from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress

from accounts import services
from accounts.models import User
from accounts.tokens import token_create
from games.history import imported_scores
from games.models import Game, Hand, Seat
from games.services import tables
from ranked.models import QueueEntry
from ranked.services import queue
from social import services as social
from social.models import Friendship
from tests.factories import PASSWORD, UserFactory
from tests.games.finished import finished_game
from tests.ranked.test_pages import settled

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]


def person(**fields) -> User:
    user = UserFactory(**fields)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def friends(one: User, other: User) -> None:
    request = social.friend_request_send(user=one, other=other)
    social.friend_request_answer(user=other, request_id=request.pk, accept=True)


def log_in(client, login: str):
    return client.post("/accounts/login/", {"login": login, "password": PASSWORD})


def test_closing_from_the_profile_confirms_first_then_hides_the_person_everywhere(client):
    alice, bob = settled(1800), person()
    EmailAddress.objects.create(user=alice, email=alice.email, verified=True, primary=True)
    name = alice.username
    friends(alice, bob)
    queue.queue_join(user=alice)
    client.force_login(alice)
    assert name in client.get("/leaderboard/").content.decode()
    page = client.get("/settings/close")
    assert page.status_code == 200 and b'name="confirm"' in page.content

    unconfirmed = client.post("/settings/close")
    assert unconfirmed.status_code == 400 and b"Tick the box" in unconfirmed.content
    alice.refresh_from_db()
    assert alice.closed_at is None and alice.username == name

    assert client.post("/settings/close", {"confirm": "yes"}).status_code == 302
    alice.refresh_from_db()
    assert alice.username == f"closed-{alice.pk}" and alice.former_username == name
    assert not alice.is_active and alice.closed_at is not None
    assert client.get("/settings/close").status_code == 302  # logged out: to the login page
    board = client.get("/leaderboard/").content.decode()
    assert name not in board and f"closed-{alice.pk}" not in board
    assert not QueueEntry.objects.filter(user=alice).exists()
    assert not Friendship.objects.filter(user=alice).exists()
    client.force_login(bob)
    assert client.get("/api/friends").json()["friends"] == []
    profile = client.get(f"/u/closed-{alice.pk}/").content.decode()
    assert "This account is closed" in profile
    assert client.get(f"/u/{name}/").status_code == 404


def test_a_closed_accounts_finished_games_replay_and_verify_under_its_new_name(client):
    alice = person()
    name = alice.username
    game = finished_game([alice, "random", "random", "random"])
    services.account_close(user=alice)
    document = client.get(f"/api/games/{game.pk}/export").json()
    assert document["seats"][0]["name"] == f"closed-{alice.pk}"
    assert name not in str(document)
    stored = [tuple(hand.scores) for hand in Hand.objects.filter(game=game).order_by("number")]
    assert imported_scores(document) == stored
    replay = client.get(f"/games/{game.pk}/replay")
    assert replay.status_code == 200 and f"closed-{alice.pk}" in replay.content.decode()
    hand = document["hands"][0]
    query = {"seed": hand["seed"], "commitment": hand["commitment"], "dealer": hand["dealer"]}
    verified = client.get("/api/verify", query).json()
    assert verified["matches"] and verified["hands"] == hand["deal"]


def test_a_bot_plays_on_for_a_closed_person_in_an_unfinished_game():
    alice = person()
    game = tables.table_create(owner=alice, bots={1: "random", 2: "random", 3: "random"})
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING
    services.account_close(user=alice)
    assert Seat.objects.get(game=game, position=0).away


@pytest.mark.parametrize("login", ["old name", "e-mail address"])
def test_logging_in_within_7_days_restores_the_name_and_access_but_not_friends(client, login):
    alice, bob = person(), person()
    name = alice.username
    friends(alice, bob)
    services.account_close(user=alice)
    response = log_in(client, name if login == "old name" else alice.email)
    assert response.status_code == 302, response.content.decode()[:2000]
    alice.refresh_from_db()
    assert alice.username == name and alice.is_active and alice.closed_at is None
    assert alice.former_username == ""
    assert client.get(f"/u/{name}/data").status_code == 200  # logged in again
    assert not Friendship.objects.filter(user=alice).exists()


def test_a_moderators_closing_is_not_undone_by_logging_in(client):
    alice = person()
    name = alice.username
    services.account_close(user=alice, by_moderator=True)
    refused = log_in(client, name)
    assert refused.status_code == 403 and b"closed by a moderator" in refused.content
    alice.refresh_from_db()
    assert alice.closed_by_moderator and alice.username == f"closed-{alice.pk}"
    assert client.get(f"/u/closed-{alice.pk}/data").status_code == 302  # not logged in
    services.account_reopen(user=alice)  # a moderator can
    alice.refresh_from_db()
    assert alice.username == name and alice.is_active


def test_day_7_erases_the_personal_data_for_good_and_twice_is_harmless(client):
    alice = person(first_name="Alice", time_zone="Europe/Paris")
    name = alice.username
    game = finished_game([alice, "random", "random", "random"])
    token_create(user=alice)
    closed = services.account_close(user=alice)
    assert services.accounts_erase_closed(now=closed.closed_at + timedelta(days=6)) == 0
    assert services.accounts_erase_closed(now=closed.closed_at + timedelta(days=7)) == 1
    assert services.accounts_erase_closed(now=closed.closed_at + timedelta(days=8)) == 0
    alice.refresh_from_db()
    assert (alice.email, alice.first_name, alice.former_username, alice.time_zone) == ("",) * 4
    assert not alice.has_usable_password() and alice.erased_at is not None
    assert not EmailAddress.objects.filter(user=alice).exists()
    assert not alice.api_tokens.exists()
    assert log_in(client, name).status_code == 200  # the form again: no such account
    assert Seat.objects.get(game=game, position=0).user == alice  # the game keeps its player
    assert client.get(f"/games/{game.pk}/replay").status_code == 200


def test_the_api_closes_only_when_confirmed_and_the_token_stops_working(client):
    alice = person()
    token = token_create(user=alice)
    auth = {"Authorization": f"Bearer {token}"}
    missing = client.post("/api/me/close", {}, content_type="application/json", headers=auth)
    assert missing.status_code == 400 and missing.json()["error"]
    declined = client.post(
        "/api/me/close", {"confirm": False}, content_type="application/json", headers=auth
    )
    assert declined.status_code == 400 and "confirm" in declined.json()["error"]
    assert client.get("/api/me/close", headers=auth).status_code == 405
    alice.refresh_from_db()
    assert alice.closed_at is None
    closed = client.post(
        "/api/me/close", {"confirm": True}, content_type="application/json", headers=auth
    )
    assert closed.status_code == 200
    assert closed.json()["username"] == f"closed-{alice.pk}" and closed.json()["closed"]
    assert client.get("/api/me/data", headers=auth).status_code == 401


def test_closed_names_stay_reserved_while_their_owner_may_come_back(client):
    alice = person()
    name = alice.username
    services.account_close(user=alice)
    for taken in (name, "closed-99"):
        response = client.post(
            "/accounts/signup/",
            {"username": taken, "email": f"x{len(taken)}@example.com",
             "password1": "a-long-Secret-123", "password2": "a-long-Secret-123"},
        )  # fmt: skip
        assert response.status_code == 200 and not User.objects.filter(username=taken).exists()
