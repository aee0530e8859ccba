"""The fuzz harness (issue #13): the contract, the world the inputs meet, the strategies and
known-bad inputs, the seeded runs and the counts. Each app's tests/<app>/test_fuzz_<app>.py
fuzzes its own endpoints with it (tests/test_fuzz_api.py the whole API at once); a module
imports the fixtures it uses from here (world_fixture, live_world_fixture, and the autouse
fuzz_counts and fast_passwords).

The contract: nothing a client sends gets a 5xx; every /api/ error is a 4xx with the JSON
body {"error": <non-empty str>}; every WebSocket refusal is an error frame
{"type": "error", "error": str, "status": 4xx} (an HTML toast in the htmx format) on a
socket that stays open; and input that is refused changes nothing.

Each test sends its inputs, collects every breach of the contract and fails at the end
with all of them (not just Hypothesis' first), so one run shows the whole picture. Inputs
and 5xx answers are counted per endpoint; the counts are printed at the end of the module
and written to test-artifacts/fuzz-counts-<module>.txt ("N inputs, 0 answered 5xx").
FUZZ_EXAMPLES (default 300) sets the examples per HTTP test (half of it per socket test).
"""

import asyncio
import contextlib
import json
import os
import random
import traceback
from collections import Counter
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import quote

import pytest
from celery import current_app
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection, connections, transaction
from django.test import Client
from hypothesis import HealthCheck, example, seed, settings, strategies as st

from accounts.tokens import token_create, tokens_revoke
from config.asgi import application
from duplicate.models import BoardGame, Entry, Event
from duplicate.services import daily as daily_services
from games.bots import LEVELS
from games.engine import CARDS, OPTION_CHOICES, OPTION_RANGES, PRESETS
from games.models import Action, ChatMessage, Game, Seat
from games.services import tables as game_tables
from ranked.models import PartnerRequest, QueueEntry
from tests.conftest import write_fuzz_counts
from tests.factories import UserFactory
from tests.games.nilpass import bid_until_passing

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))
# Every run draws new inputs; a breach report names this seed, so FUZZ_SEED=<seed> replays it.
SEED = int(os.environ.get("FUZZ_SEED") or random.SystemRandom().randrange(2**32))


def fuzzing(examples: int):
    """The fuzz tests' Hypothesis settings, on this run's seed."""
    chosen = settings(
        max_examples=examples,
        deadline=None,
        database=None,  # breaches are collected and named with the seed; a crash prints its blob
        print_blob=True,
        suppress_health_check=list(HealthCheck),
    )
    return lambda test: seed(SEED)(chosen(test))


