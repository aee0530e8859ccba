"""Friends, blocks, invitations, the bell and presence: services, pages and the API."""

import asyncio
from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import Conflict, Forbidden, Invalid, NotFound
from games.models import ChatMessage, Game, Seat
from games.services import tables
from social import presence, selectors, services as social
from social.models import FriendRequest, Friendship, Invitation, Notification
from tests.factories import UserFactory, fast_passwords  # noqa: F401 (autouse here)
from tests.races import race
from tests.social.factories import friends

pytestmark = pytest.mark.usefixtures("fresh_presence")


@pytest.mark.django_db
def test_a_request_accepted_makes_friends_both_ways_and_tells_the_sender():
    alice, bob = UserFactory.create_batch(2)
    request = social.friend_request_send(user=alice, other=bob)
    assert Notification.objects.filter(user=bob, text__contains="wants to be your friend").exists()
    social.friend_request_answer(user=bob, request_id=request.pk, accept=True)
    assert selectors.are_friends(alice.pk, bob.pk) and selectors.are_friends(bob.pk, alice.pk)
    assert not FriendRequest.objects.exists()
    assert Notification.objects.filter(user=alice, text__contains="accepted").exists()
    # The request's notice would still ask Bob, on every page where the bell is read.
    assert not Notification.objects.filter(text__contains="wants to be your friend").exists()


@pytest.mark.django_db
def test_requests_refused_clearly_and_declined_or_cancelled_leave_nothing():
    alice, bob, carol = UserFactory.create_batch(3)
    bot = UserFactory(bot_level="standard")
    with pytest.raises(Invalid, match="That is you"):
        social.friend_request_send(user=alice, other=alice)
    with pytest.raises(Invalid, match="Bots"):
        social.friend_request_send(user=alice, other=bot)
    request = social.friend_request_send(user=alice, other=bob)
    with pytest.raises(Conflict, match="already asked"):
        social.friend_request_send(user=alice, other=bob)
    with pytest.raises(NotFound):  # only its receiver answers it
        social.friend_request_answer(user=carol, request_id=request.pk, accept=True)
    social.friend_request_answer(user=bob, request_id=request.pk, accept=False)
    other = social.friend_request_send(user=alice, other=carol)
    social.friend_request_cancel(user=alice, request_id=other.pk)
    assert not FriendRequest.objects.exists() and not Friendship.objects.exists()
    assert not Notification.objects.filter(text__contains="wants to be your friend").exists()
    friends(alice, bob)
    with pytest.raises(Conflict, match="already friends"):
        social.friend_request_send(user=bob, other=alice)
    social.friend_remove(user=bob, other=alice)
    assert not Friendship.objects.exists()
    with pytest.raises(NotFound):
        social.friend_remove(user=bob, other=alice)


@pytest.mark.django_db(transaction=True)
def test_two_people_asking_each_other_at_once_become_friends_once():
    for _ in range(4):
        alice, bob = UserFactory.create_batch(2)
        outcomes = race(
            lambda a=alice, b=bob: social.friend_request_send(user=a, other=b),
            lambda a=alice, b=bob: social.friend_request_send(user=b, other=a),
        )
        assert outcomes == [None, None]
        assert Friendship.objects.filter(user__in=[alice, bob]).count() == 2
        assert not FriendRequest.objects.filter(sender__in=[alice, bob]).exists()


@pytest.mark.django_db
def test_a_block_ends_the_friendship_and_stops_requests_and_invitations_both_ways():
    alice, mallory = UserFactory.create_batch(2)
    friends(alice, mallory)
    table = tables.table_create(owner=mallory)
    social.block(user=alice, other=mallory)
    assert not Friendship.objects.exists()
    with pytest.raises(Forbidden):
        social.friend_request_send(user=mallory, other=alice)
    with pytest.raises(Forbidden):
        social.friend_request_send(user=alice, other=mallory)
    social.preference_set(user=alice, invites_from="anyone")
    with pytest.raises(Forbidden, match="cannot invite"):
        social.invitation_send(user=mallory, other=alice, game_id=table.pk, position=2)
    with pytest.raises(Conflict):
        social.block(user=alice, other=mallory)
    social.unblock(user=alice, other=mallory)
    social.invitation_send(user=mallory, other=alice, game_id=table.pk, position=2)


@pytest.mark.django_db
def test_an_invitation_seats_the_friend_in_one_step_and_ends_with_the_seat():
    alice, bob, carol = UserFactory.create_batch(3)
    friends(alice, bob)
    friends(alice, carol)
    table = tables.table_create(owner=alice, private=True)
    to_bob = social.invitation_send(user=alice, other=bob, game_id=table.pk, position=2)
    to_carol = social.invitation_send(user=alice, other=carol, game_id=table.pk, position=2)
    assert "invites you" in Notification.objects.filter(user=bob).first().text
    assert [i.pk for i in selectors.live_invitations(receiver=bob)] == [to_bob.pk]
    game = social.invitation_accept(user=bob, invitation_id=to_bob.pk)
    assert Seat.objects.get(game=game, position=2).user == bob
    # The seat is taken: Carol's invitation is no longer live, and says why if used.
    assert selectors.live_invitations(receiver=carol) == []
    with pytest.raises(Conflict, match="taken"):
        social.invitation_accept(user=carol, invitation_id=to_carol.pk)
    with pytest.raises(Conflict, match="already accepted"):
        social.invitation_accept(user=bob, invitation_id=to_bob.pk)


