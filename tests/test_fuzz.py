"""Fuzzing every JSON API endpoint and every WebSocket frame type (issue #13).

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
from pathlib import Path
from urllib.parse import quote

import pytest
from celery import current_app
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection, connections, transaction
from django.test import Client
from hypothesis import HealthCheck, example, given, seed, settings, strategies as st

from accounts.tokens import token_create, tokens_revoke
from config.asgi import application
from duplicate import services as duplicate
from duplicate.models import BoardGame, Entry, Event
from games.bots import LEVELS
from games.engine import CARDS, OPTION_RANGES, PRESETS
from games.models import Action, ChatMessage, Game, Seat
from games.services import tables as game_tables
from ranked import services as ranked
from ranked.models import PartnerRequest, QueueEntry
from social import services as social
from tests.conftest import write_fuzz_counts
from tests.factories import UserFactory

# Strategies holding huge strings have huge reprs; Hypothesis warns about building them.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")

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


OPTION_NAMES = [*OPTION_RANGES, "nil", "blind_nil", "suicide", "nil_tricks_count_for_partner"]
option_values = st.one_of(
    st.integers(-2000, 2000),
    st.sampled_from([10**30, -(10**30), None, True, False, "500", 500.0, -999999999962]),
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
card_codes = st.sampled_from([card.code for card in CARDS] + ["10D", "1S", "ZZ", "Qs", "QSQS"])
action_fields = st.fixed_dictionaries(
    {},
    optional={
        "type": junk_or(st.sampled_from(["bid", "look", "play", "pass", "", "BID", "chat"])),
        "tricks": junk_or(st.integers(-2, 15)),
        "blind": junk_or(st.booleans()),
        "card": junk_or(card_codes),
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
]
KNOWN_BAD_ACTIONS = [*DEEP_BODIES, {"type": ["bid"]}, {"type": {"a": 1}}, [1], "look"]


def examples(**cases):
    """@example for each value of one argument, the others fixed."""
    (name, values), fixed = next(iter(cases.items())), dict(list(cases.items())[1:])

    def decorate(test):
        for value in values:
            test = example(**{name: value}, **fixed)(test)
        return test

    return decorate


# The world the inputs are sent to


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # Each test makes several people; hashing their passwords properly would dominate.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def world(db):
    """Four people at a started game, a waiting public table and a waiting private table
    with their hosts, and an outsider seated nowhere; everyone has a token."""
    people = UserFactory.create_batch(4)
    host, private_host, outsider, revoked = UserFactory.create_batch(4)
    everyone = [*people, host, private_host, outsider, revoked]
    tokens = {user.pk: token_create(user=user) for user in everyone}
    old = tokens[revoked.pk]
    tokens_revoke(user=revoked)
    playing = game_tables.game_create_seated(players=people)
    waiting = game_tables.table_create(owner=host)
    private = game_tables.table_create(owner=private_host, private=True)
    turn = people[playing.state["turn"]]
    daily = duplicate.daily_today()
    return {
        "people": people,
        "hosts": {"waiting": host, "private": private_host},
        "outsider": outsider,
        "tokens": tokens,
        "revoked": old,
        "playing": playing,
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


# HTTP: one test per endpoint, then methods, content, sizes, paths and callers


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
        table=st.sampled_from(["playing", "playing", "waiting"]),
    )
    @examples(body=KNOWN_BAD_ACTIONS, auth="token", who="turn", game_id="own", table="playing")
    def run(body, auth, who, game_id, table):
        user = world["turn"] if who == "turn" else next(p for p in people if p != world["turn"])
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


def test_fuzz_ranked_queue(world):
    """The ranked queue, alone or with a partner: asking friends, strangers, people at a
    table, people who block the caller, bots and junk; leaving; answering requests that
    are the caller's, somebody else's or none."""
    breaches = Breaches()
    caller, friend, blocker, other = world["outsider"], *UserFactory.create_batch(3)
    seated = world["people"][1]
    for first, second in [(caller, friend), (caller, blocker), (caller, other),
                          (caller, seated), (other, friend)]:  # fmt: skip
        request = social.friend_request_send(user=first, other=second)
        social.friend_request_answer(user=second, request_id=request.pk, accept=True)
    social.block(user=blocker, other=caller)
    mine = ranked.partner_request_send(user=friend, partner=caller)  # to the caller
    theirs = ranked.partner_request_send(user=other, partner=friend)  # not to the caller
    names = st.sampled_from(
        [friend.username, friend.username, blocker.username, seated.username, caller.username,
         other.username, "StandardBot", "nobody-here", friend.username.upper(), ""]
    )  # fmt: skip
    queue_fields = st.fixed_dictionaries(
        {},
        optional={
            "partner": junk_or(names),
            "max_wait": junk_or(st.sampled_from([15, 30, 60, 120, 0, 31, -30, 2**63])),
            "extra": junk,
        },
    )
    request_ids = st.one_of(
        st.sampled_from([str(mine.pk), str(mine.pk), str(theirs.pk), "0", str(2**63), "9" * 30,
                         "-1", "abc", "1.0", "\u0661", "%00"]),
        st.integers(min_value=0).map(str),
    )  # fmt: skip

    @FUZZ
    @given(
        body=bodies(queue_fields),
        auth=st.sampled_from(AUTHS),
        request_id=request_ids,
        answer=st.sampled_from(["accept", "decline"]),
        method=st.sampled_from(["POST", "POST", "GET"]),
    )
    @examples(
        body=[{"partner": "a\x00b"}, {"partner": "\ud800"}, {"partner": "x" * 5000},
              {"partner": 1}, {"partner": ["x"]}, {"max_wait": True}, *DEEP_BODIES],
        auth="token", request_id=str(mine.pk), answer="accept", method="POST",
    )  # fmt: skip
    def run(body, auth, request_id, answer, method):
        send(world, breaches, f"{method} /api/ranked/queue", method, "/api/ranked/queue",
             encode(body), auth, user=caller)  # fmt: skip
        send(world, breaches, "POST /api/ranked/queue/leave", "POST", "/api/ranked/queue/leave",
             encode(body), auth, user=caller)  # fmt: skip
        path = f"/api/ranked/partner-requests/{request_id}/{answer}"
        send(world, breaches, "POST /api/ranked/partner-requests/{id}/" + answer, "POST", path,
             encode(body), auth, user=caller)  # fmt: skip

    run()
    breaches.assert_none()


DAYS = st.one_of(
    st.sampled_from(["today", "today", "today", "2026-13-01", "1999-01-01", "0000-00-00",
                     "9999-12-31", "yesterday", "2026-1-1", "+2026-11-26", "2026-11-26T00",
                     "%00", "\u0662\u0660\u0662\u0666-11-26"]),
    st.text(max_size=12).map(lambda t: quote(t.encode("utf-8", "surrogatepass"), safe="")),
)  # fmt: skip
BOARD_NUMBERS = st.one_of(
    st.integers(0, 10), st.sampled_from([2**15, 2**31, 2**63, 10**30, -1, "x", "01", "1.0"])
)


def test_fuzz_daily(world):
    """The daily challenge's endpoints: start a board, its traveller, the standings, a day."""
    breaches = Breaches()

    @FUZZ
    @given(
        endpoint=st.sampled_from(["start", "start", "results", "standings", "day", "today"]),
        day=DAYS,
        number=BOARD_NUMBERS,
        body=bodies(st.fixed_dictionaries({}, optional={"seat": junk, "board": junk})),
        auth=st.sampled_from(AUTHS),
        who=st.sampled_from(["outsider", "outsider", "seated"]),
    )
    @examples(
        number=[1, 2, 9, 2**15, 2**63, 10**30],
        endpoint="start", day="today", body=Raw(b""), auth="token", who="outsider",
    )  # fmt: skip
    def run(endpoint, day, number, body, auth, who):
        day = world["daily"].day.isoformat() if day == "today" else day
        user = world["outsider"] if who == "outsider" else world["people"][0]
        method, path = {
            "start": ("POST", f"/api/daily/{day}/boards/{number}"),
            "results": ("GET", f"/api/daily/{day}/boards/{number}/results"),
            "standings": ("GET", f"/api/daily/{day}/standings"),
            "day": ("GET", f"/api/daily/{day}"),
            "today": ("GET", "/api/daily"),
        }[endpoint]
        name = {"start": "POST /api/daily/{date}/boards/{n}",
                "results": "GET /api/daily/{date}/boards/{n}/results",
                "standings": "GET /api/daily/{date}/standings",
                "day": "GET /api/daily/{date}", "today": "GET /api/daily"}[endpoint]  # fmt: skip
        send(world, breaches, name, method, path, encode(body) if method == "POST" else b"",
             auth, user=user)  # fmt: skip

    run()
    breaches.assert_none()