FUZZ = fuzzing(EXAMPLES)
# A frame costs a round trip through the consumer and its database thread: fewer of them.
FUZZ_FRAMES = fuzzing(max(1, EXAMPLES // 2))
FUZZ_CONNECT = fuzzing(max(1, EXAMPLES // 3))

SENT: Counter = Counter()  # inputs per endpoint
FIVE_XX: Counter = Counter()  # of which answered 5xx (or crashed the socket)


@pytest.fixture(scope="module", autouse=True)
def fuzz_counts(request):
    """Records how many inputs each endpoint got and how many answered 5xx, a file per
    fuzzing module and process (a module's tests may run in several parallel processes);
    tests/conftest.py adds them up and prints them at the end of the run."""
    SENT.clear()
    FIVE_XX.clear()
    yield
    if SENT:
        module = request.module.__name__.rsplit(".", 1)[-1]
        write_fuzz_counts(module, {name: [SENT[name], FIVE_XX[name]] for name in SENT})


class Breaches:
    """Breaches of the contract, one example kept per kind, all reported at the end."""

    def __init__(self):
        self.seen: dict[str, tuple[int, str]] = {}

    def add(self, kind: str, example: str) -> None:
        count, first = self.seen.get(kind, (0, example))
        self.seen[kind] = (count + 1, first)

    def assert_none(self) -> None:
        lines = [
            f"{count}x {kind}\n    e.g. {example}" for kind, (count, example) in self.seen.items()
        ]
        replay = f"\nReplay with FUZZ_SEED={SEED} FUZZ_EXAMPLES={EXAMPLES}"
        assert not lines, "Contract breaches:\n" + "\n".join(lines) + replay


def short(value, limit: int = 160) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} chars)"


# Strategies: Hypothesis' own plus the known-bad values of issue #13, named explicitly.

NASTY_NUMBERS = [0, -1, 1, 3, 4, 13, 14, 2**31, -(2**31) - 1, 2**63, 10**30, -(10**30),
                 -999999999962, 1.5, -0.0, 1e308, float("inf"), float("nan")]  # fmt: skip
NASTY_STRINGS = ["", " ", "0", "01", "1", "3", "-1", "1.0", " 1", "1 ", "\u00b2", "\u0661",
                 "\uff11", "1" * 50, "QS", "10D", "qs", "\x00", "null", "true", "NaN",
                 "\ud800", "\U0001f0a1", "<script>", "a" * 5000, "%s%n", "../../etc"]  # fmt: skip
NASTY = st.sampled_from([None, True, False, [], {}, [1], {"a": 1}, ["bid"], {"type": "bid"},
                         *NASTY_NUMBERS, *NASTY_STRINGS])  # fmt: skip

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
)
json_values = st.recursive(
    scalars | NASTY,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
junk = st.one_of(NASTY, json_values)


# What a page form's fields may be sent: a datetime-local field's dates, near and at the
# ends of the calendar (a club's event in the year 9999 answered 500), and whole numbers
# of any size, all as the text a browser posts.
FORM_DATES = st.one_of(
    st.sampled_from(["9999-12-31T23:59", "9999-12-31T23:59:59", "0001-01-01T00:00",
                     "1970-01-01T00:00", "2026-02-30T10:00", "10000-01-01T00:00", "",
                     "2026-01-01T25:00", "now"]),
    st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9999, 12, 31, 23, 59)).map(
        lambda moment: moment.strftime("%Y-%m-%dT%H:%M")
    ),
    st.integers(-3, 800).map(
        lambda days: (datetime.now() + timedelta(days=days)).strftime("%Y-%m-%dT%H:%M")
    ),
    st.text(max_size=20),
)  # fmt: skip
FORM_NUMBERS = st.one_of(
    st.integers(-5, 300), st.sampled_from(NASTY_NUMBERS), st.integers(), st.text(max_size=8)
).map(str)


def junk_or(strategy):
    return st.one_of(strategy, strategy, junk)


def deep(depth: int, shape: str) -> str:
    if shape == "list":
        return "[" * depth + "]" * depth
    if shape == "dict":
        return '{"a":' * depth + "1" + "}" * depth
    return '{"type":' + '[{"a":' * depth + "1" + "}]" * depth + "}"


DEEP = st.builds(deep, st.sampled_from([500, 1000, 1500, 2000, 5000, 10000]),
                 st.sampled_from(["list", "dict", "mixed"]))  # fmt: skip


DEEP_FRAME = st.builds(deep, st.sampled_from([300, 600, 1000, 1300, 2000]),
                       st.sampled_from(["list", "dict", "mixed"])).filter(
    lambda text: len(text) <= 4096
)  # fmt: skip


class Raw(bytes):
    """A body sent as it is, not JSON-encoded."""


RAW = st.one_of(
    DEEP.map(str.encode),
    st.binary(max_size=64),
    st.text(max_size=40).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.sampled_from(
        [
            b"",
            b"{",
            b"{not json",
            b"[1, 2]",
            b'"text"',
            b"null",
            b"1",
            b"NaN",
            b"Infinity",
            b"\xff\xfe",
            b'{"a": "\xff"}',
            "\ufeff{}".encode(),
            b'{"a": 1} trailing',
            b"\x00",
            b'{"a":1,"a":2}',
            b"9" * 5000,
            b'{"preset": "' + b"x" * 17000 + b'"}',
            b" " * 20000,
        ]
    ),
).map(Raw)


def encode(body) -> bytes:
    if isinstance(body, Raw):
        return bytes(body)
    return json.dumps(body).encode()