@pytest.mark.django_db
def test_invitations_follow_the_receivers_choice_and_expire():
    alice, bob, stranger = UserFactory.create_batch(3)
    friends(alice, bob)
    table = tables.table_create(owner=stranger)
    with pytest.raises(Forbidden, match="friends only"):
        social.invitation_send(user=stranger, other=alice, game_id=table.pk, position=1)
    social.preference_set(user=alice, invites_from="anyone")
    invitation = social.invitation_send(user=stranger, other=alice, game_id=table.pk, position=1)
    Invitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    with pytest.raises(Conflict, match="expired"):
        social.invitation_accept(user=alice, invitation_id=invitation.pk)
    social.preference_set(user=alice, invites_from="nobody")
    with pytest.raises(Forbidden, match="nobody"):
        social.invitation_send(user=stranger, other=alice, game_id=table.pk, position=1)
    with pytest.raises(Invalid):
        social.preference_set(user=alice, invites_from="everyone")
    social.preference_set(user=alice, invites_from="friends")
    # Only someone at the table invites to it, and only to a free seat.
    own = tables.table_create(owner=bob, bots={1: "random"})
    with pytest.raises(NotFound):
        social.invitation_send(user=alice, other=bob, game_id=own.pk, position=2)
    with pytest.raises(Conflict, match="not free"):
        social.invitation_send(user=bob, other=alice, game_id=own.pk, position=1)


@pytest.mark.django_db(transaction=True)
def test_two_invited_people_racing_for_one_seat_get_one_seat():
    for _ in range(4):
        host, bob, carol = UserFactory.create_batch(3)
        friends(host, bob)
        friends(host, carol)
        table = tables.table_create(owner=host)
        invitations = [
            social.invitation_send(user=host, other=guest, game_id=table.pk, position=2)
            for guest in (bob, carol)
        ]
        outcomes = race(
            lambda b=bob, i=invitations[0]: social.invitation_accept(user=b, invitation_id=i.pk),
            lambda c=carol, i=invitations[1]: social.invitation_accept(user=c, invitation_id=i.pk),
        )
        assert sorted(type(outcome).__name__ for outcome in outcomes) == ["Conflict", "NoneType"]
        assert Seat.objects.get(game=table, position=2).user in (bob, carol)


@pytest.mark.django_db
def test_presence_in_redis_follows_sockets_and_hides_private_games():
    alice, bob, carol = UserFactory.create_batch(3)
    asyncio.run(presence.beat(user_id=alice.pk, connection="c1", page="lobby"))
    found = selectors.presence_of([alice.pk, bob.pk], viewer_id=carol.pk)
    assert (found[alice.pk].status, found[alice.pk].online) == ("in the lobby", True)
    assert (found[bob.pk].status, found[bob.pk].last_seen) == ("offline", None)
    asyncio.run(presence.leave(user_id=alice.pk, connection="c1", page="lobby"))
    found = selectors.presence_of([alice.pk], viewer_id=carol.pk)[alice.pk]
    assert found.status == "offline" and found.last_seen is not None
    # At a private table: a friend who may not watch it sees no link to it.
    table = tables.table_create(owner=alice, private=True)
    asyncio.run(presence.beat(user_id=alice.pk, connection="c2", page="game"))
    hidden = selectors.presence_of([alice.pk], viewer_id=carol.pk)[alice.pk]
    assert hidden.status == "at a table (private)" and hidden.game_url == ""
    assert "game" not in hidden.as_json()
    shown = selectors.presence_of([alice.pk], viewer_id=alice.pk)[alice.pk]
    assert shown.game_url == f"/games/{table.pk}/"
    # A players-only game (a daily board) is not named to friends either.
    Game.objects.filter(pk=table.pk).update(private=False, players_only=True)
    hidden = selectors.presence_of([alice.pk], viewer_id=carol.pk)[alice.pk]
    assert "game" not in hidden.as_json()


@pytest.mark.django_db
def test_the_ranked_queue_shows_in_presence():
    from ranked.services import queue as ranked_queue

    alice, bob = UserFactory.create_batch(2)
    ranked_queue.queue_join(user=alice)
    assert selectors.presence_of([alice.pk], viewer_id=bob.pk)[alice.pk].status == (
        "in the ranked queue"
    )


# Pages


