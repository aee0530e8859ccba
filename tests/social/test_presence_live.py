"""Presence and invitations across two real Daphne processes behind the same Redis: a
person's `/ws/me/` socket on one, a friend's API calls on the other (social.presence)."""

import json
import os
import signal

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from accounts.tokens import token_create
from config.processes import wait_until
from social import presence
from tests.factories import UserFactory
from tests.live import http

# Generous: presence is right within about STALE seconds; the machine may be slow.
OFFLINE_AFTER_KILL = presence.STALE * 3 + 10


pytestmark = pytest.mark.usefixtures("fresh_presence")


def person_socket(server, token: str, page: str = "other", **query):
    """A person's own socket, as every page opens it (here with `?token=`)."""
    params = "&".join(f"{k}={v}" for k, v in {"page": page, "token": token, **query}.items())
    return connect(
        f"{server.ws_url}/ws/me/?{params}", origin=server.url, open_timeout=10, close_timeout=2
    )


def befriend(server, token_a: str, token_b: str, username_b: str) -> None:
    """A asks B over the API, B accepts: friends both ways."""
    status, body = http(server, "POST", "/api/friends/requests", token_a, {"username": username_b})
    assert status == 201, body
    status, body = http(server, "POST", f"/api/friends/requests/{body['id']}/accept", token_b)
    assert status == 200, body


def invite(server, token: str, username: str, game_id: int, seat: int) -> dict:
    """The token's owner invites `username` to a seat at their table over the API."""
    status, sent = http(
        server,
        "POST",
        "/api/invitations",
        token,
        {"username": username, "game": game_id, "seat": seat},
    )
    assert status == 201, sent
    return sent


def presence_of(server, token: str, username: str) -> dict:
    """The presence a person's friend `username` has in their GET /api/friends."""
    status, body = http(server, "GET", "/api/friends", token)
    assert status == 200, body
    [row] = [row for row in body["friends"] if row["username"] == username]
    return row["presence"]


def people(count: int):
    users = [UserFactory() for _ in range(count)]
    return users, [token_create(user=user) for user in users]


def test_presence_follows_a_socket_on_one_server_as_seen_from_another(servers):
    first, second = servers(), servers()
    (alice, _bob), (alice_token, bob_token) = people(2)
    befriend(second, bob_token, alice_token, alice.username)

    def seen_by_bob() -> dict:
        return presence_of(second, bob_token, alice.username)

    # Never connected: offline, never seen.
    assert seen_by_bob() == {"status": "offline", "online": False}

    # Alice opens the lobby on server 1; Bob, asking server 2, sees her there.
    with person_socket(first, alice_token, page="lobby"):
        found = wait_until(
            lambda: (p := seen_by_bob())["online"] and p, 30, "Alice online in the lobby"
        )
        assert found["status"] == "in the lobby"
        assert "game" not in found

        # A second page of hers, elsewhere on the site: still in the lobby (one of her pages).
        with person_socket(first, alice_token, page="other"):
            wait_until(lambda: seen_by_bob()["status"] == "in the lobby", 30, "still in lobby")
        # The lobby page is still open after the other closed.
        assert seen_by_bob() == {"status": "in the lobby", "online": True}

    # Closing her only socket takes her offline at once (no waiting for staleness), with
    # when she was last seen.
    offline = wait_until(
        lambda: not (p := seen_by_bob())["online"] and p, presence.STALE, "offline on close"
    )
    assert offline["status"] == "offline"
    assert "last_seen" in offline

    # Elsewhere than the lobby: "online".
    with person_socket(first, alice_token, page="somewhere-unknown"):
        found = wait_until(lambda: (p := seen_by_bob())["online"] and p, 30, "online")
        assert found["status"] == "online"
    wait_until(lambda: not seen_by_bob()["online"], presence.STALE, "offline again")


def test_a_killed_server_takes_its_sockets_offline_within_about_stale_seconds(servers):
    first, second = servers(), servers()
    (_alice, bob), (alice_token, bob_token) = people(2)
    befriend(second, alice_token, bob_token, bob.username)

    def seen_by_alice() -> dict:
        return presence_of(second, alice_token, bob.username)

    with person_socket(first, bob_token, page="lobby") as socket:
        wait_until(lambda: seen_by_alice()["online"], 30, "Bob online through server 1")
        # Server 1 dies at once: no socket of it says goodbye, its heartbeats stop.
        os.killpg(first.process.pid, signal.SIGKILL)
        first.process.wait()
        # The socket's end learns of it too (the connection drops).
        with pytest.raises((ConnectionClosed, OSError, TimeoutError)):
            socket.recv(timeout=30)
        gone = wait_until(
            lambda: not (p := seen_by_alice())["online"] and p,
            OFFLINE_AFTER_KILL,
            "Bob offline once server 1's heartbeats went stale",
        )
        assert gone["status"] == "offline"
        assert "last_seen" in gone


