"""The daily challenge's JSON API (token auth, JSON errors) and the empty-body rule of
action endpoints."""

import pytest
from django.test import Client

from accounts.tokens import token_create
from duplicate.models import Event
from duplicate.services import boards as board_services, daily as daily_services
from games.services import tables as game_tables
from tests.duplicate.play import play_board
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def call(method: str, path: str, token: str | None = None, body: bytes | None = None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    client = Client(raise_request_exception=False)
    if method == "GET":
        return client.get(path, **headers)
    if body is None:  # as the test client posts "nothing": an empty multipart form
        return client.post(path, **headers)
    return client.post(path, body, content_type="application/json", **headers)


@pytest.fixture
def person():
    user = UserFactory()
    return user, token_create(user=user)


def test_today_tells_the_boards_commitment_closing_time_and_my_boards(today, person, quiet_games):
    user, token = person
    body = call("GET", "/api/daily", token).json()
    assert body["date"] == today.day.isoformat() and body["boards"] == 8
    assert body["closes_at"] == today.closes_at.isoformat() and body["played"] == []
    assert len(body["commitment"]) == 64 and len(body["board_commitments"]) == 8
    game = daily_services.daily_board_start(user=user, day=today.day, number=1)
    play_board(game.pk, user)
    assert call("GET", "/api/daily", token).json()["played"] == [1]
    assert call("GET", "/api/daily").json()["played"] == []  # anonymous callers too


def test_start_resume_and_out_of_order_boards(today, person, quiet_games):
    _, token = person
    day = today.day.isoformat()
    too_far = call("POST", f"/api/daily/{day}/boards/2", token)
    assert too_far.status_code == 409
    assert too_far.json() == {"error": "Boards are played in order: play board 1 first"}
    started = call("POST", f"/api/daily/{day}/boards/1", token)
    assert started.status_code == 200 and set(started.json()) == {"game"}
    game_id = started.json()["game"]
    assert call("POST", f"/api/daily/{day}/boards/1", token, b"{}").json() == {"game": game_id}
    # The game is then played through the games API like any other.
    detail = call("GET", f"/api/games/{game_id}", token).json()
    assert detail["seat"] == 2 and detail["status"] == "playing"


def test_results_only_after_finishing_the_board(today, person, quiet_games):
    user, token = person
    day = today.day.isoformat()
    before = call("GET", f"/api/daily/{day}/boards/1/results", token)
    assert before.status_code == 403
    assert before.json()["error"].startswith("Finish board 1 first")
    game_id = call("POST", f"/api/daily/{day}/boards/1", token).json()["game"]
    play_board(game_id, user)
    body = call("GET", f"/api/daily/{day}/boards/1/results", token).json()
    assert body["board"] == 1 and body["double_dummy"] is None  # not worked out in this test
    (row,) = body["results"]
    assert row.keys() >= {"player", "bids", "tricks", "score", "result", "percentage"}
    assert row["player"] == user.username and row["percentage"] == 50.0
    board_services.board_solve(board_id=today.boards.get(number=1).pk)
    dd = call("GET", f"/api/daily/{day}/boards/1/results", token).json()["double_dummy"]
    assert dd["ns"] + dd["ew"] == 13


def test_standings_include_my_own_row(today, person, quiet_games):
    user, token = person
    day = today.day.isoformat()
    assert call("GET", f"/api/daily/{day}/standings", token).json()["standings"] == []
    play_board(call("POST", f"/api/daily/{day}/boards/1", token).json()["game"], user)
    body = call("GET", f"/api/daily/{day}/standings", token).json()
    assert body["entries"] == 1 and body["closed"] is False and body["boards"] == 8
    assert body["standings"] == []  # ranked once all 8 boards are played
    assert body["unranked"] == [
        {
            "rank": None,
            "player": user.username,
            "score": 50.0,
            "boards": 1,
            "me": True,
            "status": "in_progress",
        }
    ]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/daily/2026-13-01/standings", 404),
        ("/api/daily/yesterday/standings", 404),
        ("/api/daily/1999-01-01/standings", 404),
        ("/api/daily/+2026-11-26/standings", 404),
        ("/api/daily/{day}/boards/0/results", 404),
        ("/api/daily/{day}/boards/99/results", 404),
        ("/api/daily/{day}/boards/x/results", 404),
    ],
)
def test_bad_days_and_boards_are_json_4xx(today, person, path, status):
    response = call("GET", path.format(day=today.day.isoformat()), person[1])
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json") and response.json()["error"]


def test_refusals_change_nothing(today, person):
    _, token = person
    assert call("POST", f"/api/daily/{today.day}/boards/3", token).status_code == 409
    assert call("POST", "/api/daily/2000-01-01/boards/1", token).status_code == 404
    assert call("POST", f"/api/daily/{today.day}/boards/1").status_code == 401
    assert Event.objects.count() == 1 and not today.entries.exists()


def test_action_endpoints_accept_an_empty_body(person):
    """POST /api/tables/<id>/leave with nothing to send: no body, a blank one, or the empty
    form some clients send without data (issue #24: it was a 400 "not valid JSON")."""
    user, token = person
    client = Client()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    for send in (
        lambda path: client.post(path, **auth),  # multipart, no field
        lambda path: client.post(path, b"", content_type="application/json", **auth),
        lambda path: client.post(path, b" \n", content_type="application/json", **auth),
        lambda path: client.generic("POST", path, b"", content_type="", **auth),
    ):
        game = game_tables.table_create(owner=user, bots={1: "random"})
        response = send(f"/api/tables/{game.pk}/leave")
        assert response.status_code == 200, response.content
        assert response.json() == {"id": game.pk, "status": "deleted"}
    # A form with a field is still no JSON object.
    game = game_tables.table_create(owner=user)
    response = client.post(f"/api/tables/{game.pk}/leave", {"seat": "1"}, **auth)
    assert response.status_code == 400 and response.json() == {
        "error": "The body is not valid JSON"
    }
