"""The error root and its adapters: every refusal answers in the client's own format."""

import json

import pytest
from channels.testing import WebsocketCommunicator
from django.db import OperationalError
from django.test import Client

from accounts.tokens import token_create
from config.asgi import application
from games.models import Game
from games.services import tables as game_tables
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def post(client: Client, path: str, data: str | bytes, token: str | None = None, **extra):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.post(path, data, content_type="application/json", **headers, **extra)


def assert_json_error(response, status: int) -> str:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    message = response.json()["error"]
    assert isinstance(message, str) and message
    return message


@pytest.fixture
def token(user):
    return token_create(user=user)


def test_djangos_own_errors_under_the_api_are_json(user, token):
    client = Client(enforce_csrf_checks=True)
    assert "no such API endpoint" in assert_json_error(client.get("/api/nothing-here"), 404)
    assert "not allowed" in assert_json_error(client.get("/api/tables"), 405)
    assert assert_json_error(post(client, "/api/games/x/actions", "{}", token), 404)
    client.force_login(user)
    assert "CSRF" in assert_json_error(post(client, "/api/tables", "{}"), 403)


def test_no_token_and_a_bad_token_are_401(token):
    client = Client()
    assert "Log in" in assert_json_error(post(client, "/api/tables", "{}"), 401)
    assert "revoked" in assert_json_error(post(client, "/api/tables", "{}", "nope"), 401)


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, 413, "at most 16 KB"),
        ("[" * 5_000 + "]" * 5_000, 400, "nested too deeply"),
        ('{"a":' * 2_500 + "1" + "}" * 2_500, 400, "nested too deeply"),
        (b"\xff\xfe", 400, "not valid JSON"),
        ("null", 400, "must be a JSON object"),
        ('{"bots": {"\\u00b2": "random"}}', 400, "Bots can sit at seats 1, 2 and 3"),
        ('{"bots": {"\\u0661": "random"}}', 400, "Bots can sit at seats 1, 2 and 3"),
        ('{"bots": {"01": "random"}}', 400, "Bots can sit at seats 1, 2 and 3"),
        ('{"bots": {"1": ["random"]}}', 400, "Unknown bot level"),
        (json.dumps({"bots": {str(10**50): "random"}}), 400, "Bots can sit"),
        ('{"turn_seconds": true}', 400, "turn_seconds must be a whole number"),
        ('{"preset": ["classic"]}', 400, "preset must be a string"),
        ('{"options": [1]}', 400, "options must be an object"),
    ],
)
def test_junk_table_bodies_get_json_4xx_and_create_nothing(token, body, status, message):
    response = post(Client(), "/api/tables", body, token)
    assert message in assert_json_error(response, status)
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        '{"type": ["bid"]}',
        '{"type": {"a": 1}}',
        '{"type": "bid", "tricks": "3"}',
        '{"type": "play", "card": 7}',
        '{"type": "bid", "tricks": 3, "version": "1"}',
    ],
)
def test_junk_actions_get_json_400_and_change_nothing(user, token, body):
    game = game_tables.table_create(owner=user, bots={1: "random", 2: "random", 3: "random"})
    response = post(Client(), f"/api/games/{game.pk}/actions", body, token)
    assert_json_error(response, 400)
    assert Game.objects.get(pk=game.pk).version == game.version


def test_a_seat_in_another_script_is_refused_when_joining(user, token):
    game = game_tables.table_create(owner=UserFactory())
    other = token_create(user=UserFactory())
    for seat in ("\u00b2", "\u0661", True, 1.0, None):
        response = post(Client(), f"/api/tables/{game.pk}/join", json.dumps({"seat": seat}), other)
        assert "seat must be a whole number" in assert_json_error(response, 400)


def test_a_database_that_does_not_answer_is_503_with_retry_after(user, token, monkeypatch):
    def down(**kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(game_tables, "table_create", down)
    response = post(Client(), "/api/tables", "{}", token)
    assert "try again" in assert_json_error(response, 503)
    assert int(response["Retry-After"]) > 0

    client = Client()
    client.force_login(user)
    page = client.post("/play/now", {"level": "random"})
    assert page.status_code == 503 and int(page["Retry-After"]) > 0
    assert "Back in a moment" in page.content.decode()


def test_a_refused_page_request_shows_the_sites_error_page(user):
    client = Client()
    client.force_login(user)
    page = client.get("/games/999999/")
    assert page.status_code == 404
    assert "Nothing here" in page.content.decode()
    toast = client.post("/games/999999/join", {"seat": "1"}, HTTP_HX_REQUEST="true")
    assert toast.status_code == 200 and toast["HX-Reswap"] == "none"
    assert 'class="toast"' in toast.content.decode()


@pytest.mark.parametrize(
    ("frame", "status", "message"),
    [
        ('{"type": ["bid"]}', 400, "Unknown message type"),
        ('{"type": "bid", "tricks": "x"}', 400, "whole number"),
        ("[" * 3_000 + "]" * 3_000, 400, "at most 4 KB"),
        ("[" * 1_500 + "]" * 1_500, 400, "nested too deeply"),
        ('{"type": "chat", "text": 5}', 400, "must be text"),
        ('{"type": "chat", "text": "\\ud800"}', 400, "must be plain text"),
        ('{"type": "chat", "text": "a\\u0000b"}', 400, "must be plain text"),
    ],
)
@pytest.mark.django_db(transaction=True)
async def test_junk_frames_get_error_frames_and_the_socket_stays_open(frame, status, message):
    from asgiref.sync import sync_to_async

    user = await sync_to_async(UserFactory)()
    token = await sync_to_async(token_create)(user=user)
    game = await sync_to_async(game_tables.table_create)(
        owner=user, bots={1: "random", 2: "random", 3: "random"}
    )
    socket = WebsocketCommunicator(
        application,
        f"/ws/games/{game.pk}/?format=json&token={token}",
        headers=[(b"origin", b"http://testserver")],
    )
    connected, _ = await socket.connect()
    assert connected
    assert json.loads(await socket.receive_from())["type"] == "state"
    await socket.send_to(text_data=frame)
    error = json.loads(await socket.receive_from())
    while error["type"] != "error":
        error = json.loads(await socket.receive_from())
    assert error["status"] == status and message in error["error"]
    await socket.send_to(text_data='{"type": "sync"}')
    assert json.loads(await socket.receive_from())["type"] in ("state", "chat")
    await socket.disconnect()


@pytest.mark.parametrize(
    "path",
    [
        "/ws/games/abc/",
        "/ws/games/-1/",
        f"/ws/games/{2**63}/",
        f"/ws/games/{10**30}/",
        "/ws/nothing",
    ],
)
async def test_a_socket_to_no_such_address_is_refused_not_crashed(path):
    socket = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://testserver")])
    connected, code = await socket.connect()
    assert not connected and code == 4404


def test_with_debug_off_unknown_pages_are_the_sites_own(settings):
    settings.DEBUG = False
    page = Client().get("/no/such/page")
    assert page.status_code == 404 and "Nothing here" in page.content.decode()


def test_with_debug_off_a_bug_shows_the_sites_own_500_page(settings, monkeypatch):
    settings.DEBUG = False
    from config import views

    monkeypatch.setattr(views, "render", lambda *args, **kwargs: 1 / 0)
    page = Client(raise_request_exception=False).get("/")
    assert page.status_code == 500 and "Something went wrong" in page.content.decode()
