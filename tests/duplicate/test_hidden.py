"""A daily board's cards stay hidden from everyone who has not played it until the day
ends (the HTML, the JSON and every socket frame), and every entrant meets the same bots:
the same South hand and the same bot moves while they play the same cards. Real Daphne,
Celery worker, PostgreSQL and Redis."""

import json
import urllib.error
import urllib.request
from datetime import UTC

import pytest
from django.utils import timezone
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from accounts.tokens import token_create
from duplicate.models import BoardGame, Event
from duplicate.services import daily as daily_services
from games.models import Game
from tests.duplicate.play import play_board
from tests.factories import UserFactory
from tests.helpers import card_codes_in
from tests.live import Player, assert_no_hidden_cards, check_log_and_hands, http


def get(server, path: str, token: str | None = None) -> tuple[int, str]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(server.url + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def socket_refused(server, game_id: int, token: str | None) -> bool:
    """Whether the game's socket turns this viewer away before sending a single frame."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        with connect(
            f"{server.ws_url}/ws/games/{game_id}/?format=json",
            additional_headers=headers,
            origin=server.url,
            open_timeout=10,
        ) as socket:
            socket.recv(timeout=5)
    except (InvalidStatus, ConnectionClosed):
        return True
    return False


class SamePlayer(Player):
    """A person whose move is a function of what they see (Player picks at random, and
    may be asked more than once a turn), so that two of them play the same cards."""

    def my_move(self) -> dict | None:
        state = self.state
        if state is None or state["status"] != "playing" or state["view"]["turn"] != state["seat"]:
            return None
        choices = [a for a in state["legal"] if a["type"] != "look" and not a.get("blind")]
        return choices[state["version"] % len(choices)] if choices else None


def play_over_socket(server, game_id: int, token: str) -> Player:
    player = SamePlayer(server, game_id, token)
    player.play_until(lambda state: state["status"] == "finished")
    player.close()
    return player


@pytest.mark.django_db(transaction=True)
def test_same_board_same_bots_and_nothing_leaks_before_the_day_ends(servers, celery_worker):
    server = servers()
    # A day of Jokers (issue 39): the Joker deck's cards stay hidden as every other card.
    today = timezone.now().astimezone(UTC).date()
    event = daily_services.event_make_daily(day=today, variant="jokers", solve=False)
    day = event.day.isoformat()
    ann, bob, cy = UserFactory(), UserFactory(), UserFactory()
    tokens = {user.pk: token_create(user=user) for user in (ann, bob, cy)}

    # Ann and Bob play board 1 through the API and the socket, making the same choices.
    frames, logs, games = {}, {}, {}
    for user in (ann, bob):
        status, body = http(server, "POST", f"/api/daily/{day}/boards/1", tokens[user.pk])
        assert status == 200, body
        games[user.pk] = body["game"]
        player = play_over_socket(server, body["game"], tokens[user.pk])
        frames[user.pk] = player.received
        game = Game.objects.get(pk=body["game"])
        states = check_log_and_hands(game)
        assert_no_hidden_cards([f for f in player.received if f["type"] == "state"], states, 2)
        logs[user.pk] = list(game.actions.order_by("version").values_list("seat", "payload"))

    # The same South hand from the first frame on, and the same bot moves all along.
    first = {pk: next(f for f in frames[pk] if f["type"] == "state") for pk in frames}
    assert first[ann.pk]["view"]["hand"] == first[bob.pk]["view"]["hand"]
    assert logs[ann.pk] == logs[bob.pk]
    assert any(seat != 2 for seat, _ in logs[ann.pk])
    assert games[ann.pk] != games[bob.pk]

    # Cy has not played board 1: none of Ann's game, in any form, nor the traveller.
    ann_game = games[ann.pk]
    cy_token = tokens[cy.pk]
    for path in (
        f"/api/games/{ann_game}",
        f"/api/games/{ann_game}/export",
        f"/games/{ann_game}/",
        f"/games/{ann_game}/replay",
        f"/games/{ann_game}/analysis",
    ):
        for token in (cy_token, None):
            status, text = get(server, path, token)
            # Not found, as a game that does not exist (the API asks strangers to log in).
            assert status == 404 or (status == 401 and token is None), (path, status)
            assert "data-card" not in text
    assert socket_refused(server, ann_game, cy_token)
    assert socket_refused(server, ann_game, None)
    status, body = http(server, "GET", f"/api/daily/{day}/boards/1/results", cy_token)
    assert status == 403 and body["error"].startswith("Finish board 1 first")
    for path in (f"/daily/{day}/", f"/daily/{day}/standings", f"/api/daily/{day}/standings"):
        status, text = get(server, path, cy_token)
        assert status == 200 and "data-card" not in text
        if path.startswith("/api/"):
            assert not card_codes_in(json.loads(text))
    status, text = get(server, f"/u/{ann.username}/games", cy_token)
    assert f"/games/{ann_game}/" not in text
    # Bob, who played the board, sees the traveller, but still not Ann's table or cards.
    status, body = http(server, "GET", f"/api/daily/{day}/boards/1/results", tokens[bob.pk])
    assert status == 200 and {row["player"] for row in body["results"]} == {
        ann.username,
        bob.username,
    }
    assert not card_codes_in(body)
    assert get(server, f"/games/{ann_game}/replay", tokens[bob.pk])[0] == 404
    assert socket_refused(server, ann_game, tokens[bob.pk])

    # Once the day is over, everyone may replay it.
    Event.objects.filter(pk=event.pk).update(closes_at=event.opens_at)
    assert daily_services.events_close_due() == 1
    assert get(server, f"/games/{ann_game}/replay", cy_token)[0] == 200
    assert get(server, f"/api/daily/{day}/boards/1/results", cy_token)[0] == 200


@pytest.mark.django_db
def test_two_people_who_play_the_same_cards_meet_the_same_bots_on_every_board(today, quiet_games):
    event = today
    ann, bob = UserFactory(), UserFactory()
    for number in range(1, 5):  # every dealer: the bots bid before South, or after
        logs = []
        for user in (ann, bob):
            game = daily_services.daily_board_start(user=user, day=event.day, number=number)
            game = play_board(game.pk, user, seed=number)
            logs.append(list(game.actions.order_by("version").values_list("seat", "payload")))
            assert BoardGame.objects.get(game=game).finished
        assert logs[0] == logs[1]
