"""Fuzzing the game API (tables, seats, bots, a game, its actions and exports) and the game
socket /ws/games/{id}/ in both formats, against the contract of tests/fuzz.py."""

import contextlib
import json
from urllib.parse import quote

import pytest
from channels.testing import WebsocketCommunicator
from hypothesis import given, strategies as st

from config.asgi import application
from games.bots import LEVELS
from games.models import Game
from tests.factories import fast_passwords  # noqa: F401 (autouse here)
from tests.fuzz import (  # noqa: F401 (the fixtures, pytest finds them here)
    AUTHS,
    BAD_SEAT_KEYS,
    DEEP_BODIES,
    FIVE_XX,
    FUZZ,
    FUZZ_CONNECT,
    FUZZ_FRAMES,
    GAME_IDS,
    KNOWN_BAD_ACTIONS,
    KNOWN_BAD_FRAMES,
    KNOWN_BAD_TABLES,
    NASTY_STRINGS,
    ORIGIN,
    RAW,
    SENT,
    Breaches,
    Frame,
    Socket,
    action_fields,
    bodies,
    caller,
    cause,
    check_frames,
    connect,
    encode,
    examples,
    fingerprint,
    frames,
    fuzz_counts,
    game_path,
    join_fields,
    junk,
    live_world_fixture,
    reset,
    send,
    short,
    table_fields,
    world_fixture,
)

# Strategies holding huge strings have huge reprs; Hypothesis warns about building them.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")


# HTTP: one test per endpoint


def test_fuzz_create_table(world):
    breaches = Breaches()

    @FUZZ
    @given(body=bodies(table_fields), auth=st.sampled_from(AUTHS))
    @examples(body=KNOWN_BAD_TABLES, auth="token")
    def run(body, auth):
        # The outsider sits nowhere, so may open a table (one person, one seat).
        response = send(world, breaches, "POST /api/tables", "POST", "/api/tables", encode(body),
                        auth, user=world["outsider"])  # fmt: skip
        bots = body.get("bots") if isinstance(body, dict) else None
        if isinstance(bots, dict) and set(bots) - {"1", "2", "3"} and response.status_code < 300:
            breaches.add("POST /api/tables: accepted a bot seat other than 1, 2, 3", short(body))

    run()
    breaches.assert_none()


def test_fuzz_join_table(world):
    breaches = Breaches()
    joiner = world["outsider"]

    @FUZZ
    @given(
        body=bodies(join_fields),
        auth=st.sampled_from(AUTHS),
        table=st.sampled_from(["waiting", "waiting", "private", "playing"]),
        game_id=GAME_IDS,
    )
    @examples(
        body=[*DEEP_BODIES, *({"seat": key} for key in [*BAD_SEAT_KEYS, 10**50, 1.0, True])],
        auth="token",
        table="waiting",
        game_id="own",
    )
    def run(body, auth, table, game_id):
        path = f"/api/tables/{game_path(world, game_id, table)}/join"
        send(world, breaches, "POST /api/tables/{id}/join", "POST", path, encode(body), auth,
             user=joiner)  # fmt: skip

    run()
    breaches.assert_none()


def test_fuzz_leave_table(world):
    breaches = Breaches()

    @FUZZ
    @given(
        body=bodies(st.fixed_dictionaries({}, optional={"seat": junk})),
        auth=st.sampled_from(AUTHS),
        table=st.sampled_from(["waiting", "private", "playing"]),
        game_id=GAME_IDS,
        who=st.sampled_from([0, 1, 2, 3, "host", "host", "outsider"]),
    )
    @examples(body=DEEP_BODIES, auth="token", table="waiting", game_id="own", who="host")
    def run(body, auth, table, game_id, who):
        path = f"/api/tables/{game_path(world, game_id, table)}/leave"
        send(world, breaches, "POST /api/tables/{id}/leave", "POST", path, encode(body), auth,
             user=caller(world, table, who))  # fmt: skip

    run()
    breaches.assert_none()


def test_fuzz_fill_table(world):
    breaches = Breaches()

    @FUZZ
    @given(
        body=bodies(st.fixed_dictionaries({}, optional={"level": junk | st.sampled_from(LEVELS)})),
        auth=st.sampled_from(AUTHS),
        table=st.sampled_from(["private", "private", "waiting", "playing"]),
        game_id=GAME_IDS,
        who=st.sampled_from([0, "host", "host", "outsider"]),
    )
    @examples(body=DEEP_BODIES, auth="token", table="private", game_id="own", who="host")
    def run(body, auth, table, game_id, who):
        path = f"/api/tables/{game_path(world, game_id, table)}/bots"
        send(world, breaches, "POST /api/tables/{id}/bots", "POST", path, encode(body), auth,
             user=caller(world, table, who))  # fmt: skip

    run()
    breaches.assert_none()


