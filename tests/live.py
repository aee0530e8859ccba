"""A scripted player for tests against a real Daphne: HTTP API and JSON WebSocket."""

import contextlib
import json
import random
import time
import urllib.error
import urllib.request

from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from games.engine import action_from_dict, apply_action, new_game
from games.engine.cards import cards_of
from games.models import Game
from tests.addresses import address_for
from tests.helpers import card_codes_in


def http(server, method: str, path: str, token: str, body: dict | None = None):
    """(status, JSON body) of an API call."""
    request = urllib.request.Request(
        server.url + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "X-Forwarded-For": address_for(token),  # a person at an address of their own
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Player:
    """One person over the JSON WebSocket; keeps every frame it received."""

    def __init__(self, server, game_id: int, token: str, seed: int = 0):
        self.server, self.game_id, self.token = server, game_id, token
        self.rng = random.Random(seed)
        self.received: list[dict] = []
        self.state: dict | None = None
        self.socket = None
        self.connections = contextlib.ExitStack()
        self.connect()

    def connect(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.socket = self.connections.enter_context(
                    connect(
                        f"{self.server.ws_url}/ws/games/{self.game_id}/?format=json",
                        additional_headers={"Authorization": f"Bearer {self.token}"},
                        origin=self.server.url,
                        open_timeout=5,
                    )
                )
                return
            except (OSError, InvalidStatus, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def close(self) -> None:
        self.connections.close()

    def receive(self, timeout: float = 30) -> dict:
        """The next frame; reconnects by itself when the server went away."""
        try:
            frame = json.loads(self.socket.recv(timeout=timeout))
        except ConnectionClosed:
            self.connect()
            return self.receive(timeout)
        self.received.append(frame)
        if frame["type"] == "state":
            self.state = frame
        return frame

    def send(self, message: dict) -> None:
        try:
            self.socket.send(json.dumps(message))
        except ConnectionClosed:
            self.connect()

    def my_move(self) -> dict | None:
        """A random legal action when it is this player's turn (never Look or Blind Nil),
        or random cards when they owe a Nil pass (nobody's turn)."""
        state = self.state
        if state is None or state["status"] != "playing":
            return None
        if state["legal"] and state["legal"][0]["type"] == "nil_pass":
            cards = self.rng.sample(state["view"]["hand"], state["legal"][0]["count"])
            return {"type": "nil_pass", "cards": cards}
        if state["view"]["turn"] != state["seat"]:
            return None
        choices = [a for a in state["legal"] if a["type"] != "look" and not a.get("blind")]
        return self.rng.choice(choices) if choices else None

    def play_until(self, done, timeout: float = 300, act: bool = True) -> dict:
        deadline = time.monotonic() + timeout
        while self.state is None or not done(self.state):
            if time.monotonic() > deadline:
                raise AssertionError(f"Timed out at {self.state and self.state['version']}")
            move = self.my_move() if act else None
            if move is not None:
                self.send({**move, "version": self.state["version"]})
            self.receive()
        return self.state


def check_log_and_hands(game: Game) -> list:
    """The action log replays to the cached state; hands add up to the scores.

    Returns the engine state after each version (index = version)."""
    states = [new_game(game.rules, bytes.fromhex(game.seed))]
    actions = list(game.actions.order_by("version"))
    assert [a.version for a in actions] == list(range(1, game.version + 1))
    for action in actions:
        states.append(apply_action(states[-1], action_from_dict(action.payload, action.seat)))
    assert states[-1].to_dict() == game.state
    hands = list(game.hands.order_by("number"))
    sides = range(len(game.state["scores"]))  # two teams, or four players in Solo
    assert [sum(h.points[side] for h in hands) for side in sides] == game.state["scores"]
    assert hands[-1].scores == game.state["scores"]
    return states


def assert_no_hidden_cards(frames: list[dict], states: list, seat: int) -> None:
    """Every card in every frame is the player's own, one already played, or one of their
    Nil pass: given, or received once both partners chose."""
    for frame in frames:
        state = states[frame["version"]]
        visible = {card.code for card in state.cards(seat)}
        mine, partners = state.passes[seat], state.passes[(seat + 2) % 4]
        for mask in (mine, partners if mine is not None else None):
            visible |= set() if mask is None else {card.code for card in cards_of(mask)}
        for trick in [*state.tricks, state.current_trick, state.last_trick]:
            if trick is not None:
                visible |= {card.code for card in trick.cards}
        leaked = card_codes_in(frame) - visible
        assert not leaked, f"version {frame['version']} leaked {leaked}"