def bodies(fields: st.SearchStrategy) -> st.SearchStrategy:
    """Bodies for one endpoint: its fields with junk values, any JSON, or raw bytes."""
    return st.one_of(fields, fields, json_values, NASTY, RAW)


OPTION_NAMES = [*OPTION_RANGES, *OPTION_CHOICES, "nil", "blind_nil", "suicide", "solo",
                "nil_tricks_count_for_partner"]  # fmt: skip
CHOICE_WORDS = [word for words in OPTION_CHOICES.values() for word in words]
option_values = st.one_of(
    st.integers(-2000, 2000),
    st.integers(-1, 7),  # around the small ranges (nil_pass, min_team_bid)
    st.sampled_from([10**30, -(10**30), None, True, False, "500", 500.0, -999999999962]),
    st.sampled_from([*CHOICE_WORDS, "Mirror", "JOKERS", "", "free "]),
    junk,
)
options = st.dictionaries(
    st.sampled_from([*OPTION_NAMES, "jokers", "", "TARGET_SCORE"]) | st.text(max_size=6),
    option_values,
    max_size=5,
)
seat_keys = st.sampled_from(["0", "1", "2", "3", "4", "-1", "01", "\u00b2", "\u0661", "\uff11",
                             "1" * 50, " 1", "1.0", ""]) | st.text(max_size=4)  # fmt: skip
bots = st.dictionaries(
    seat_keys, st.sampled_from([*LEVELS, "genius", "", "RANDOM"]) | junk, max_size=4
)
table_fields = st.fixed_dictionaries(
    {},
    optional={
        "preset": junk_or(st.sampled_from([*PRESETS, "nope", "Classic", "custom"])),
        "options": junk_or(options),
        "bots": junk_or(bots),
        "private": junk_or(st.booleans()),
        "turn_seconds": junk_or(st.integers(0, 700)),
        "colour": junk,
    },
)
seat_values = st.one_of(st.integers(-5, 8), st.integers(), NASTY, st.sampled_from(NASTY_STRINGS))
join_fields = st.fixed_dictionaries(
    {}, optional={"seat": seat_values, "invite": junk_or(st.text(max_size=20)), "extra": junk}
)
card_codes = st.sampled_from(
    [card.code for card in CARDS] + ["10D", "1S", "ZZ", "Qs", "QSQS", "bj", "Lj", "JK"]
)
card_lists = st.lists(card_codes, max_size=4)  # a Nil pass's cards
ACTION_TYPES = ["bid", "look", "play", "nil_pass", "pass", "", "BID", "NIL_PASS", "chat"]
action_fields = st.fixed_dictionaries(
    {},
    optional={
        "type": junk_or(st.sampled_from(ACTION_TYPES)),
        "tricks": junk_or(st.integers(-2, 15)),
        "blind": junk_or(st.booleans()),
        "card": junk_or(card_codes),
        "cards": junk_or(card_lists),
        "version": junk_or(st.integers(-1, 3)),
        "seat": junk,
    },
)
AUTHS = ["token", "token", "token", "outsider", "none", "bad-token", "bearer-empty",
         "basic", "session-no-csrf", "revoked", "garbage"]  # fmt: skip
GAME_IDS = st.one_of(
    st.sampled_from(["own", "own", "own", "0", "999999", str(2**31), str(2**63), "9" * 30,
                     "-1", "abc", "1.0", "\u0661", "%00", "1%20", "00001"]),
    st.integers(min_value=0).map(str),
)  # fmt: skip


# The inputs of issue #13 that answered 500 on main: every run sends them first.
DEEP_BODIES = [Raw(deep(depth, shape).encode()) for depth in (3000, 5000)
               for shape in ("list", "dict", "mixed")]  # fmt: skip
