"""The JSON API and the services behind it, through Django's test client."""

import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from accounts.tokens import token_create
from games.engine import action_from_dict as engine_action, replay
from games.models import Action, Game
from games.services import play as game_play
from tests.factories import UserFactory
from tests.helpers import card_codes_in

pytestmark = pytest.mark.django_db


def api(client: Client, path: str, body=None, token: str | None = None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    if body is None and path.startswith("/api/games/") and not path.endswith("/actions"):
        return client.get(path, **headers)
    data = body if isinstance(body, str | bytes) else json.dumps(body or {})
    return client.post(path, data, content_type="application/json", **headers)


@pytest.fixture
def four():
    """Four people with tokens at a started classic table (no bots)."""
    return seated({"preset": "classic"})


def seated(table: dict):
    """Four people with tokens at a table created with `table` and started."""
    users = UserFactory.create_batch(4)
    tokens = [token_create(user=user) for user in users]
    client = Client()
    created = api(client, "/api/tables", table, tokens[0])
    assert created.status_code == 201
    game_id = created.json()["id"]
    for seat in (1, 2, 3):
        joined = api(client, f"/api/tables/{game_id}/join", {"seat": seat}, tokens[seat])
        assert joined.status_code == 200, joined.json()
    return client, game_id, users, tokens


def to_act(client, game_id, tokens):
    """The token of the seat to act and its payload."""
    payload = api(client, f"/api/games/{game_id}", token=tokens[0]).json()
    seat = payload["view"]["turn"]
    if seat is None:
        return tokens[0], payload
    return tokens[seat], api(client, f"/api/games/{game_id}", token=tokens[seat]).json()


def test_apitoken_command_prints_a_token_that_works_until_revoked(capsys, user):
    call_command("apitoken", user.username)
    token = capsys.readouterr().out.strip()
    client = Client()
    assert api(client, "/api/tables", {"bots": {"1": "random"}}, token).status_code == 201
    call_command("apitoken", user.username, "--revoke")
    response = api(client, "/api/tables", {}, token)
    assert response.status_code == 401
    assert response.json() == {"error": "Invalid or revoked API token"}


def test_tokens_are_stored_hashed(user):
    token = token_create(user=user)
    assert not user.api_tokens.filter(digest=token).exists()
    assert token not in str(list(user.api_tokens.values()))


def test_anonymous_and_bad_tokens_are_refused():
    client = Client()
    assert api(client, "/api/tables", {}).status_code == 401
    assert api(client, "/api/tables", {}, "sp_nope").status_code == 401


def test_session_callers_need_csrf(user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post("/api/tables", "{}", content_type="application/json")
    assert response.status_code == 403


def test_create_table_with_bots_starts_and_shows_only_my_cards(user):
    token = token_create(user=user)
    client = Client()
    created = api(
        client,
        "/api/tables",
        {"preset": "quick", "bots": {"1": "standard", "2": "expert", "3": "random"}},
        token,
    )
    assert created.status_code == 201
    body = created.json()
    assert body["url"] == f"/games/{body['id']}/"
    payload = api(client, f"/api/games/{body['id']}", token=token).json()
    assert payload["status"] == "playing" and payload["seat"] == 0 and payload["version"] == 0
    assert [seat["bot"] for seat in payload["seats"]] == [None, "standard", "expert", "random"]
    assert payload["seats"][0]["name"] == user.username
    bots = [seat["name"] for seat in payload["seats"][1:]]
    assert len(set(bots)) == 3 and bots[1].endswith(" · Expert bot")
    view = payload["view"]
    assert len(view["hand"]) == 13
    assert payload["legal"] == view["legal"]
    game = Game.objects.get(pk=body["id"])
    state = game.engine_state
    others = {card.code for seat in (1, 2, 3) for card in state.cards(seat)}
    assert not others & card_codes_in(payload)
    assert game.seed not in json.dumps(payload)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"preset": "nope"}, "Unknown ruleset preset 'nope'"),
        ({"options": {"target_score": -5}}, "Target score must be between 100 and 1000"),
        ({"options": {"jokers": True}}, "Unknown ruleset option"),
        ({"bots": {"0": "random"}}, "Bots can sit at seats 1, 2 and 3"),
        ({"bots": {"1": "genius"}}, "Unknown bot level 'genius'"),
        ({"turn_seconds": 1}, "turn_seconds must be a whole number from 5 to 600"),
        ({"private": "yes"}, "private must be true or false"),
        ({"colour": "red"}, "Unknown field(s): colour"),
        ("{not json", "The body is not valid JSON"),
        ("[1, 2]", "The body must be a JSON object"),
    ],
)
def test_bad_table_requests_get_clear_400s(user, body, message):
    response = api(Client(), "/api/tables", body, token_create(user=user))
    assert response.status_code == 400
    assert message in response.json()["error"]


