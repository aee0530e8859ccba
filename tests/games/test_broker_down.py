"""With the broker or the channel layer away at commit time, a move still stands and the
player still gets 200; the hooks after commit that could not run are caught up later."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError

from accounts.tokens import token_create
from config.celery import app as celery_app
from games import events
from games.models import Action, Game
from games.services import clock, play, tables
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)  # real commits run the real hooks


@pytest.fixture
def armed(monkeypatch):
    """Bot moves sent to the broker, recorded instead of sent."""
    sent = []
    monkeypatch.setattr(celery_app, "send_task", lambda name, args, **kw: sent.append(args))
    return sent


@pytest.fixture
def pushed(monkeypatch):
    snapshots = []
    monkeypatch.setattr(events, "game_changed", lambda snapshot: snapshots.append(snapshot))
    return snapshots


def a_game_at_the_persons_turn():
    user = UserFactory()
    game = tables.game_create_seated(players=[user, "random", "random", "random"])
    while game.state["turn"] != 0:
        game = play.game_autoplay(game_id=game.pk, version=game.version, timeout=False)
    return game, token_create(user=user)


def act(client, game, token):
    status = client.get(f"/api/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {token}").json()
    move = next(a for a in status["legal"] if a["type"] != "look" and not a.get("blind"))
    return client.post(
        f"/api/games/{game.pk}/actions",
        data=json.dumps({**move, "version": game.version}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )


def test_a_move_stands_while_the_broker_is_down_and_the_sweep_arms_the_bot_later(
    client, monkeypatch, armed, pushed
):
    game, token = a_game_at_the_persons_turn()

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to the broker. Connection refused.")

    with monkeypatch.context() as down:
        down.setattr(celery_app, "send_task", broker_down)
        response = act(client, game, token)

    assert response.status_code == 200, response.content
    after = Game.objects.get(pk=game.pk)
    assert after.version == game.version + 1 == response.json()["version"]
    assert Action.objects.filter(game=game, version=after.version, seat=0).exists()
    assert pushed[-1]["version"] == after.version  # the other hook still ran
    assert after.turn_deadline is None  # a bot's turn, whose move was lost

    armed.clear()
    assert clock.sweep_stuck_games() == 0  # not overdue yet
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    assert clock.sweep_stuck_games() == 1
    assert armed == [(game.pk, after.version)]


def test_a_move_stands_and_the_bot_is_armed_while_the_channel_layer_is_down(
    client, monkeypatch, armed
):
    game, token = a_game_at_the_persons_turn()
    armed.clear()

    def redis_down(snapshot):
        raise ConnectionError("Error 111 connecting to Redis. Connection refused.")

    monkeypatch.setattr(events, "game_changed", redis_down)
    response = act(client, game, token)

    assert response.status_code == 200, response.content
    assert armed == [(game.pk, game.version + 1)]