BAD_SEAT_KEYS = ["\u00b2", "\u0661", "01", "1" * 50]
KNOWN_BAD_TABLES = [
    *DEEP_BODIES,
    [1, 2],
    "text",
    {"type": ["bid"]},
    {"options": {"target_score": 10**30}},
    {"options": {"losing_score": None}},
    {"options": {"losing_score": None, "target_score": 10**30}},
    *({"bots": {key: "random"}} for key in BAD_SEAT_KEYS),
    {"options": {"bidding": "mirror", "deck": "jokers"}},
    {"options": {"solo": True, "nil_pass": 3}},
    {"options": {"nil_pass": 10**30}},
    {"options": {"deck": ["jokers"]}},
]
KNOWN_BAD_ACTIONS = [
    *DEEP_BODIES,
    {"type": ["bid"]},
    {"type": {"a": 1}},
    [1],
    "look",
    {"type": "nil_pass", "cards": "AS"},
    {"type": "nil_pass", "cards": [["AS"]]},
    {"type": "nil_pass", "cards": ["AS", "as"]},
    {"type": "nil_pass", "cards": [None, 1]},
    {"type": "nil_pass", "cards": ["BJ", "LJ"], "version": -1},
]


def examples(**cases):
    """@example for each value of one argument, the others fixed."""
    (name, values), fixed = next(iter(cases.items())), dict(list(cases.items())[1:])

    def decorate(test):
        for value in values:
            test = example(**{name: value}, **fixed)(test)
        return test

    return decorate


# The world the inputs are sent to


# Named *_fixture so that a test module imports it without shadowing it by its argument.
@pytest.fixture(name="world")
def world_fixture(db):
    """Four people at a started game, a waiting public table and a waiting private table
    with their hosts, and an outsider seated nowhere; everyone has a token."""
    people = UserFactory.create_batch(4)
    host, private_host, outsider, revoked = UserFactory.create_batch(4)
    everyone = [*people, host, private_host, outsider, revoked]
    tokens = {user.pk: token_create(user=user) for user in everyone}
    old = tokens[revoked.pk]
    tokens_revoke(user=revoked)
    playing = game_tables.game_create_seated(players=people)
    passers = UserFactory.create_batch(4)
    tokens |= {user.pk: token_create(user=user) for user in passers}
    passing = bid_until_passing(
        game_tables.game_create_seated(players=passers, options={"nil_pass": 2}),
        dict(enumerate(passers)),
    )
    waiting = game_tables.table_create(owner=host)
    private = game_tables.table_create(owner=private_host, private=True)
    turn = people[playing.state["turn"]]
    daily = daily_services.daily_today()
    return {
        "people": people,
        "hosts": {"waiting": host, "private": private_host},
        "outsider": outsider,
        "tokens": tokens,
        "revoked": old,
        "playing": playing,
        "passing": passing,  # in its Nil pass: passers[0] and passers[2] owe their cards
        "passers": passers,
        "waiting": waiting,
        "private": private,
        "turn": turn,
        "daily": daily,
        "client": Client(raise_request_exception=False),
        "sessions": {},
    }


def headers_for(world, auth: str, user) -> tuple[dict, Client]:
    """Request headers for a kind of caller, and the client to send with. Clients are
    reused: each new one sets up the middleware again, WhiteNoise's file scan included."""
    client = world["client"]
    tokens = world["tokens"]
    if auth == "token":
        return {"HTTP_AUTHORIZATION": f"Bearer {tokens[user.pk]}"}, client
    if auth == "outsider":
        return {"HTTP_AUTHORIZATION": f"Bearer {tokens[world['outsider'].pk]}"}, client
    if auth == "session-no-csrf":
        if user.pk not in world["sessions"]:
            session = Client(raise_request_exception=False, enforce_csrf_checks=True)
            session.force_login(user)
            world["sessions"][user.pk] = session
        return {}, world["sessions"][user.pk]
    header = {
        "none": None,
        "bad-token": "Bearer sp_nope",
        "bearer-empty": "Bearer ",
        "basic": "Basic dXNlcjpwYXNz",
        "revoked": f"Bearer {world['revoked']}",
        "garbage": "Bearer \x00\u00e9\xff " + "x" * 3000,
    }[auth]
    return ({"HTTP_AUTHORIZATION": header} if header is not None else {}), client