API_PATHS = ["/api/tables", "/api/tables/{id}/join", "/api/tables/{id}/leave",
             "/api/games/{id}", "/api/games/{id}/actions", "/api/ranked/queue",
             "/api/ranked/queue/leave", "/api/ranked/partner-requests/{id}/accept",
             "/api/ranked/partner-requests/{id}/decline", "/api/daily",
             "/api/daily/{day}/boards/1", "/api/daily/{day}/boards/1/results",
             "/api/daily/{day}/standings", "/api/friends", "/api/friends/requests",
             "/api/blocks", "/api/invitations", "/api/me/preferences",
             "/api/notifications"]  # fmt: skip
METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "PROPFIND",
           "get", "CONNECT"]  # fmt: skip


def test_fuzz_wrong_methods(world):
    breaches = Breaches()

    @FUZZ
    @given(
        path=st.sampled_from(API_PATHS),
        method=st.sampled_from(METHODS),
        auth=st.sampled_from(["token", "none", "bad-token"]),
        body=st.sampled_from([b"", b"{}", b'{"seat": 1}']),
    )
    def run(path, method, auth, body):
        path = path.format(id=world["waiting"].pk, day=world["daily"].day)
        send(world, breaches, "wrong methods", method, path, body, auth)

    run()
    breaches.assert_none()