@pytest.mark.django_db
def test_a_profile_offers_friendship_and_the_friends_page_finds_people(client):
    alice, bob = UserFactory.create_batch(2)
    client.force_login(alice)
    page = client.get(f"/u/{bob.username}/").content.decode()
    assert f'action="/u/{bob.username}/friend"' in page and "Block" in page
    found = client.get("/friends/", {"q": bob.username[:4]}).content.decode()
    assert bob.username in found and "Add friend" in found
    response = client.post(f"/u/{bob.username}/friend", {"next": f"/u/{bob.username}/"})
    assert response.status_code == 302
    assert "Friend request sent" in client.get(response.url).content.decode()
    client.force_login(bob)
    bell = client.get("/play/").content.decode()
    assert 'id="bell-count" class="bell-count">1<' in bell
    assert "wants to be your friend" in client.get("/notifications/").content.decode()
    assert 'class="bell-count" hidden' in client.get("/play/").content.decode()  # read now


@pytest.mark.django_db
def test_bad_form_input_gives_a_message_on_the_page_not_an_error(client):
    alice = UserFactory()
    client.force_login(alice)
    response = client.post("/u/nobody-here/friend", follow=True)
    assert response.status_code == 404 and "There is nobody called" in response.content.decode()
    assert client.get("/friends/", {"q": "\x00"}).status_code == 200
    assert client.post("/friends/requests/1/maybe").status_code == 404
    response = client.post("/games/999999/invite", {"username": "x", "seat": "9"}, follow=True)
    assert response.status_code == 404 and "There is nobody called" in response.content.decode()


@pytest.mark.django_db
def test_the_table_page_invites_and_hides_chat_from_people_one_blocks(client):
    alice, bob, mallory = UserFactory.create_batch(3)
    friends(alice, bob)
    table = tables.table_create(owner=alice, bots={1: "random"})
    tables.table_join(game_id=table.pk, user=mallory, seat=3)
    ChatMessage.objects.create(game=table, user=mallory, text="rude words")
    client.force_login(alice)
    page = client.get(f"/games/{table.pk}/").content.decode()
    assert "Invite someone" in page and "Your partner" in page and "rude words" in page
    social.block(user=alice, other=mallory)
    assert "rude words" not in client.get(f"/games/{table.pk}/").content.decode()
    response = client.post(
        f"/games/{table.pk}/invite", {"username": bob.username, "seat": "2"}, follow=True
    )
    assert "Invitation sent" in response.content.decode()
    client.force_login(bob)
    invitation = Invitation.objects.get(receiver=bob)
    response = client.post(f"/invitations/{invitation.pk}/accept")
    assert response.status_code == 302 and response.url == f"/games/{table.pk}/"


@pytest.mark.django_db
def test_play_together_opens_a_private_table_with_the_friend_invited_as_partner(client):
    alice, bob = UserFactory.create_batch(2)
    friends(alice, bob)
    client.force_login(alice)
    response = client.post(f"/u/{bob.username}/play-together")
    invitation = Invitation.objects.get(receiver=bob)
    assert response.url == f"/games/{invitation.game_id}/" and invitation.position == 2
    assert invitation.game.private


# API


def api(client, method, path, token, body=None):
    kwargs = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    if body is not None:
        import json

        kwargs.update(data=json.dumps(body), content_type="application/json")
    if method == "post" and body is None:
        kwargs.update(data=b"", content_type="application/json")  # nothing to send
    response = getattr(client, method)(path, **kwargs)
    return response.status_code, response.json()


@pytest.mark.django_db
def test_the_api_round_trip_of_friends_and_invitations(client):
    from accounts.tokens import token_create

    alice, bob = UserFactory.create_batch(2)
    a, b = token_create(user=alice), token_create(user=bob)
    status, body = api(client, "post", "/api/friends/requests", a, {"username": bob.username})
    assert status == 201
    status, listing = api(client, "get", "/api/friends", b)
    assert listing["requests"]["received"][0]["from"] == alice.username
    path = f"/api/friends/requests/{body['id']}/accept"
    assert api(client, "post", path, b)[0] == 200
    status, listing = api(client, "get", "/api/friends", a)
    assert listing["friends"] == [
        {"username": bob.username, "presence": {"status": "offline", "online": False}}
    ]
    table = tables.table_create(owner=alice)
    status, invitation = api(
        client,
        "post",
        "/api/invitations",
        a,
        {"username": bob.username, "game": table.pk, "seat": 2},
    )
    assert status == 201 and invitation["seat"] == 2
    assert api(client, "get", "/api/invitations", b)[1]["received"][0]["id"] == invitation["id"]
    status, seated = api(client, "post", f"/api/invitations/{invitation['id']}/accept", b)
    assert (status, seated) == (200, {"game": table.pk})
    status, error = api(client, "post", "/api/friends/requests", a, {"username": ["x"]})
    assert status == 400 and error["error"] == "username must be text"
    assert api(client, "post", "/api/me/preferences", b, {"invites_from": "nobody"})[1] == {
        "invites_from": "nobody"
    }
    # The invitation's notice; the friend request's went when Bob answered it.
    assert api(client, "get", "/api/notifications", b)[1]["unread"] == 1