def table_rows(*tables: tuple) -> tuple:
    """Each (model, fields)'s rows in primary key order, or its count when fields is empty:
    the world a refused input must leave as it was, read in one query, since the fuzz
    tests read it twice for each of thousands of inputs."""
    quote = connection.ops.quote_name
    selects = []
    for index, (model, fields) in enumerate(tables):
        columns = [quote(model._meta.get_field(f).column if f != "pk" else model._meta.pk.column)
                   for f in fields] or ["COUNT(*)"]  # fmt: skip
        texts = [f"CAST({column} AS TEXT)" for column in columns] + ["''"] * (3 - len(columns))
        selects.append(f"SELECT {index}, {', '.join(texts)} FROM {quote(model._meta.db_table)}")
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(selects) + " ORDER BY 1, 2, 3, 4")
        rows = cursor.fetchall()
    return tuple(tuple(row[1:] for row in rows if row[0] == index) for index in range(len(tables)))


def fingerprint() -> tuple:
    """Everything a refused request must leave as it was (the games first)."""
    return table_rows(
        (Game, ("pk", "version", "status")),
        (Seat, ("pk", "user_id", "away")),
        (Action, ()),
        (ChatMessage, ()),
        (QueueEntry, ("pk", "user_id", "partner_id")),
        (PartnerRequest, ("pk", "sender_id", "expires_at")),
        (Event, ()),
        (Entry, ()),
        (BoardGame, ()),
    )


@contextmanager
def rolled_back():
    """Each input meets the same world: what it changed is undone."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def cause(exc_info) -> str:
    """' ErrorType: message at the project's deepest line' of a request's exception."""
    if not exc_info:
        return ""
    _, error, trace = exc_info
    where = ""
    for frame in traceback.extract_tb(trace):
        path = Path(frame.filename)
        inside = path.is_relative_to(ROOT) and not path.is_relative_to(ROOT / "tests")
        if inside and ".venv" not in path.parts:
            where = f" at {path.relative_to(ROOT)}:{frame.lineno}"
    return f" {type(error).__name__}: {short(str(error), 80)}{where}"


def check_response(breaches: Breaches, endpoint: str, response, example: str, method: str):
    """Counts the answer and notes every way it breaks the contract. True for a 4xx."""
    SENT[endpoint] += 1
    status = response.status_code
    if status >= 500:
        FIVE_XX[endpoint] += 1
        breaches.add(f"{endpoint}: {status}{cause(response.exc_info)}", example)
        return False
    if status < 400:
        return False
    if not response.get("Content-Type", "").startswith("application/json"):
        breaches.add(f"{endpoint}: {status} is not JSON ({response.get('Content-Type')})", example)
        return True
    if method == "HEAD":
        return True  # no body to read
    try:
        body = json.loads(response.content)
    except ValueError:
        breaches.add(f"{endpoint}: {status} body is not JSON", example)
        return True
    error = body.get("error") if isinstance(body, dict) else None
    if not (isinstance(error, str) and error.strip()):
        breaches.add(f"{endpoint}: {status} without an error message", example)
    return True


def send(world, breaches, endpoint, method, path, body=b"", auth="token", user=None,
         content_type="application/json"):  # fmt: skip
    """One request in a world that is rolled back afterwards; refusals must change nothing."""
    headers, client = headers_for(world, auth, user or world["people"][0])
    example = f"{method} {short(path, 80)} auth={auth} type={content_type!r} body={short(body)}"
    with rolled_back():
        before = fingerprint()
        response = client.generic(method, as_sent(path), body, content_type=content_type, **headers)
        refused = check_response(breaches, endpoint, response, example, method)
        if refused and not transaction.get_rollback() and fingerprint() != before:
            breaches.add(f"{endpoint}: a {response.status_code} changed something", example)
    return response


def as_sent(path: str) -> str:
    """The path as a client puts it on the wire: percent-encoded UTF-8, a lone surrogate as
    its bytes ("%" is kept, so a path that is encoded already is sent as it is)."""
    return quote(path.encode("utf-8", "surrogatepass"), safe="/%?=&")


def caller(world, table: str, who):
    """Who calls a table's endpoint: its host ("host"), the outsider, or people[who]."""
    if who == "host":
        return world["hosts"].get(table, world["people"][0])
    return world["outsider"] if who == "outsider" else world["people"][who]


