"""Tournaments in the JSON API: the lists, a tournament's standings and your table,
registering, answering a partner's registration and withdrawing, a person's games; bad
input and races get a clear 4xx and change nothing."""

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.tokens import token_create
from leagues.models import Entrant, Tournament
from leagues.services import autorun
from tests.clubs.factories import club_with
from tests.factories import UserFactory
from tests.leagues.factories import TournamentFactory, tournament_with

pytestmark = pytest.mark.django_db


def call(method: str, path: str, user=None, body=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token_create(user=user)}"} if user else {}
    client = Client()
    if method == "GET":
        response = client.get(path, **headers)
    else:
        data = body if isinstance(body, str) else json.dumps(body or {})
        response = client.post(path, data, content_type="application/json", **headers)
    return response.status_code, response.json()


def test_the_lists_a_tournament_and_your_table():
    soon = TournamentFactory(options={"hands": 2}, starts_at=timezone.now() + timedelta(hours=1))
    live = tournament_with(2, options={"hands": 1}, starts_at=timezone.now() + timedelta(hours=1))
    Tournament.objects.filter(pk=live.pk).update(starts_at=timezone.now())  # it starts
    TournamentFactory(status="draft")  # not announced: not listed
    autorun.tournaments_run()
    status, lists = call("GET", "/api/tournaments")
    assert status == 200
    assert [t["slug"] for t in lists["upcoming"]] == [soon.slug]
    assert [t["slug"] for t in lists["live"]] == [live.slug]
    assert lists["upcoming"][0]["options"] == {"hands": 2} and lists["upcoming"][0]["starts_at"]

    someone = live.entrants.first().player_a
    status, state = call("GET", f"/api/tournaments/{live.slug}", someone)
    assert status == 200 and state["tournament"]["status"] == "running"
    assert state["me"]["players"][0] == someone.username
    assert state["game"]["status"] == "playing" and state["game"]["game"].startswith("/games/")
    assert len(state["standings"]) == 2 and state["standings"][0]["score"] == 0
    status, games = call("GET", f"/api/tournaments/{live.slug}/games/{someone.username}")
    assert status == 200 and [g["round"] for g in games["games"]] == [1]
    assert call("GET", "/api/tournaments/nope")[0] == 404


def test_registering_and_withdrawing_and_their_refusals():
    cup = TournamentFactory()
    ada, ben = UserFactory.create_batch(2)
    assert call("POST", f"/api/tournaments/{cup.slug}/register")[0] == 401
    status, body = call("POST", f"/api/tournaments/{cup.slug}/register", ada, {"partner": 5})
    assert status == 400 and "A partner must be text" in json.dumps(body)
    status, body = call("POST", f"/api/tournaments/{cup.slug}/register", ada, {"partner": "nobody"})
    assert status == 404
    assert call("POST", f"/api/tournaments/{cup.slug}/register", ada, "{not json")[0] == 400
    assert not cup.entrants.exists()  # nothing changed

    status, state = call(
        "POST", f"/api/tournaments/{cup.slug}/register", ada, {"partner": ben.username}
    )
    assert status == 200 and state["me"]["players"] == [ada.username]  # until ben accepts
    status, body = call("POST", f"/api/tournaments/{cup.slug}/register", ada, {})
    assert status == 409 and "already registered" in json.dumps(body)
    assert call("POST", f"/api/tournaments/{cup.slug}/withdraw", ada)[0] == 200
    assert not cup.entrants.exists()
    assert call("POST", f"/api/tournaments/{cup.slug}/withdraw", ada)[0] == 404

    Tournament.objects.filter(pk=cup.pk).update(status="closed")
    status, body = call("POST", f"/api/tournaments/{cup.slug}/register", ada, {})
    assert status == 409 and "Registration is not open" in json.dumps(body)

    club, _ = club_with(owner=UserFactory())
    members = TournamentFactory(club=club, members_only=True)
    status, body = call("POST", f"/api/tournaments/{members.slug}/register", ada, {})
    assert status == 403 and club.name in json.dumps(body)
    assert not Entrant.objects.filter(tournament=members).exists()


def test_the_named_partner_answers_through_the_api():
    cup = TournamentFactory()
    ada, ben, cal = UserFactory.create_batch(3)
    call("POST", f"/api/tournaments/{cup.slug}/register", ada, {"partner": ben.username})
    status, state = call("GET", f"/api/tournaments/{cup.slug}", ben)
    (invitation,) = state["invitations"]
    assert status == 200 and invitation["players"] == [ada.username] and state["me"] is None
    answer = f"/api/tournaments/{cup.slug}/invitations/{invitation['id']}"
    refusals = [
        ({}, 400, "Choose a decision: accept or decline"),
        ({"decison": "accept"}, 400, "Choose a decision"),
        ({"decision": "yes"}, 400, "must be one of: accept, decline"),
        ({"decision": True}, 400, "must be one of"),
    ]
    for body, code, words in refusals:
        status, error = call("POST", answer, ben, body)
        assert (status, words in error["error"]) == (code, True), body
    assert call("POST", answer, cal, {"decision": "accept"})[0] == 404  # not named
    assert Entrant.objects.get(tournament=cup).pending  # nothing changed

    status, state = call("POST", answer, ben, {"decision": "accept"})
    assert status == 200 and state["invitations"] == []
    assert state["me"]["players"] == [ada.username, ben.username]
    assert call("POST", answer, ben, {"decision": "decline"})[0] == 404  # answered