def test_join_rules(four):
    client, game_id, _, tokens = four
    outsider = token_create(user=UserFactory())
    response = api(client, f"/api/tables/{game_id}/join", {"seat": 1}, outsider)
    assert response.status_code == 409 and "already started" in response.json()["error"]

    created = api(client, "/api/tables", {}, outsider).json()
    url = f"/api/tables/{created['id']}/join"
    guest = token_create(user=UserFactory())
    assert api(client, url, {"seat": 0}, guest).json()["error"] == "Seat 0 is taken"
    assert api(client, url, {"seat": 7}, guest).status_code == 400
    assert api(client, url, {"seat": 2}, guest).status_code == 200
    assert api(client, url, {"seat": 3}, guest).status_code == 409  # one seat each
    busy = api(client, url, {"seat": 1}, tokens[1])  # one game at a time
    assert busy.status_code == 409 and f"still playing game {game_id}" in busy.json()["error"]


def test_private_tables_need_the_invite(user):
    owner = token_create(user=user)
    client = Client()
    created = api(client, "/api/tables", {"private": True}, owner).json()
    guest = token_create(user=UserFactory())
    join = f"/api/tables/{created['id']}/join"
    assert api(client, join, {"seat": 1}, guest).status_code == 403
    assert api(client, f"/api/games/{created['id']}", token=guest).status_code == 404
    assert api(client, join, {"seat": 1, "invite": created["invite"]}, guest).status_code == 200


def test_leaving_before_the_start_opens_the_seat_and_the_last_one_out_deletes(user):
    owner = token_create(user=user)
    guest = token_create(user=UserFactory())
    client = Client()
    game_id = api(client, "/api/tables", {}, owner).json()["id"]
    api(client, f"/api/tables/{game_id}/join", {"seat": 2}, guest)
    payload = api(client, f"/api/tables/{game_id}/leave", {}, guest).json()
    assert payload["seats"][2]["name"] is None
    assert api(client, f"/api/tables/{game_id}/leave", {}, owner).json()["status"] == "deleted"
    assert not Game.objects.filter(pk=game_id).exists()


def test_actions_are_checked_by_the_engine(four):
    client, game_id, _, tokens = four
    token, payload = to_act(client, game_id, tokens)
    url = f"/api/games/{game_id}/actions"
    seat = payload["seat"]
    waiting = tokens[(seat + 1) % 4]

    response = api(client, url, {"type": "bid", "tricks": 3}, waiting)
    assert response.status_code == 400 and response.json()["error"] == f"It is seat {seat}'s turn"
    assert api(client, url, {"type": "play", "card": "QS"}, token).status_code == 400
    assert api(client, url, {"type": "bid", "tricks": "3"}, token).status_code == 400
    assert api(client, url, {"type": "dance"}, token).status_code == 400
    assert api(client, url, {"type": "bid", "tricks": 3, "version": 5}, token).status_code == 409
    outsider = token_create(user=UserFactory())
    assert api(client, url, {"type": "look"}, outsider).status_code == 403
    assert api(client, "/api/games/999999/actions", {"type": "look"}, token).status_code == 404

    legal = [a for a in payload["legal"] if a["type"] == "bid" and not a["blind"]]
    response = api(client, url, {**legal[3], "version": 0}, token)
    assert response.status_code == 200
    after = response.json()
    assert after["version"] == 1 and after["view"]["bids"][seat] == legal[3]["tricks"]
    assert Action.objects.get(game_id=game_id, version=1).payload == legal[3]


