"""A person's data as one file (issue 41, Must 5): every relation to a person is in it or
exempt with a reason; the file from the profile and the API holds everything of theirs and
nothing of anyone else's hidden cards or chat lines."""

import json

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from django.contrib.auth import get_user_model

from accounts.personal_data import EXEMPT, covered
from accounts.tokens import token_create
from games.engine import deal
from games.models import ChatMessage, Hand
from games.services import chat
from social import services as social
from tests.factories import UserFactory
from tests.games.finished import finished_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]


def relations_to_people() -> set[str]:
    """Every field of every model that relates to the user model ("app.Model.field"), from
    Django's apps, the third-party ones included; and the user model's own many-to-many."""
    person = get_user_model()
    found = set()
    for model in apps.get_models():
        for field in model._meta.get_fields():
            if field.auto_created or not field.is_relation:
                continue
            if field.related_model is person or (model is person and field.many_to_many):
                found.add(f"{model._meta.label}.{field.name}")
    return found


def test_every_relation_to_a_person_is_in_the_download_or_exempt_with_a_reason():
    relations = relations_to_people()
    assert {"account.EmailAddress.user", "admin.LogEntry.user", "games.Seat.user"} <= relations
    missing = relations - covered() - set(EXEMPT)
    assert not missing, f"neither in a download section nor exempt: {sorted(missing)}"
    assert not (covered() | set(EXEMPT)) - relations, "a section or exemption of no field"
    assert not covered() & set(EXEMPT), "both covered and exempt"
    assert all(len(reason) > 20 for reason in EXEMPT.values())


def played(alice, bob):
    """A finished game of Alice (seat 0) and Bob (seat 2) with two bots, a chat line from
    each, and Alice and Bob friends."""
    game = finished_game([alice, "random", bob, "random"])
    chat.chat_post(game_id=game.pk, user=alice, text="good luck all")
    chat.chat_post(game_id=game.pk, user=bob, text="bob's own words")
    request = social.friend_request_send(user=bob, other=alice)
    social.friend_request_answer(user=alice, request_id=request.pk, accept=True)
    return game


def test_the_profile_button_downloads_all_of_the_persons_data_and_none_of_the_others(client):
    alice, bob = UserFactory(), UserFactory()
    EmailAddress.objects.create(user=alice, email=alice.email, verified=True, primary=True)
    game = played(alice, bob)
    client.force_login(alice)
    profile = client.get(f"/u/{alice.username}/").content.decode()
    assert f'href="/u/{alice.username}/data"' in profile and 'href="/settings/close"' in profile

    response = client.get(f"/u/{alice.username}/data")
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f'attachment; filename="spades-data-{alice.username}.json"'
    )
    text = response.content.decode()
    data = json.loads(text)
    assert data["profile"]["username"] == alice.username
    assert data["email_addresses"] == [{"email": alice.email, "verified": True, "primary": True}]
    assert [line["text"] for line in data["chat"]] == ["good luck all"]
    assert "bob's own words" not in text  # another person's line at the same table
    assert [f["friend__username"] for f in data["social"]["friends"]] == [bob.username]
    assert {"ranked", "leagues", "clubs", "duplicate", "arenas", "moderation"} <= set(data)

    (record,) = data["games"]["played"]
    assert record["id"] == game.pk and record["your_seat"] == 0
    hands = Hand.objects.filter(game=game).order_by("number")
    assert len(record["hands"]) == hands.count() > 0
    for hand, written in zip(hands, record["hands"], strict=True):
        dealt = [[c.code for c in cards] for cards in deal(bytes.fromhex(hand.seed), hand.dealer)]
        assert written["your_cards"] == dealt[0]
        for other in dealt[1:]:  # not one other seat's hand, nor the seed that deals them
            assert not set(other) & set(written["your_cards"])
            assert json.dumps(other) not in text
        assert hand.seed not in text
    assert game.seed not in text


def test_the_api_downloads_the_callers_data_by_token(client):
    alice, bob = UserFactory(), UserFactory()
    played(alice, bob)
    token = token_create(user=alice)
    response = client.get("/api/me/data", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200
    data = response.json()
    assert data["user_id"] == alice.pk and data["games"]["played"][0]["your_seat"] == 0
    assert [prefix["prefix"] for prefix in data["api_tokens"]] == [token[3:11]]
    assert client.get("/api/me/data").status_code == 401
    assert client.post("/api/me/data", headers={"Authorization": f"Bearer {token}"}).json()["error"]


def test_another_persons_download_and_wrong_methods_are_refused_and_change_nothing(client):
    alice, bob = UserFactory(), UserFactory()
    played(alice, bob)
    before = ChatMessage.objects.count()
    client.force_login(alice)
    refused = client.get(f"/u/{bob.username}/data")
    assert refused.status_code == 403 and b"only your own data" in refused.content
    assert b"bob's own words" not in refused.content
    assert client.get("/u/nobody-at-all/data").status_code == 404
    assert client.post(f"/u/{alice.username}/data").status_code == 405
    client.logout()
    assert client.get(f"/u/{alice.username}/data").status_code == 302  # to log in
    assert ChatMessage.objects.count() == before


def test_no_copy_of_a_signed_in_persons_pages_is_kept(client):
    """`Cache-Control: no-store` on the download and every page of a signed-in person, so
    that a shared computer's cache and back button keep nothing once they log out."""
    alice, bob = UserFactory(), UserFactory()
    client.force_login(alice)
    personal = [
        f"/u/{alice.username}/data",  # the download
        f"/u/{alice.username}/",  # their profile, with its settings
        "/settings/close",
        "/notifications/",
        "/moderation/you/",  # their record
        "/friends/",
        "/ranked/",
        "/accounts/email/",
        f"/report/?username={bob.username}",
        "/",  # their name and bell on every page
    ]
    for path in personal:
        response = client.get(path)
        assert response.status_code == 200, path
        assert "no-store" in response["Cache-Control"], path
        assert "private" in response["Cache-Control"], path
    token = token_create(user=alice)
    by_token = client.get("/api/me/data", headers={"Authorization": f"Bearer {token}"})
    assert "no-store" in by_token["Cache-Control"]
    client.logout()
    public = client.get(f"/u/{alice.username}/")  # a page anyone reads may be kept
    assert public.status_code == 200 and "no-store" not in public.get("Cache-Control", "")