def game_path(world, game_id: str, key: str = "playing") -> str:
    return str(world[key].pk) if game_id == "own" else game_id


# WebSockets: /ws/games/{id}/ in both formats


ORIGIN = [(b"origin", b"http://testserver")]
FRAME_TYPES = ["bid", "look", "play", "nil_pass", "chat", "sync", "unknown", "", "BID", "state",
               "error"]  # fmt: skip


def frame_fields(htmx: bool) -> st.SearchStrategy:
    form = st.sampled_from(["0", "3", "13", "14", "-1", "01", "\u00b2", "\u0661", "\uff11",
                            "1" * 50, "", " 3", "3.0", "true", "on", "QS"])  # fmt: skip
    number = form if htmx else st.integers(-2, 15)
    return st.fixed_dictionaries(
        {"type": junk_or(st.sampled_from(FRAME_TYPES))},
        optional={
            "tricks": junk_or(number),
            "blind": junk_or(
                st.sampled_from(["true", "on", "false", ""]) if htmx else st.booleans()
            ),
            "card": junk_or(card_codes),
            # htmx sends one checked card as a string, several as a list
            "cards": junk_or(card_lists | card_codes),
            "text": junk_or(st.text(max_size=40) | st.just("x" * 301)),
            "version": junk_or(number),
            "HEADERS": junk_or(st.just({"HX-Request": "true", "HX-Trigger": "bid"})),
        },
    )


class Frame:
    """A frame to send: text (None for a binary frame) or bytes."""

    def __init__(self, text: str | None = None, data: bytes | None = None):
        self.text, self.data = text, data

    def __repr__(self):
        return short(self.text) if self.data is None else f"binary {short(self.data)}"


def frames(htmx: bool) -> st.SearchStrategy:
    texts = st.one_of(
        frame_fields(htmx).map(json.dumps),
        frame_fields(htmx).map(json.dumps),
        json_values.map(json.dumps),
        NASTY.map(json.dumps),
        DEEP_FRAME,
        st.text(max_size=40),
        st.sampled_from(["", "{", "null", "[]", '"sync"', "NaN", '{"type": "sync"} x',
                         '{"type": "chat", "text": "' + "x" * 5000 + '"}', "x" * 4097,
                         '{"type": "chat", "text": "\\ud800"}',
                         '{"type": "sync", "type": "bid"}']),
    )  # fmt: skip
    return st.one_of(
        texts.map(Frame),
        texts.map(Frame),
        texts.map(Frame),
        st.binary(max_size=64).map(lambda data: Frame(data=data)),
        st.just(Frame(data=b"x" * 5000)),
        st.just(Frame(text="")),
    )


KNOWN_BAD_FRAMES = [
    Frame(text=deep(2000, "list")),
    Frame(text=deep(800, "mixed")),
    Frame(text=json.dumps({"type": ["bid"]})),
    Frame(text=json.dumps({"type": {"a": 1}})),
    *(Frame(text=json.dumps({"type": "bid", "tricks": key})) for key in BAD_SEAT_KEYS),
    Frame(text=json.dumps({"type": "chat", "text": "\ud800"})),
    Frame(text=json.dumps({"type": "chat", "text": "a\x00b"})),
    Frame(text=""),
    Frame(data=b"\x00"),
]


async def connect(communicator: WebsocketCommunicator) -> tuple[bool, object]:
    """communicator.connect(), but a consumer that crashes is seen at once: connect() would
    wait out its whole timeout first."""
    await communicator.send_input({"type": "websocket.connect"})
    for _ in range(1000):
        if not communicator.output_queue.empty() or communicator.future.done():
            break
        await asyncio.sleep(0.005)
    response = await communicator.receive_output(timeout=1)  # raises the consumer's error
    if response["type"] == "websocket.close":
        return False, response.get("code", 1000)
    return True, None