def test_fuzz_game_detail(world):
    breaches = Breaches()

    @FUZZ
    @given(
        auth=st.sampled_from(AUTHS),
        table=st.sampled_from(["playing", "waiting", "private"]),
        game_id=GAME_IDS,
        invite=st.none() | st.text(max_size=20) | st.sampled_from(NASTY_STRINGS),
        body=st.sampled_from([b"", b"{", b"[]"]) | RAW,
    )
    @examples(
        game_id=[str(2**63), "9" * 30, "-1", "abc"],
        auth="token",
        table="playing",
        invite=None,
        body=b"",
    )
    def run(auth, table, game_id, invite, body):
        path = f"/api/games/{game_path(world, game_id, table)}"
        if invite is not None:
            path += "?invite=" + quote(invite.encode("utf-8", "surrogatepass"))
        send(world, breaches, "GET /api/games/{id}", "GET", path, body, auth,
             user=world["outsider"] if table == "private" else None)  # fmt: skip

    run()
    breaches.assert_none()


def test_fuzz_game_actions(world):
    breaches = Breaches()
    people = world["people"]

    @FUZZ
    @given(
        body=bodies(action_fields),
        auth=st.sampled_from(AUTHS),
        who=st.sampled_from(["turn", "turn", "turn", "other"]),
        game_id=GAME_IDS,
        table=st.sampled_from(["playing", "playing", "waiting", "passing"]),
    )
    @examples(body=KNOWN_BAD_ACTIONS, auth="token", who="turn", game_id="own", table="playing")
    @examples(body=KNOWN_BAD_ACTIONS, auth="token", who="turn", game_id="own", table="passing")
    def run(body, auth, who, game_id, table):
        user = world["turn"] if who == "turn" else next(p for p in people if p != world["turn"])
        if table == "passing":  # nobody's turn: a seat that owes its pass, or one that does not
            user = world["passers"][0 if who == "turn" else 1]
        path = f"/api/games/{game_path(world, game_id, table)}/actions"
        send(world, breaches, "POST /api/games/{id}/actions", "POST", path, encode(body), auth,
             user=user)  # fmt: skip

    run()
    breaches.assert_none()


def test_fuzz_exports(world):
    """The export of a game (finished or not) and a player's games as NDJSON, with junk in
    the name, the cursor (since, after), the limit and the invite."""
    breaches = Breaches()
    junk = st.none() | st.text(max_size=30) | st.sampled_from(NASTY_STRINGS)

    def encoded(text: str) -> str:
        return quote(text.encode("utf-8", "surrogatepass"))

    @FUZZ
    @given(
        auth=st.sampled_from(AUTHS),
        table=st.sampled_from(["playing", "waiting", "private"]),
        game_id=GAME_IDS,
        name=st.sampled_from(["own", "own", "nobody", "%00", "a%2Fb"]) | st.text(max_size=20),
        query=st.dictionaries(
            st.sampled_from(["since", "after", "limit", "invite", "x"]), junk, max_size=4
        ),
    )
    @examples(
        query=[{"since": "2026-11-23T18:00:00Z", "after": "1"}, {"after": "1"},
               {"since": "9999-99-99"}, {"limit": str(2**63)}, {"since": "\x00"}],
        auth="token", table="playing", game_id="own", name="own",
    )  # fmt: skip
    def run(auth, table, game_id, name, query):
        params = "&".join(f"{key}={encoded(value)}" for key, value in query.items() if value)
        user = world["people"][0]
        name = user.username if name == "own" else encoded(name) if "%" not in name else name
        path = f"/api/users/{name}/games?{params}"
        send(world, breaches, "GET /api/users/{name}/games", "GET", path, b"", auth)
        path = f"/api/games/{game_path(world, game_id, table)}/export?{params}"
        send(world, breaches, "GET /api/games/{id}/export", "GET", path, b"", auth)

    run()
    breaches.assert_none()