def play_out(client, game_id, tokens, until_hands: int) -> None:
    """Everyone plays their first legal non-blind action until `until_hands` are done."""
    url = f"/api/games/{game_id}/actions"
    while True:
        token, payload = to_act(client, game_id, tokens)
        if payload["status"] == "finished" or len(payload["view"]["hands"]) >= until_hands:
            return
        action = next(a for a in payload["legal"] if a["type"] != "look" and not a.get("blind"))
        assert api(client, url, action, token).status_code == 200


def test_a_finished_hand_is_written_with_its_seed_and_the_log_replays(four):
    client, game_id, _, tokens = four
    play_out(client, game_id, tokens, until_hands=1)
    game = Game.objects.get(pk=game_id)
    hand = game.hands.get()
    state = game.engine_state
    assert hand.points == list(state.results[0].points)
    assert hand.seed == state.results[0].seed.hex()
    actions = [engine_action(a.payload, a.seat) for a in game.actions.order_by("version")]
    assert replay(game.rules, bytes.fromhex(game.seed), actions).to_dict() == game.state
    assert [a.version for a in game.actions.all()] == list(range(1, game.version + 1))


def test_two_timeouts_mark_a_person_away_and_acting_brings_them_back(four, monkeypatch):
    client, game_id, _, tokens = four
    game = Game.objects.get(pk=game_id)
    seat = game.engine_state.turn
    for expected_away in (False, True):
        game = Game.objects.get(pk=game_id)
        Game.objects.filter(pk=game_id).update(turn_deadline=timezone.now() - timedelta(1))
        game_play.game_autoplay(game_id=game_id, version=game.version, timeout=True)
        assert game.seats.get(position=seat).away is expected_away
        # bring the turn back round to the same seat
        while (game := Game.objects.get(pk=game_id)).engine_state.turn != seat:
            turn = game.engine_state.turn
            action = next(
                a
                for a in api(client, f"/api/games/{game_id}", token=tokens[turn]).json()["legal"]
                if a["type"] != "look" and not a.get("blind")
            )
            api(client, f"/api/games/{game_id}/actions", action, tokens[turn])
    assert Action.objects.filter(game_id=game_id, source="timeout").count() == 2
    # an early or stale timeout does nothing
    game = Game.objects.get(pk=game_id)
    assert game_play.game_autoplay(game_id=game_id, version=game.version - 1, timeout=True) is None
    # the person acts again: back from away
    payload = api(client, f"/api/games/{game_id}", token=tokens[seat]).json()
    action = next(a for a in payload["legal"] if a["type"] != "look" and not a.get("blind"))
    assert api(client, f"/api/games/{game_id}/actions", action, tokens[seat]).status_code == 200
    assert not Game.objects.get(pk=game_id).seats.get(position=seat).away