class Socket:
    """One WebsocketCommunicator on the real ASGI application, driven from sync code."""

    def __init__(self, loop, game_id: int, query: str, headers: list):
        self.loop, self.game_id, self.query, self.headers = loop, game_id, query, headers
        self.communicator = None

    def open(self):
        self.communicator = WebsocketCommunicator(
            application, f"/ws/games/{self.game_id}/?{self.query}", headers=self.headers
        )
        connected, _ = self.loop.run_until_complete(connect(self.communicator))
        assert connected
        self.drain(wait=1)  # the state pushed on connect

    def drain(self, wait: float) -> list[dict]:
        """Every message the consumer sends until it stays quiet (the first may take `wait`);
        raises the consumer's own error if it crashed."""
        return self.loop.run_until_complete(self._drain(wait))

    async def _drain(self, wait: float) -> list[dict]:
        # Not receive_output(timeout): when nothing comes it cancels the consumer.
        communicator, messages, quiet = self.communicator, [], wait
        loop = asyncio.get_running_loop()
        while True:
            until = loop.time() + quiet
            while communicator.output_queue.empty() and not communicator.future.done():
                if loop.time() > until:
                    return messages
                await asyncio.sleep(0.002)
            if communicator.output_queue.empty():
                communicator.future.result()  # the consumer stopped: raises its error
                return messages
            messages.append(communicator.output_queue.get_nowait())
            quiet = 0.02

    def send(self, frame: Frame) -> None:
        # Not send_to: it refuses empty frames, which a client can send.
        message = {"type": "websocket.receive"}
        message.update({"text": frame.text} if frame.data is None else {"bytes": frame.data})
        self.loop.run_until_complete(self.communicator.send_input(message))

    def close(self):
        with contextlib.suppress(Exception):  # a crashed consumer raises its error here
            self.loop.run_until_complete(self.communicator.disconnect())


def check_frames(breaches: Breaches, endpoint: str, messages: list[dict], htmx: bool) -> bool:
    """Notes every breach in what the consumer sent; True if it refused (an error frame)."""
    refused = False
    for message in messages:
        if message["type"] == "websocket.close":
            breaches.add(f"{endpoint}: the socket was closed ({message.get('code')})", "")
            continue
        text = message.get("text")
        if text is None:
            breaches.add(f"{endpoint}: a binary frame was sent", short(message))
            continue
        if htmx:
            refused = refused or 'id="toasts"' in text
            continue
        try:
            frame = json.loads(text)
        except ValueError:
            breaches.add(f"{endpoint}: a frame is not JSON", short(text))
            continue
        if frame.get("type") == "error":
            refused = True
            status, error = frame.get("status"), frame.get("error")
            if not (type(status) is int and 400 <= status < 500):
                breaches.add(f"{endpoint}: error frame with status {status!r}", short(frame))
            if not (isinstance(error, str) and error.strip()):
                breaches.add(f"{endpoint}: error frame without a message", short(frame))
        elif frame.get("type") not in ("state", "chat"):
            breaches.add(f"{endpoint}: unknown frame type {frame.get('type')!r}", short(frame))
    return refused


@pytest.fixture(name="live_world")
def live_world_fixture(transactional_db, monkeypatch):
    """Four people at a started game; no Celery worker, so bot moves are not armed."""
    monkeypatch.setattr(current_app, "send_task", lambda *args, **kwargs: None)
    people = UserFactory.create_batch(4)
    outsider = UserFactory()
    tokens = {user.pk: token_create(user=user) for user in [*people, outsider]}
    game = game_tables.game_create_seated(players=people)
    loop = asyncio.new_event_loop()
    yield {"people": people, "outsider": outsider, "tokens": tokens, "game": game, "loop": loop}
    # The consumer's database thread has its own connection: close it before the flush.
    loop.run_until_complete(database_sync_to_async(connections.close_all)())
    loop.close()


def reset(game: Game, state: dict) -> None:
    Action.objects.filter(game=game).delete()
    ChatMessage.objects.filter(game=game).delete()
    Game.objects.filter(pk=game.pk).update(state=state, version=0, status=Game.Status.PLAYING)