@pytest.mark.parametrize("fmt", ["json", "htmx"])
def test_fuzz_websocket_frames(live_world, fmt):
    breaches = Breaches()
    htmx = fmt == "htmx"
    endpoint = f"WS /ws/games/{{id}}/ frames ({fmt})"
    game, loop, tokens = live_world["game"], live_world["loop"], live_world["tokens"]
    initial = Game.objects.get(pk=game.pk).state
    turn = live_world["people"][initial["turn"]]
    format_query = "format=json" if fmt == "json" else ""
    outsider = f"Bearer {tokens[live_world['outsider'].pk]}".encode()
    callers = {
        "player": (f"{format_query}&token={tokens[turn.pk]}", ORIGIN),
        "outsider": (format_query, [*ORIGIN, (b"authorization", outsider)]),
        "spectator": (format_query, ORIGIN),
    }
    sockets = {}

    def socket(who: str) -> Socket:
        if who not in sockets:
            query, headers = callers[who]
            sockets[who] = Socket(loop, game.pk, query, headers)
            sockets[who].open()
        return sockets[who]

    def reopen(who: str) -> None:
        sockets.pop(who).close()

    @FUZZ_FRAMES
    @given(frame=frames(htmx), who=st.sampled_from(["player", "player", "outsider", "spectator"]))
    @examples(frame=KNOWN_BAD_FRAMES, who="player")
    def run(frame, who):
        sock = socket(who)
        before = fingerprint()
        sock.send(frame)
        SENT[endpoint] += 1
        example = f"{who}: {frame!r}"
        try:
            messages = sock.drain(wait=0.5)
        except Exception as error:  # the consumer crashed: the finding
            FIVE_XX[endpoint] += 1
            crash = cause((type(error), error, error.__traceback__))
            breaches.add(f"{endpoint}: the consumer crashed:{crash}", example)
            reopen(who)
            reset(game, initial)
            return
        refused = check_frames(breaches, endpoint, messages, htmx)
        if not messages:
            breaches.add(f"{endpoint}: no answer at all", example)
        if refused and fingerprint() != before:
            breaches.add(f"{endpoint}: a refused frame changed something", example)
        if fingerprint()[0] != before[0] or any(m["type"] == "websocket.close" for m in messages):
            # A frame was a legal move (or closed the socket): start again from version 0
            # on fresh sockets, so every frame meets the same game.
            for name in list(sockets):
                reopen(name)
            reset(game, initial)

    try:
        run()
        # Still open and answering after everything: a sync gets the state.
        sock = socket("player")
        sock.send(Frame(text=json.dumps({"type": "sync"})))
        answer = sock.drain(wait=2)
        assert answer and answer[0]["type"] == "websocket.send", answer
    finally:
        for name in list(sockets):
            reopen(name)
    breaches.assert_none()


def test_fuzz_websocket_connect(live_world):
    breaches = Breaches()
    endpoint = "WS /ws/games/{id}/ connect"
    game, loop, tokens = live_world["game"], live_world["loop"], live_world["tokens"]
    token = tokens[live_world["people"][0].pk]

    @FUZZ_CONNECT
    @given(
        game_id=st.one_of(
            st.sampled_from([str(game.pk), "0", "999999", str(2**63), "9" * 30, "-1", "abc"]),
            st.integers(min_value=0).map(str),
        ),
        query=st.one_of(
            st.sampled_from(["", "format=json", "format=htmx", f"token={token}",
                             f"format=json&token={token}", "token=sp_nope", "token=",
                             "invite=x", "format=json&format=html", "%ff", "token=%00"]),
            st.text(max_size=30).map(lambda t: quote(t.encode("utf-8", "surrogatepass"), "=&")),
        ),
        origin=st.sampled_from([b"http://testserver", b"http://evil.example", None]),
        authorization=st.sampled_from([None, f"Bearer {token}".encode(), b"Bearer \xff",
                                       b"Bearer ", b"Basic x"]),
    )  # fmt: skip
    @examples(
        game_id=["abc", "-1", str(2**63), "9" * 30],
        query="",
        origin=b"http://testserver",
        authorization=None,
    )
    def run(game_id, query, origin, authorization):
        headers = [(b"origin", origin)] if origin else []
        if authorization:
            headers.append((b"authorization", authorization))
        path = f"/ws/games/{game_id}/?{query}"
        example = f"{short(path)} origin={origin!r} authorization={short(authorization)}"
        SENT[endpoint] += 1
        communicator = WebsocketCommunicator(application, path, headers=headers)
        try:
            connected, _ = loop.run_until_complete(connect(communicator))
        except Exception as error:  # the consumer crashed: the finding
            FIVE_XX[endpoint] += 1
            crash = cause((type(error), error, error.__traceback__))
            breaches.add(f"{endpoint}: the consumer crashed:{crash}", example)
            return
        if connected:
            try:
                loop.run_until_complete(communicator.receive_output(timeout=1))
            except Exception as error:
                FIVE_XX[endpoint] += 1
                breaches.add(f"{endpoint}: crashed after accepting: {type(error).__name__}",
                             example)  # fmt: skip
        with contextlib.suppress(Exception):
            loop.run_until_complete(communicator.disconnect())

    run()
    breaches.assert_none()