def test_the_clock_plays_for_people_past_their_deadline_only(four):
    _, game_id, _, _ = four
    assert game_play.fire_turn_timeouts() == 0  # the deadline is 30 s away
    Game.objects.filter(pk=game_id).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert game_play.fire_turn_timeouts() == 1
    assert Action.objects.filter(game_id=game_id, source="timeout").count() == 1
    assert Game.objects.get(pk=game_id).turn_deadline > timezone.now()  # the next turn's
    assert game_play.fire_turn_timeouts() == 0


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"preset": "jokers"}, {"deck": "jokers"}),
        ({"preset": "mirror"}, {"bidding": "mirror"}),
        ({"preset": "whiz"}, {"bidding": "whiz"}),
        ({"preset": "solo"}, {"solo": True, "target_score": 250}),
        ({"options": {"nil_pass": 3, "spades_lead": "anytime"}}, {"nil_pass": 3}),
        ({"options": {"min_team_bid": 6, "deck": "jokers"}}, {"min_team_bid": 6}),
        ({"preset": "solo", "options": {"bidding": "whiz", "deck": "jokers"}}, {"solo": True}),
        ({"preset": "suicide", "options": {"nil_pass": 1}}, {"suicide": True, "nil_pass": 1}),
    ],
)
def test_tables_take_the_variant_options(user, body, expected):
    token = token_create(user=user)
    created = api(Client(), "/api/tables", body, token)
    assert created.status_code == 201, created.json()
    payload = api(Client(), f"/api/games/{created.json()['id']}", token=token).json()
    assert expected.items() <= payload["ruleset"].items()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"options": {"bidding": "mirror", "deck": "jokers"}},
            "Mirror bidding cannot be played with the Joker deck",
        ),
        ({"preset": "mirror", "options": {"deck": "jokers"}}, "Mirror bidding cannot be played"),
        ({"preset": "solo", "options": {"nil_pass": 2}}, "Solo cannot be played with Nil passing"),
        ({"preset": "solo", "options": {"suicide": True}}, "Solo cannot be played with Suicide"),
        ({"options": {"bidding": "whiz", "min_team_bid": 3}}, "Whiz bidding cannot be played"),
        ({"options": {"nil_pass": 2, "nil": False}}, "Nil passing needs Nil"),
        ({"preset": "whiz", "options": {"nil": False}}, "Whiz bidding needs Nil"),
        ({"options": {"nil_pass": 4}}, "Nil pass must be between 0 and 3"),
        ({"options": {"min_team_bid": -1}}, "Minimum team bid must be between 0 and 6"),
        ({"options": {"bidding": "blind"}}, "Bidding must be one of free, mirror, whiz"),
        ({"options": {"deck": True}}, "Deck must be one of standard, jokers"),
        ({"options": {"spades_lead": "never"}}, "Spades lead must be one of broken, anytime"),
        ({"options": {"solo": "yes"}}, "Solo must be true or false"),
    ],
)
def test_impossible_variant_options_get_clear_400s(user, body, message):
    response = api(Client(), "/api/tables", body, token_create(user=user))
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert not Game.objects.exists()


def test_a_nil_pass_over_the_api():
    client, game_id, _, tokens = seated({"options": {"nil_pass": 2}})
    while (payload := to_act(client, game_id, tokens)[1])["view"]["phase"] == "bidding":
        token, payload = to_act(client, game_id, tokens)
        seat = payload["seat"]
        bids = [a["tricks"] for a in payload["legal"] if a["type"] == "bid" and not a["blind"]]
        tricks = 0 if seat == 0 else max(bids)
        response = api(
            client, f"/api/games/{game_id}/actions", {"type": "bid", "tricks": tricks}, token
        )
        assert response.status_code == 200, response.json()
    seen = payload["version"]
    zero = api(client, f"/api/games/{game_id}", token=tokens[0]).json()
    assert zero["legal"] == [{"type": "nil_pass", "count": 2}] and zero["view"]["turn"] is None
    path = f"/api/games/{game_id}/actions"
    wrong = api(client, path, {"type": "nil_pass", "cards": zero["view"]["hand"][:3]}, tokens[0])
    assert wrong.status_code == 400 and wrong.json() == {"error": "Pass exactly 2 cards"}
    owes_none = api(client, path, {"type": "nil_pass", "cards": ["AS", "KS"]}, tokens[1])
    assert owes_none.status_code == 400
    assert owes_none.json()["error"] == "You do not pass cards in this hand"
    two = api(client, f"/api/games/{game_id}", token=tokens[2]).json()["view"]["hand"][:2]
    assert api(client, path, {"type": "nil_pass", "cards": two}, tokens[2]).status_code == 200
    stale = {"type": "nil_pass", "cards": zero["view"]["hand"][:2], "version": seen}
    done = api(client, path, stale, tokens[0])
    assert done.status_code == 200, done.json()
    view = done.json()["view"]
    assert view["phase"] == "playing" and set(view["nil_pass"]["received"]) == set(two)
    assert set(two) <= set(view["hand"])
