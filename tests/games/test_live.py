"""Live play end to end: real Daphne processes, a real Celery worker, Redis, the database."""

import threading

import pytest

from accounts.tokens import token_create
from config.processes import wait_until
from games.models import Action, Game
from tests.factories import UserFactory
from tests.live import Player, assert_no_hidden_cards, check_log_and_hands, http

pytestmark = pytest.mark.timeout(600)

BOTS = {"1": "standard", "2": "standard", "3": "standard"}


def new_table(server, token, **options) -> int:
    status, body = http(server, "POST", "/api/tables", token, {"bots": BOTS, **options})
    assert status == 201, body
    return body["id"]


def finished(state) -> bool:
    return state["status"] == "finished"


def test_a_whole_classic_game_over_the_json_websocket(servers, celery_worker):
    server = servers()
    token = token_create(user=UserFactory())
    game_id = new_table(server, token, preset="classic")
    player = Player(server, game_id, token, seed=1)
    final = player.play_until(finished, timeout=540)
    player.close()

    game = Game.objects.get(pk=game_id)
    assert final["version"] == game.version and final["winner"] == game.winner
    states = check_log_and_hands(game)
    assert max(game.state["scores"]) >= 500 or min(game.state["scores"]) <= -200
    assert_no_hidden_cards(player.received, states, seat=0)
    versions = [f["version"] for f in player.received if f["type"] == "state"]
    assert versions == sorted(versions), "pushes arrive in version order"


def test_a_suicide_game_with_nil_passing_over_the_json_websocket(servers, celery_worker):
    """Everyone passes a card every hand: the person whenever they like, the bots on
    their own tasks; nobody's turn, and no card of another seat's pass ever shown."""
    server = servers()
    token = token_create(user=UserFactory())
    options = {"nil_pass": 1, "hands": 2}
    game_id = new_table(server, token, preset="suicide", options=options)
    player = Player(server, game_id, token, seed=3)
    final = player.play_until(finished, timeout=400)
    player.close()
    game = Game.objects.get(pk=game_id)
    assert final["version"] == game.version
    states = check_log_and_hands(game)
    assert_no_hidden_cards(player.received, states, seat=0)
    passes = game.actions.filter(kind="nilpass")
    errors = [f for f in player.received if f["type"] == "error"]
    assert passes.count() == 8, errors
    assert list(passes.filter(seat=0).values_list("source", flat=True)) == ["player"] * 2, errors


def test_two_actions_at_once_only_one_applies(servers, celery_worker):
    server = servers()
    token = token_create(user=UserFactory())
    game_id = new_table(server, token)
    player = Player(server, game_id, token)
    state = player.play_until(lambda s: player.my_move() is not None, act=False)
    move = player.my_move()
    barrier = threading.Barrier(2)
    results = []

    def send():
        barrier.wait()
        results.append(http(server, "POST", f"/api/games/{game_id}/actions", token, move))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(status for status, body in results)
    assert statuses[0] == 200 and statuses[1] in (400, 409), results
    applied = Action.objects.filter(game_id=game_id, seat=0, version__gt=state["version"])
    assert applied.count() == 1
    player.close()


def test_timeouts_play_for_a_person_then_mark_them_away_until_they_return(servers, celery_worker):
    server = servers()
    token = token_create(user=UserFactory())
    game_id = new_table(server, token, turn_seconds=5)
    player = Player(server, game_id, token)

    def timeouts(n):
        return lambda s: Action.objects.filter(game_id=game_id, source="timeout").count() >= n

    player.play_until(timeouts(1), timeout=60, act=False)
    assert not player.state["seats"][0]["away"]
    player.play_until(lambda s: s["seats"][0]["away"], timeout=60, act=False)
    assert Action.objects.filter(game_id=game_id, source="timeout").count() == 2
    # while away, a bot plays the person's turns at once
    player.play_until(
        lambda s: Action.objects.filter(game_id=game_id, source="away").exists(),
        timeout=60,
        act=False,
    )
    player.close()

    back = Player(server, game_id, token)  # reconnecting brings them back
    back.play_until(lambda s: not s["seats"][0]["away"], timeout=30, act=False)
    acted = back.play_until(
        lambda s: Action.objects.filter(game_id=game_id, source="player").exists(), timeout=60
    )
    assert not acted["seats"][0]["away"]
    back.close()


def test_a_killed_worker_is_restarted_and_the_game_finishes_without_double_moves(
    servers, celery_worker
):
    server = servers()
    token = token_create(user=UserFactory())
    game_id = new_table(server, token, preset="quick")
    http(server, "POST", f"/api/tables/{game_id}/leave", token)  # bots play every seat
    wait_until(lambda: Game.objects.get(pk=game_id).version >= 30, 120, "bots playing")
    celery_worker.kill()
    stopped_at = Game.objects.get(pk=game_id).version
    celery_worker.start()
    wait_until(lambda: Game.objects.get(pk=game_id).status == "finished", 300, "game end")
    game = Game.objects.get(pk=game_id)
    assert game.version > stopped_at
    check_log_and_hands(game)


def test_daphne_restarted_mid_game_clients_reconnect_and_nothing_is_lost(servers, celery_worker):
    server = servers()
    token = token_create(user=UserFactory())
    game_id = new_table(server, token, preset="quick")
    player = Player(server, game_id, token, seed=2)
    player.play_until(lambda s: s["version"] >= 20)
    server.stop()
    server.start()
    final = player.play_until(finished, timeout=400)
    game = Game.objects.get(pk=game_id)
    assert final["version"] == game.version
    states = check_log_and_hands(game)
    assert_no_hidden_cards(player.received, states, seat=0)
    player.close()


def test_a_player_on_one_daphne_sees_moves_made_through_another(servers, celery_worker):
    first, second = servers(), servers()
    token = token_create(user=UserFactory())
    game_id = new_table(first, token)
    player = Player(first, game_id, token)
    player.play_until(lambda s: player.my_move() is not None, act=False)
    move, version = player.my_move(), player.state["version"]
    status, body = http(second, "POST", f"/api/games/{game_id}/actions", token, move)
    assert status == 200
    seen = player.play_until(lambda s: s["version"] > version, act=False)
    assert seen["version"] >= body["version"]
    player.close()


def test_bad_frames_get_error_frames_and_the_connection_stays_open(servers, celery_worker):
    server = servers()
    token = token_create(user=UserFactory())
    game_id = new_table(server, token)
    player = Player(server, game_id, token)
    player.receive()
    for raw, expected in [
        ("not json", "not valid JSON"),
        ("[1]", "must be a JSON object"),
        ('{"type": "dance"}', "Unknown message type 'dance'"),
        ('{"type": "play", "card": "ZZ"}', ""),
        ("x" * 5000, "at most 4 KB"),
    ]:
        player.socket.send(raw)
        frame = player.receive()
        while frame["type"] != "error":
            frame = player.receive()
        assert expected in frame["error"]
    player.send({"type": "sync"})
    assert player.receive()["type"] == "state"
    player.close()