def test_an_invitation_sent_on_one_server_arrives_on_the_other_as_json(servers):
    first, second = servers(), servers()
    (alice, bob), (alice_token, bob_token) = people(2)
    befriend(second, alice_token, bob_token, bob.username)

    # Bob's socket (JSON frames) on server 1.
    with person_socket(first, bob_token, page="other", format="json") as socket:
        wait_until(lambda: presence_of(second, alice_token, bob.username)["online"], 30, "Bob on")

        # Alice, on server 2, makes a table and invites Bob to the partner's seat.
        status, table = http(
            second, "POST", "/api/tables", alice_token, {"bots": {"1": "standard", "3": "standard"}}
        )
        assert status == 201, table
        sent = invite(second, alice_token, bob.username, table["id"], seat=2)
        assert (sent["from"], sent["to"], sent["game"], sent["seat"]) == (
            alice.username,
            bob.username,
            table["id"],
            2,
        )

        frame = json.loads(socket.recv(timeout=30))
        assert frame["type"] == "notification"
        assert frame["invitation"] == sent["id"]
        assert (
            frame["text"]
            == f"{alice.username} invites you to table {table['id']}, as their partner"
        )
        assert frame["unread"] >= 1
        assert frame["url"] == "/notifications/"

        # The invitation is listed for both; Bob takes it (through server 1) and sits.
        status, listed = http(first, "GET", "/api/invitations", bob_token)
        assert status == 200 and [i["id"] for i in listed["received"]] == [sent["id"]], listed
        status, taken = http(first, "POST", f"/api/invitations/{sent['id']}/accept", bob_token)
        assert status == 200 and taken == {"game": table["id"]}, taken
        status, game = http(first, "GET", f"/api/games/{table['id']}", bob_token)
        assert status == 200, game
        assert game["seat"] == 2, game

        # Taken: it is no longer live, and a second answer is refused in the JSON style.
        status, listed = http(first, "GET", "/api/invitations", bob_token)
        assert listed["received"] == []
        status, again = http(first, "POST", f"/api/invitations/{sent['id']}/accept", bob_token)
        assert status == 409, again
        assert "error" in again


def test_a_private_game_shows_in_presence_without_a_watch_link_to_those_who_may_not_watch(
    servers,
):
    first, second = servers(), servers()
    (alice, bob, carol), (alice_token, bob_token, carol_token) = people(3)
    befriend(second, bob_token, alice_token, alice.username)
    befriend(second, carol_token, alice_token, alice.username)

    # Alice at her own private table, her table page open on server 1.
    status, table = http(
        first,
        "POST",
        "/api/tables",
        alice_token,
        {"private": True, "bots": {"1": "standard", "3": "standard"}},
    )
    assert status == 201, table
    with person_socket(first, alice_token, page="game"):
        for token in (bob_token, carol_token):
            seen = wait_until(
                lambda token=token: (
                    (p := presence_of(second, token, alice.username))["online"] and p
                ),
                30,
                "Alice online at her table",
            )
            assert seen["status"] == "at a table (private)", seen
            assert "game" not in seen

        # Bob is invited and sits: the game starts, and Bob (a player) may watch it now;
        # Carol still may not, and sees no link and no game id.
        sent = invite(second, alice_token, bob.username, table["id"], seat=2)
        status, taken = http(second, "POST", f"/api/invitations/{sent['id']}/accept", bob_token)
        assert status == 200, taken

        to_bob = presence_of(second, bob_token, alice.username)
        assert to_bob["status"] == "playing" and to_bob["online"], to_bob
        assert to_bob["game"] == f"/games/{table['id']}/"
        to_carol = presence_of(second, carol_token, alice.username)
        assert to_carol["status"] == "playing (private)" and to_carol["online"], to_carol
        assert "game" not in to_carol
        assert f"/games/{table['id']}" not in json.dumps(
            http(second, "GET", "/api/friends", carol_token)
        )

    # A public game shows with its link to any friend.
    (_dave,), (dave_token,) = people(1)
    befriend(second, dave_token, carol_token, carol.username)
    status, public = http(first, "POST", "/api/tables", carol_token, {"bots": {"1": "standard"}})
    assert status == 201, public
    with person_socket(first, carol_token, page="game"):
        seen = wait_until(
            lambda: (p := presence_of(second, dave_token, carol.username))["online"] and p,
            30,
            "Carol online at her public table",
        )
        assert seen["status"] == "at a table", seen
        assert seen["game"] == f"/games/{public['id']}/"
