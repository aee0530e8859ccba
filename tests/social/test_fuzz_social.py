"""Fuzzing the JSON API of friends, blocks and invitations with tests/fuzz.py's harness:
nothing gets a 5xx, every error is a 4xx JSON {"error": ...}, and a refused input changes
nothing (friendships, requests, blocks, invitations and preferences too)."""

import pytest
from hypothesis import given, strategies as st

from social import services as social
from social.models import Block, FriendRequest, Friendship, Invitation, Notification, Preference
from tests.fuzz import (  # noqa: F401 (the fixtures, pytest finds them here)
    AUTHS,
    FUZZ,
    NASTY,
    Breaches,
    as_sent,
    bodies,
    check_response,
    encode,
    examples,
    fingerprint,
    fuzz_counts,
    headers_for,
    junk,
    rolled_back,
    short,
    table_rows,
    world_fixture,
)

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")

NAMES = st.one_of(NASTY, st.text(max_size=20), st.sampled_from(["friend", "stranger", "me"]))
IDS = st.one_of(st.sampled_from(["own", "0", "-1", "99999999999999999999", "x", "%00"]),
                st.integers(0, 10**6).map(str))  # fmt: skip
ANSWERS = st.sampled_from(["accept", "decline", "cancel", "ACCEPT", "", "x" * 300, "%00"])


@pytest.fixture
def social_world(world):
    """people[0] is friends with the waiting table's host, who invited them there; the
    outsider asked people[0] to be friends; people[1] blocks the outsider."""
    me, host, outsider = world["people"][0], world["hosts"]["waiting"], world["outsider"]
    Friendship.objects.create(user=me, friend=host)
    Friendship.objects.create(user=host, friend=me)
    world["request"] = social.friend_request_send(user=outsider, other=me)
    social.block(user=world["people"][1], other=outsider)
    world["invitation"] = Invitation.objects.create(
        sender=host, receiver=me, game=world["waiting"], position=1,
        expires_at="2999-01-01T00:00:00Z",
    )  # fmt: skip
    world["names"] = {"friend": host.username, "stranger": outsider.username,
                      "me": me.username}  # fmt: skip
    return world


def social_state() -> tuple:
    return table_rows(
        (Friendship, ("user_id", "friend_id")),
        (FriendRequest, ("sender_id", "receiver_id")),
        (Block, ("blocker_id", "blocked_id")),
        (Invitation, ("pk", "status", "expires_at")),
        (Preference, ("user_id", "invites_from")),
        (Notification, ("pk",)),
    )


def call(world, breaches, endpoint, method, path, body=b"", auth="token"):
    """One request, rolled back afterwards; a refusal must change neither the games nor
    the social rows."""
    headers, client = headers_for(world, auth, world["people"][0])
    example = f"{method} {short(path, 80)} auth={auth} body={short(body)}"
    with rolled_back():
        before = (fingerprint(), social_state())
        response = client.generic(
            method, as_sent(path), body, content_type="application/json", **headers
        )
        refused = check_response(breaches, endpoint, response, example, method)
        if refused and (fingerprint(), social_state()) != before:
            breaches.add(f"{endpoint}: a {response.status_code} changed something", example)
    return response


def name(world, value):
    return world["names"].get(value, value) if isinstance(value, str) else value


def test_fuzz_friend_requests(social_world):
    breaches = Breaches()
    world = social_world

    @FUZZ
    @given(body=bodies(st.fixed_dictionaries({"username": NAMES})), auth=st.sampled_from(AUTHS))
    @examples(body=[{"username": "\x00"}, {"username": ["a"]}, {}], auth="token")
    def run(body, auth):
        if isinstance(body, dict) and "username" in body:
            body = {**body, "username": name(world, body["username"])}
        call(world, breaches, "POST /api/friends/requests", "POST", "/api/friends/requests",
             encode(body), auth)  # fmt: skip

    run()
    breaches.assert_none()


def test_fuzz_answers_and_removals(social_world):
    breaches = Breaches()
    world = social_world

    @FUZZ
    @given(
        kind=st.sampled_from(["request", "invitation", "remove", "unblock"]),
        target=IDS,
        who=NAMES,
        answer=ANSWERS,
        body=bodies(st.fixed_dictionaries({}, optional={"x": junk})),
        auth=st.sampled_from(AUTHS),
    )
    def run(kind, target, who, answer, body, auth):
        ids = {"request": world["request"].pk, "invitation": world["invitation"].pk}
        target = str(ids[kind]) if target == "own" and kind in ids else target
        who = name(world, who) if isinstance(who, str) else "x"
        path = {
            "request": f"/api/friends/requests/{target}/{answer}",
            "invitation": f"/api/invitations/{target}/{answer}",
            "remove": f"/api/friends/{who}/remove",
            "unblock": f"/api/blocks/{who}/remove",
        }[kind]
        endpoint = {
            "request": "POST /api/friends/requests/{id}/{answer}",
            "invitation": "POST /api/invitations/{id}/{answer}",
            "remove": "POST /api/friends/{username}/remove",
            "unblock": "POST /api/blocks/{username}/remove",
        }[kind]
        if any(ch in path for ch in "?#") or "\x00" in path:
            return  # not a path of this endpoint
        call(world, breaches, endpoint, "POST", path, encode(body), auth)

    run()
    breaches.assert_none()


def test_fuzz_invitations_blocks_and_preferences(social_world):
    breaches = Breaches()
    world = social_world
    fields = st.fixed_dictionaries(
        {},
        optional={
            "username": NAMES,
            "game": st.one_of(junk, st.just(world["waiting"].pk), st.integers()),
            "seat": st.one_of(junk, st.integers(-2, 5)),
            "invites_from": st.one_of(junk, st.sampled_from(["friends", "anyone", "nobody"])),
        },
    )

    @FUZZ
    @given(
        path=st.sampled_from(["/api/invitations", "/api/blocks", "/api/me/preferences"]),
        method=st.sampled_from(["POST", "POST", "GET", "PUT", "DELETE"]),
        body=bodies(fields),
        auth=st.sampled_from(AUTHS),
    )
    def run(path, method, body, auth):
        if isinstance(body, dict) and "username" in body:
            body = {**body, "username": name(world, body["username"])}
        call(world, breaches, f"{method} {path}", method, path, encode(body), auth)

    run()
    breaches.assert_none()


def test_fuzz_reads(social_world):
    breaches = Breaches()
    world = social_world

    @FUZZ
    @given(
        path=st.sampled_from(["/api/friends", "/api/invitations", "/api/notifications",
                              "/api/me/preferences"]),
        auth=st.sampled_from(AUTHS),
    )  # fmt: skip
    def run(path, auth):
        response = call(world, breaches, f"GET {path}", "GET", path, b"", auth)
        if response.status_code == 200 and b"cards" in response.content:
            breaches.add(f"GET {path}: mentions cards", path)

    run()
    breaches.assert_none()


def test_a_name_no_client_can_encode_is_sent_as_its_bytes(social_world):
    """A lone surrogate drawn as a name: a client sends its bytes percent-encoded, and the
    site answers a 4xx (the test client alone could not encode it: a harness crash)."""
    breaches = Breaches()
    for path in ("/api/friends/\ud800/remove", "/api/blocks/a\udfffb/remove"):
        endpoint = "POST " + path.rsplit("/", 2)[0] + "/{username}/remove"
        assert 400 <= call(social_world, breaches, endpoint, "POST", path).status_code < 500
    breaches.assert_none()