CONTENT_TYPES = ["application/json", "text/plain", "application/x-www-form-urlencoded",
                 "multipart/form-data; boundary=xyz", "multipart/form-data",
                 "application/json; charset=latin-1", "application/json; charset=nope", "",
                 "application/xml", "application/json\x00"]  # fmt: skip
SIZES = [16 * 1024, 16 * 1024 + 1, 100_000, 2_700_000]


def test_fuzz_content_types_and_sizes(world):
    breaches = Breaches()

    @FUZZ
    @given(
        path=st.sampled_from([p for p in API_PATHS if p != "/api/games/{id}"]),
        content_type=st.sampled_from(CONTENT_TYPES),
        auth=st.sampled_from(["token", "session-no-csrf"]),
        body=st.one_of(
            RAW,
            st.sampled_from(SIZES).map(lambda size: b'{"a": "' + b"x" * size + b'"}'),
            st.sampled_from(SIZES).map(lambda size: b"a=" + b"1" * size),
            st.just(b'--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--'),
        ),
    )
    def run(path, content_type, auth, body):
        path = path.format(id=world["waiting"].pk, day=world["daily"].day)
        send(world, breaches, "content types and sizes", "POST", path, body, auth,
             content_type=content_type)  # fmt: skip

    run()
    breaches.assert_none()


def test_fuzz_unknown_api_paths_and_bad_ids(world):
    breaches = Breaches()
    path_text = st.text(max_size=30).map(lambda t: quote(t.encode("utf-8", "surrogatepass")))

    @FUZZ
    @given(
        path=st.one_of(
            path_text.map(lambda t: f"/api/{t}"),
            st.sampled_from(
                [
                    "/api/",
                    "/api/tables/",
                    "/api/games",
                    "/api/games/",
                    "/api/tables/1/join/",
                    "/api/games/1/actions/",
                    "/api//tables",
                    "/api/tables/%2e%2e/join",
                    "/api/games/1/../1",
                ]
            ),
            st.tuples(st.sampled_from(API_PATHS), GAME_IDS).map(
                lambda pair: pair[0].replace("{id}", pair[1])
            ),
        ),
        method=st.sampled_from(["GET", "POST"]),
        auth=st.sampled_from(["token", "none"]),
    )
    def run(path, method, auth):
        path = path.replace("{id}", "own").replace("own", str(world["playing"].pk))
        path = path.replace("{day}", world["daily"].day.isoformat())
        send(world, breaches, "unknown paths and bad ids", method, path, b"{}", auth)

    run()
    breaches.assert_none()


def test_fuzz_authorization_headers(world):
    breaches = Breaches()
    client = world["client"]
    token = world["tokens"][world["people"][0].pk]
    latin1 = st.text(max_size=60).map(
        lambda t: t.encode("utf-8", "surrogatepass").decode("latin-1")
    )

    @FUZZ
    @given(
        # A server hands over header bytes decoded as Latin-1: any byte, no surrogates.
        header=st.one_of(
            latin1,
            st.sampled_from(
                [
                    "Bearer",
                    "Bearer ",
                    "bearer " + token,
                    "BEARER " + token,
                    "Bearer  " + token,
                    "Bearer " + token + " x",
                    "Token " + token,
                    "Bearer " + token[:-1],
                    "Bearer " + token.upper(),
                    "Bearer \x00",
                    "Bearer " + "x" * 10_000,
                    "Bearer \xff\xfe",
                ]
            ),
            latin1.map(lambda t: "Bearer " + t),
        ),
        path=st.sampled_from(API_PATHS),
    )
    def run(header, path):
        path = path.format(id=world["playing"].pk, day=world["daily"].day)
        method = "GET" if path.endswith(str(world["playing"].pk)) else "POST"
        example = f"{method} {path} Authorization={short(header)}"
        with rolled_back():
            response = client.generic(method, path, b"{}", content_type="application/json",
                                      HTTP_AUTHORIZATION=header)  # fmt: skip
            check_response(breaches, "authorization headers", response, example, method)

    run()
    breaches.assert_none()


# WebSockets: /ws/games/{id}/ in both formats


ORIGIN = [(b"origin", b"http://testserver")]
FRAME_TYPES = ["bid", "look", "play", "chat", "sync", "unknown", "", "BID", "state", "error"]


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


@pytest.fixture
def live_world(transactional_db, monkeypatch):
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
