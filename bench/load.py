"""Load benchmark of live games: N tables of four players (JSON or htmx sockets) and their
spectators; latency and throughput."""

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import resource
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import psutil
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run as a script: make the project importable

EPILOG = """
examples (from the repository root, PostgreSQL and Redis of the bench's own):
  export DATABASE_URL=postgres://postgres@127.0.0.1:5432/spades_bench
  export REDIS_URL=redis://127.0.0.1:6379/5
  python bench/load.py --tables 300 --pace 2          # starts 2 Daphnes + a Celery worker
  python bench/load.py --tables 50 --pace 0           # as fast as possible
  python bench/load.py --tables 300 --baseline        # the same traffic on a bare echo
  python bench/load.py --tables 300 --compare         # both, and the ratios
  python bench/load.py --url http://127.0.0.1:8000    # a stack that is already running
  python bench/load.py --tables 200 --mix --compare   # as browsers: 3 htmx + 1 JSON player
                                                      # a table, an htmx spectator per 2 tables
  python bench/load.py --tables 1 --spectators-of-one 500   # one popular game
  python bench/load.py --tables 100 --mix --compare --server uvicorn  # uvicorn instead
  python bench/load.py --tables 200 --mix --separate-ports  # 2 Daphnes on 2 ports, each
                                                      # table's pushes crossing between them
  python bench/load.py --smoke --compare              # a check that the bench runs (CI):
                                                      # 2 tables, 1 Daphne, 3 s measured;
                                                      # SQLite and a unix-socket Redis allowed

The started stack runs with DEBUG=0 and no pauses (BOT_MOVE_DELAY, TRICK_PAUSE, HAND_PAUSE
0), and the Celery queue of REDIS_URL is purged when it stops: give the bench a database
and a Redis database of its own. REDIS_URL may be a unix socket (unix://...).
Errors and lost actions are counted over the whole run; the exit status is 1 if any.
"""


REDIS_SCHEMES = ("redis://", "rediss://", "unix://")

# What --smoke sets, unless given: a check that the bench runs, in a few seconds.
SMOKE = {"tables": 2, "servers": 1, "pace": 0.2, "seconds": 3, "warmup": 1, "ramp": 50}


# Starting and stopping the stack


def stack_env() -> dict:
    env = dict(os.environ)
    env.setdefault("DEBUG", "0")  # measure the production configuration
    env.setdefault("SECRET_KEY", secrets.token_urlsafe(40))
    env.setdefault("LOG_LEVEL", "WARNING")
    for pause in ("BOT_MOVE_DELAY", "TRICK_PAUSE", "HAND_PAUSE"):
        env[pause] = "0"
    return env


def cpu_seconds(processes: list[psutil.Process]) -> float:
    """User + system CPU of the processes and their live descendants."""
    total = 0.0
    for process in processes:
        try:
            family = [process, *process.children(recursive=True)]
        except psutil.NoSuchProcess:
            continue
        for member in family:
            try:
                times = member.cpu_times()
            except psutil.NoSuchProcess:
                continue
            total += times.user + times.system
    return total


# The ASGI servers the bench can start: Daphne (the product's) or uvicorn, to compare.
SERVER_COMMANDS = {
    "daphne": ["-m", "daphne", "--fd", "{fd}"],
    "uvicorn": ["-m", "uvicorn", "--fd", "{fd}", "--log-level", "warning", "--no-access-log"],
}


class Stack:
    """`servers` ASGI server processes (`kind`) serving `app` on one listening socket (and a
    Celery worker with beat), each in its own process group."""

    def __init__(
        self, app: str, worker: bool, servers: int, separate_ports: bool = False, kind="daphne"
    ):
        self.app, self.with_worker, self.servers, self.kind = app, worker, servers, kind
        # One socket for every Daphne, as a deployment runs one per core: each accepts its
        # share of the connections. Or one port each, as separate machines would be.
        self.listeners = [
            socket.create_server(("127.0.0.1", 0), backlog=4096)
            for _ in range(servers if separate_ports else 1)
        ]
        self.urls = [f"http://127.0.0.1:{ear.getsockname()[1]}" for ear in self.listeners]
        self.logs = Path(tempfile.mkdtemp(prefix="spades-bench-"))
        self.env = stack_env()
        self.processes: dict[str, subprocess.Popen] = {}

    def _spawn(self, name: str, command: list[str], pass_fds: tuple = ()) -> None:
        from config import processes

        with (self.logs / f"{name}.log").open("wb") as log:
            self.processes[name] = processes.start(
                command, env=self.env, stdout=log, stderr=subprocess.STDOUT, pass_fds=pass_fds
            )

    def start(self) -> None:
        from config import processes

        python = sys.executable
        if self.with_worker:
            subprocess.run(
                [python, "manage.py", "migrate", "--noinput", "-v", "0"],
                cwd=ROOT,
                env=self.env,
                check=True,
            )
            self._spawn(
                "worker",
                [python, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-B",
                 f"--schedule={self.logs / 'beat-schedule'}", "--loglevel=WARNING",
                 f"--hostname=bench-{os.getpid()}@%h",
                 "--without-heartbeat", "--without-gossip", "--without-mingle"],
            )  # fmt: skip
        for number in range(1, self.servers + 1):
            fd = self.listeners[(number - 1) % len(self.listeners)].fileno()
            command = [part.format(fd=fd) for part in SERVER_COMMANDS[self.kind]]
            self._spawn(f"{self.kind} {number}", [python, *command, self.app], pass_fds=(fd,))

        def up() -> bool:
            for name, process in self.processes.items():
                if process.poll() is not None:
                    raise SystemExit(f"{name} exited at start; see {self.logs / name}.log")
            return self._answers()

        processes.wait_until(
            up, 90, f"The stack did not answer; logs in {self.logs}", every=0.2,
            failure=SystemExit,
        )  # fmt: skip

    def _answers(self) -> bool:
        """Every port accepts connections (echo) or its /healthz says all is up, the worker
        too."""
        try:
            for url in self.urls:
                if not self.with_worker:
                    address = urlsplit(url)
                    socket.create_connection((address.hostname, address.port), timeout=1).close()
                    continue
                with urllib.request.urlopen(f"{url}/healthz", timeout=5) as response:
                    if json.loads(response.read()).get("ok") is not True:
                        return False
            return True
        except (OSError, ValueError):
            return False

    def memory(self) -> dict[str, float]:
        """Resident memory (MB) of each kind of process (all the Daphnes together)."""
        megabytes = Counter()
        for name, process in self.processes.items():
            try:
                root = psutil.Process(process.pid)
                family = [root, *root.children(recursive=True)]
                megabytes[name.split()[0]] += round(
                    sum(p.memory_info().rss for p in family) / 2**20
                )
            except psutil.NoSuchProcess:
                pass
        return dict(megabytes)

    def cpu(self) -> dict[str, float]:
        """CPU seconds of each kind of process (all the Daphnes together)."""
        seconds = Counter()
        for name, process in self.processes.items():
            if process.poll() is None:
                seconds[name.split()[0]] += cpu_seconds([psutil.Process(process.pid)])
        return dict(seconds)

    def stop(self) -> None:
        from config import processes

        processes.stop(*self.processes.values(), timeout=20)
        for ear in self.listeners:
            ear.close()
        if self.with_worker:
            from config.celery import app as celery_app

            celery_app.control.purge()  # the turn timers armed for the bench's games


# Shared services' CPU (PostgreSQL backends of our database, the Redis server)


class Backends:
    """CPU of the PostgreSQL backends serving one database, found by their process titles.

    Backends come and go (CONN_MAX_AGE), so they are polled: one born after the first poll
    counts from zero; one that exits between polls loses at most a poll's worth of CPU.
    """

    def __init__(self, database: str):
        self.database = database
        self.first: dict[int, float] | None = None
        self.last: dict[int, float] = {}

    def poll(self) -> float:
        """CPU seconds used by the backends since the first poll."""
        seen = {}
        for process in psutil.process_iter(["cmdline", "cpu_times"]):
            title = " ".join(process.info["cmdline"] or [])
            times = process.info["cpu_times"]
            if times and title.startswith("postgres:") and f" {self.database} " in title:
                seen[process.pid] = times.user + times.system
        if self.first is None:
            self.first = dict(seen)
        for pid in seen.keys() - self.first.keys():
            self.first[pid] = 0.0
        self.last.update(seen)
        return sum(self.last[pid] - start for pid, start in self.first.items())


def redis_cpu(url: str) -> float | None:
    import redis

    try:
        client = redis.Redis.from_url(url, socket_timeout=2)
        info = client.info("cpu")
        client.close()
    except (redis.RedisError, ValueError):
        return None
    return info["used_cpu_user"] + info["used_cpu_sys"]


class Meter:
    """CPU seconds of everything involved, sampled at the start and end of the window."""

    def __init__(self, stack: Stack | None, game: bool):
        self.stack = stack
        self.backends = None
        if game and os.environ["DATABASE_URL"].startswith("postgres"):
            self.backends = Backends(urlsplit(os.environ["DATABASE_URL"]).path.lstrip("/"))
        self.redis_url = os.environ.get("REDIS_URL", "")

    async def watch(self) -> None:
        """Polls the database backends during the window (see Backends)."""
        while self.backends is not None:
            await asyncio.sleep(1)
            self.backends.poll()

    def sample(self) -> dict:
        cpu = {"client": time.process_time()}
        if self.stack is not None:
            cpu.update(self.stack.cpu())
        if self.backends is not None:
            cpu["postgres"] = self.backends.poll()
        if self.redis_url.startswith(REDIS_SCHEMES):
            cpu["redis"] = redis_cpu(self.redis_url)
        times = psutil.cpu_times()
        return {
            "cpu": cpu,
            "rss_mb": {} if self.stack is None else self.stack.memory(),
            "busy": sum(times) - times.idle - getattr(times, "iowait", 0.0),
            "total": sum(times),
            "load": os.getloadavg()[0],
            "at": time.perf_counter(),
        }


# Tables and players (the game's records, made in the bench process through Django)


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


@dataclass
class TableSpec:
    """What the client needs to seat one table: its game (or echo group) and four tokens."""

    game: int | str
    tokens: list[str | None]
    owner: int | None = None  # the user id that asks for a rematch when a game ends
    watchers: int = 0  # spectators' sockets


def create_tables(count: int, run: str) -> list[TableSpec]:
    """`count` started games of four people, made through the services like the API does."""
    from django.contrib.auth.hashers import make_password

    from accounts.models import User
    from accounts.tokens import token_create
    from games.services import tables as game_tables

    users = User.objects.bulk_create(
        User(username=f"bench-{run}-{number}", password=make_password(None))
        for number in range(4 * count)
    )
    tokens = [token_create(user=user) for user in users]
    tables = []
    for first in range(0, 4 * count, 4):
        game = game_tables.table_create(owner=users[first], turn_seconds=600)
        for seat in (1, 2, 3):
            game_tables.table_join(game_id=game.pk, user=users[first + seat], seat=seat)
        tables.append(TableSpec(game.pk, tokens[first : first + 4], users[first].pk))
    return tables


def rematch(game_id: int, user_id: int) -> int:
    """The id of the new game the same four start when one is over (runs in a thread)."""
    from django.db import close_old_connections

    from accounts.models import User
    from games.services import tables as game_tables

    try:
        return game_tables.game_rematch(game_id=game_id, user=User.objects.get(pk=user_id)).pk
    finally:
        close_old_connections()


def delete_tables(run: str) -> None:
    """Ends the run's games (their timers then do nothing), then deletes them and the players."""
    from django.db import DatabaseError

    from accounts.models import User
    from games.models import Game

    games = Game.objects.filter(created_by__username__startswith=f"bench-{run}-")
    games.update(status=Game.Status.FINISHED, turn_deadline=None)
    try:
        games.delete()
        User.objects.filter(username__startswith=f"bench-{run}-").delete()
    except DatabaseError as error:  # e.g. a schema that changed under the bench
        print(f"could not delete the bench's games (they are finished): {error}", file=sys.stderr)


# The client side: one event loop, four connections per table


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    spectator_latencies: list[float] = field(default_factory=list)
    error_frames: int = 0
    disconnects: int = 0
    connect_failures: int = 0
    lost: int = 0
    late: int = 0  # lost actions that all four saw later after all
    finished: int = 0
    failed_rematches: int = 0
    error_texts: Counter = field(default_factory=Counter)


@dataclass(slots=True)
class Pending:
    version: int
    sent: float
    done: asyncio.Future
    seen: int = 0  # bit per seat that holds a newer version


ALL_SEEN = 0b1111
ACTION_TYPES = ("bid", "look", "play")
HTMX_HEADERS = {"HX-Request": "true", "HX-Trigger": None, "HX-Target": "table"}


# What an htmx client reads of a frame: the table's version, and the moves on offer.
TABLE_FRAME = re.compile(r'<div id="table"[^>]*? data-version="(\d+)"')
OFFERED = re.compile(r"<button (?:class=\"playing-card \w+\" )?ws-send hx-vals='([^']*)'")


class Client:
    """One socket (a player's, or a spectator's when seat is None): keeps the latest state,
    reconnects if the server drops it. An htmx client gets HTML frames, as browsers do."""

    def __init__(
        self, table: "Table", seat: int | None, token: str | None, html: bool, server: int
    ):
        self.bench, self.table, self.seat, self.html = table.bench, table, seat, html
        self.server = server  # which of the bench's servers it talks to
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.socket = None
        self.state: dict | None = None
        self.moving = False  # closed on purpose, to join the table's next game
        self.counted: Pending | None = None  # a spectator's latency is counted once per action

    @property
    def url(self) -> str:
        path = self.bench.path.format(self.table.game)
        return self.bench.ws_bases[self.server] + (path.split("?")[0] if self.html else path)

    @property
    def version(self) -> int:
        return -1 if self.state is None else self.state["version"]

    async def run(self) -> None:
        bench = self.bench
        while not bench.closing:
            try:
                async with bench.handshakes:
                    self.socket = await connect(
                        self.url,
                        origin=bench.origins[self.server],
                        additional_headers=self.headers,
                        compression=None,
                        open_timeout=30,
                    )
            except (OSError, InvalidHandshake, TimeoutError):
                bench.tally.connect_failures += 1
                await asyncio.sleep(1)
                continue
            try:
                async for raw in self.socket:
                    self.receive(raw)
            except ConnectionClosed:
                pass
            self.socket = None
            if self.moving:
                self.moving = False
            elif not bench.closing:
                bench.tally.disconnects += 1
                await asyncio.sleep(0.5)

    def receive(self, raw: str) -> None:
        if self.html:
            self.receive_html(raw)
            return
        frame = json.loads(raw)
        kind = frame.get("type")
        if kind == "state":
            if frame.get("id", self.table.game) != self.table.game:
                return  # the last push of the previous game
            self.state = frame
            self.table.saw(self.seat, frame["version"], self)
        elif kind == "error":
            self.bench.tally.error_frames += 1
            self.bench.tally.error_texts[re.sub(r"\d+", "N", str(frame.get("error")))] += 1
            self.table.refused(self.seat)

    def receive_html(self, raw: str) -> None:
        """Only the head of a frame is read: the version of a table, or a refusal's toast."""
        head = raw[:500]
        if match := TABLE_FRAME.search(head):
            self.state = {"version": int(match[1]), "html": raw}
            self.table.saw(self.seat, self.state["version"], self)
        elif head.lstrip().startswith('<div id="toasts"'):
            self.bench.tally.error_frames += 1
            text = re.sub(r"<[^>]+>", "", raw).strip()
            self.bench.tally.error_texts[re.sub(r"\d+", "N", text)] += 1
            self.table.refused(self.seat)

    def offered(self) -> list[dict]:
        """The moves this htmx player's table offers: bids, playable cards, look."""
        moves = [json.loads(vals) for vals in OFFERED.findall(self.state["html"])]
        return [move for move in moves if move["type"] in ACTION_TYPES]

    async def send(self, message: dict) -> bool:
        try:
            await self.socket.send(json.dumps(message))
            return True
        except (AttributeError, ConnectionClosed):  # no socket right now
            return False

    async def move(self) -> None:
        """Reconnects to the table's current game."""
        self.state = None
        self.counted = None
        if self.socket is not None:
            self.moving = True
            await self.socket.close()

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()


class Table:
    """Four clients; the one whose turn it is acts, then waits for all four to see it."""

    def __init__(self, bench: "Bench", number: int, spec: TableSpec):
        self.bench, self.number = bench, number
        self.game, self.owner = spec.game, spec.owner
        html = bench.game and bench.args.mix
        # As browsers and a script: seats 0-2 htmx, seat 3 JSON (it tells whose turn it is).
        # With several servers, partners share one and opponents the other: every action
        # reaches half the table through the channel layer from the other server.
        servers = len(bench.ws_bases)
        self.clients = [
            Client(self, seat, spec.tokens[seat], html and seat < 3, seat % servers)
            for seat in range(4)
        ]
        self.spectators = [
            Client(self, None, None, bench.game, (number + n) % servers)
            for n in range(spec.watchers)
        ]
        self.rng = random.Random(f"{bench.seed}:{number}")
        self.pending: Pending | None = None
        self.actor_seat: int | None = None
        self.changed = asyncio.Event()
        self.ready = asyncio.Event()
        self.broken = False  # its rematch failed: it stops playing

    def saw(self, seat: int | None, version: int, client: Client | None = None) -> None:
        pending = self.pending
        if seat is None:  # a spectator: its latency, once per action
            if pending is not None and version > pending.version and client.counted is not pending:
                client.counted = pending
                if self.bench.window_start <= pending.sent < self.bench.window_end:
                    self.bench.tally.spectator_latencies.append(time.perf_counter() - pending.sent)
            return
        if pending is not None and version > pending.version:
            pending.seen |= 1 << seat
            if pending.seen == ALL_SEEN and not pending.done.done():
                pending.done.set_result(time.perf_counter())
        if not self.ready.is_set() and all(c.state is not None for c in self.clients):
            self.ready.set()
        self.changed.set()

    def refused(self, seat: int) -> None:
        pending = self.pending
        if pending is not None and seat == self.actor_seat and not pending.done.done():
            pending.done.set_result(None)

    def next_move(self) -> tuple[Client, dict] | None:
        """The acting client and its message, once all four agree on the latest version."""
        if not self.ready.is_set() or len({client.version for client in self.clients}) != 1:
            return None
        state = self.clients[3].state
        if "view" not in state:  # the echo baseline: seats take turns
            client = self.clients[state["version"] % 4]
            return client, {"type": "play", "card": "QS", "version": state["version"]}
        turn = state["view"]["turn"]
        if state["status"] != "playing" or turn is None:
            return None
        client = self.clients[turn]
        if client.html:  # what its page offers, with the version (the hand's hx-vals for cards)
            moves = client.offered()
            choices = [move for move in moves if move["type"] != "look" and not move.get("blind")]
            choices = [a for a in choices if 2 <= a.get("tricks", 3) <= 4] or choices or moves
            if not choices:
                return None
            move = {"version": client.version, **self.rng.choice(choices)}
            return client, {**move, "HEADERS": HTMX_HEADERS}
        choices = [
            action
            for action in client.state["legal"]
            if action["type"] != "look" and not action.get("blind")
        ]
        # Any legal action, but bids of 2 to 4: random bids end games within a hand or two.
        choices = [a for a in choices if 2 <= a.get("tricks", 3) <= 4] or choices
        if not choices:
            return None
        return client, {**self.rng.choice(choices), "version": state["version"]}

    def finished(self) -> bool:
        state = self.clients[3].state
        return self.ready.is_set() and state.get("status") == "finished"

    async def play(self) -> None:
        bench, tally = self.bench, self.bench.tally
        await asyncio.sleep(self.rng.uniform(0, bench.pace))  # tables out of step
        while not bench.stopping and not self.broken:
            if self.finished():
                tally.finished += 1
                await self.next_game()
                continue
            move = self.next_move()
            if move is None:
                self.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), 1)
                continue
            client, message = move
            self.actor_seat = client.seat
            loop = asyncio.get_running_loop()
            pending = Pending(message["version"], time.perf_counter(), loop.create_future())
            self.pending = pending
            if not await client.send(message):
                self.pending = None
                await asyncio.sleep(0.2)
                continue
            try:
                applied = await asyncio.wait_for(asyncio.shield(pending.done), bench.lost_timeout)
            except TimeoutError:
                tally.lost += 1
                applied = None
                await self.recover(pending)
            self.pending = None
            if applied is None:
                await asyncio.sleep(0.2)  # refused or lost: look at the state again
                continue
            if bench.window_start <= pending.sent < bench.window_end:
                tally.latencies.append(applied - pending.sent)
            if bench.pace:
                await asyncio.sleep(bench.pace)

    async def next_game(self) -> None:
        """The same four start a rematch, as people would, and reconnect to it."""
        try:
            self.game = await asyncio.to_thread(rematch, self.game, self.owner)
        except Exception as error:  # the table stops; counted as an error
            self.bench.tally.failed_rematches += 1
            print(f"rematch of game {self.game} failed: {error!r}", file=sys.stderr)
            self.broken = True
            return
        self.ready.clear()
        for client in self.clients:
            await client.move()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ready.wait(), 30)

    async def recover(self, pending: Pending) -> None:
        """After a lost action: wait a while longer (an overloaded server is late, and
        asking it for more would make it later), then ask the clients that missed it."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(pending.done), 2 * self.bench.lost_timeout)
        if pending.done.done() and pending.done.result() is not None:
            self.bench.tally.late += 1
            return
        for client in self.clients:
            if not pending.seen & (1 << client.seat):
                await client.send({"type": "sync"})


class Bench:
    """One traffic run against one server: ramp up, warm up, measure, wind down."""

    def __init__(self, args, urls: list[str], path: str, tables: list[TableSpec]):
        # Several servers: each client keeps to one of them (Client.server).
        self.ws_bases, self.origins = [], []
        for url in urls:
            parts = urlsplit(url)
            self.ws_bases.append(f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}")
            self.origins.append(f"{parts.scheme}://{parts.netloc}")  # AllowedHostsOriginValidator
        self.path = path
        self.pace, self.lost_timeout, self.seed = args.pace, args.lost_timeout, args.seed
        self.args = args
        self.tally = Tally()
        self.closing = self.stopping = False
        self.window_start = self.window_end = math.inf
        self.handshakes = asyncio.Semaphore(args.handshakes)
        self.game = path.startswith("/ws/games/")  # not the echo
        self.tables = [Table(self, number, spec) for number, spec in enumerate(tables)]

    async def run(self, meter: Meter) -> tuple[dict, dict]:
        args = self.args
        clients = [c for table in self.tables for c in (*table.clients, *table.spectators)]
        readers = []
        for client in clients:  # ramp up: `--ramp` new connections per second
            readers.append(asyncio.create_task(client.run()))
            await asyncio.sleep(1 / args.ramp)
        waiting = [table.ready.wait() for table in self.tables]
        try:
            await asyncio.wait_for(asyncio.gather(*waiting), 60)
        except TimeoutError:
            missing = sum(not table.ready.is_set() for table in self.tables)
            raise SystemExit(f"{missing} tables were not connected 60 s after the ramp") from None
        players = [asyncio.create_task(table.play()) for table in self.tables]
        await asyncio.sleep(args.warmup)
        before = meter.sample()
        watcher = asyncio.create_task(meter.watch())
        self.window_start = before["at"]
        self.window_end = self.window_start + args.seconds
        await asyncio.sleep(args.seconds)
        watcher.cancel()
        after = meter.sample()
        self.stopping = True
        await asyncio.gather(*players)  # actions in flight finish or count as lost
        self.closing = True
        await asyncio.gather(*(client.close() for client in clients))
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        return before, after


# Figures


def percentile(ordered: list[float], percent: float) -> float:
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, math.ceil(percent / 100 * len(ordered)) - 1)]


def summarize(mode: str, args, tally: Tally, before: dict, after: dict) -> dict:
    ordered = sorted(tally.latencies)
    actions = len(ordered)
    elapsed = after["at"] - before["at"]
    cpu = {
        name: round(after["cpu"][name] - start, 2)
        for name, start in before["cpu"].items()
        if start is not None and after["cpu"].get(name) is not None
    }
    server = {name: seconds for name, seconds in cpu.items() if name != "client"}
    errors = (
        tally.error_frames + tally.disconnects + tally.connect_failures + tally.failed_rematches
    )
    per_action = {}
    if actions:
        per_action = {name: round(1000 * seconds / actions, 3) for name, seconds in server.items()}
        if server:
            per_action["server_total"] = round(1000 * sum(server.values()) / actions, 3)
    machine_total = after["total"] - before["total"]
    return {
        "mode": mode,
        "server": args.server,
        "tables": args.tables,
        "clients": 4 * args.tables,
        "spectators": (args.tables + 1) // 2 * args.mix + args.spectators_of_one,
        "spectator_latency_ms": {
            key: round(1000 * percentile(sorted(tally.spectator_latencies), p), 1)
            for key, p in (("p50", 50), ("p95", 95), ("p99", 99), ("max", 100))
        },
        "pace": args.pace,
        "lost_timeout": args.lost_timeout,
        "seconds": round(elapsed, 2),
        "actions": actions,
        "actions_per_s": round(actions / elapsed, 1),
        "latency_ms": {
            key: round(1000 * percentile(ordered, p), 1)
            for key, p in (("p50", 50), ("p95", 95), ("p99", 99), ("max", 100))
        },
        "errors": errors,
        "error_frames": tally.error_frames,
        "disconnects": tally.disconnects,
        "connect_failures": tally.connect_failures,
        "lost": tally.lost,
        "lost_but_seen_later": tally.late,
        "games_finished": tally.finished,
        "failed_rematches": tally.failed_rematches,
        "error_texts": dict(tally.error_texts.most_common(5)),
        "cpu_s": cpu,
        "cpu_ms_per_action": per_action,
        "client_cpu_pct": round(100 * cpu["client"] / elapsed, 1),
        "server_rss_mb": after["rss_mb"],
        "machine": {
            "cores": os.cpu_count(),
            "load1_start": round(before["load"], 2),
            "load1_end": round(after["load"], 2),
            "busy_pct": round(100 * (after["busy"] - before["busy"]) / machine_total, 1),
        },
    }


def print_summary(summary: dict) -> None:
    latency, machine = summary["latency_ms"], summary["machine"]
    spectators = summary["spectator_latency_ms"]
    cpu = ", ".join(f"{name} {seconds:.1f}" for name, seconds in summary["cpu_s"].items())
    per_action = ", ".join(f"{k} {v:.2f}" for k, v in summary["cpu_ms_per_action"].items())
    memory = ", ".join(f"{name} {mb}" for name, mb in summary["server_rss_mb"].items())
    lines = [
        f"[{summary['mode']}] {summary['tables']} tables, {summary['clients']} players, "
        f"{summary['spectators']} spectators, pace {summary['pace']} s, "
        f"{summary['seconds']} s measured",
        f"  actions applied   {summary['actions']} ({summary['actions_per_s']}/s), "
        f"{summary['games_finished']} games finished",
        f"  latency ms        p50 {latency['p50']}  p95 {latency['p95']}  "
        f"p99 {latency['p99']}  max {latency['max']}",
        *(
            [
                f"  spectators ms     p50 {spectators['p50']}  p95 {spectators['p95']}  "
                f"p99 {spectators['p99']}  max {spectators['max']}"
            ]
            if summary["spectators"]
            else []
        ),
        f"  errors            {summary['errors']} ({summary['error_frames']} error frames, "
        f"{summary['disconnects']} disconnects, {summary['connect_failures']} failed connects, "
        f"{summary['failed_rematches']} failed rematches)",
        *(f"    {count} x {text}" for text, count in summary["error_texts"].items()),
        f"  lost actions      {summary['lost']} (not seen by all four within "
        f"{summary['lost_timeout']} s; {summary['lost_but_seen_later']} of them seen later)",
        f"  cpu seconds       {cpu} (client {summary['client_cpu_pct']}% of a core)",
        f"  cpu ms/action     {per_action or 'n/a'}",
        f"  server memory MB  {memory or 'n/a'}",
        f"  machine           {machine['cores']} cores, {machine['busy_pct']}% busy, "
        f"load {machine['load1_start']} -> {machine['load1_end']}",
    ]
    print("\n".join(lines), flush=True)


def ratios(game: dict, echo: dict) -> dict:
    def ratio(a, b):
        return round(a / b, 2) if a and b else None

    per_game, per_echo = game["cpu_ms_per_action"], echo["cpu_ms_per_action"]
    return {
        "p50": ratio(game["latency_ms"]["p50"], echo["latency_ms"]["p50"]),
        "p99": ratio(game["latency_ms"]["p99"], echo["latency_ms"]["p99"]),
        "server_process_cpu_per_action": ratio(
            per_game.get(game["server"]), per_echo.get(echo["server"])
        ),
        "server_cpu_per_action": ratio(per_game.get("server_total"), per_echo.get("server_total")),
    }


# Running one mode


def run_mode(args, mode: str, url: str | None) -> dict:
    """Starts (or targets) the server for `mode` ("game" or "echo"), drives it, summarizes."""
    game = mode == "game"
    run = f"{int(time.time())}-{os.getpid()}"
    stack = None
    try:
        if url is None:
            app = "config.asgi:application" if game else "bench.echo_asgi:application"
            stack = Stack(
                app, game, args.servers, separate_ports=args.separate_ports, kind=args.server
            )
            print(f"[{mode}] starting the stack (logs in {stack.logs})", flush=True)
            stack.start()
            urls = stack.urls
        else:
            urls = url.split(",")
        if game:
            path, tables = "/ws/games/{}/?format=json", create_tables(args.tables, run)
        else:
            path = "/ws/echo/{}/"
            tables = [TableSpec(f"{run}-{number}", [None] * 4) for number in range(args.tables)]
        for number, spec in enumerate(tables):
            spec.watchers = args.mix and number % 2 == 0
        tables[0].watchers += args.spectators_of_one
        print(f"[{mode}] {args.tables} tables against {' and '.join(urls)}; connecting", flush=True)

        async def drive():
            bench = Bench(args, urls, path, tables)
            before, after = await bench.run(Meter(stack, game))
            return bench.tally, before, after

        tally, before, after = asyncio.run(drive())
    finally:
        if stack is not None:
            stack.stop()
        if game:
            delete_tables(run)
    summary = summarize(mode, args, tally, before, after)
    print_summary(summary)
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--url",
        help="a running server, or several separated by commas (default: start Daphne + "
        "worker here)",
    )
    parser.add_argument("--baseline-url", help="a running echo server for --compare with --url")
    parser.add_argument("--tables", type=int, default=300, help="tables of four (default 300)")
    parser.add_argument(
        "--servers",
        type=int,
        default=os.cpu_count(),
        help="server processes to start, on one socket (default: one per core)",
    )
    parser.add_argument(
        "--server",
        choices=sorted(SERVER_COMMANDS),
        default="daphne",
        help="the ASGI server to start (default daphne; uvicorn needs "
        "'pip install uvicorn[standard]')",
    )
    parser.add_argument(
        "--separate-ports",
        action="store_true",
        help="each Daphne on a port of its own (as separate machines), partners on one, "
        "opponents on the other, spectators spread",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=2.0,
        help="seconds at a table between an action seen by all four and the next (default 2); "
        "0: as fast as possible",
    )
    parser.add_argument("--seconds", type=float, default=60, help="measured time (default 60)")
    parser.add_argument(
        "--warmup", type=float, default=10, help="unmeasured play first (default 10)"
    )
    parser.add_argument(
        "--ramp", type=float, default=100, help="new connections per second (default 100)"
    )
    parser.add_argument(
        "--handshakes", type=int, default=50, help="handshakes at once at most (default 50)"
    )
    parser.add_argument(
        "--lost-timeout",
        type=float,
        default=10,
        help="an action not seen by all four within this many seconds is lost (default 10)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the players' choices")
    parser.add_argument(
        "--mix",
        action="store_true",
        help="as browsers: seats 0-2 htmx, seat 3 JSON, an htmx spectator per two tables",
    )
    parser.add_argument(
        "--spectators-of-one",
        type=int,
        default=0,
        metavar="N",
        help="N more (htmx) spectators of the first table",
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="a check that the bench runs, not a measurement (CI): by default "
        + ", ".join(f"--{name} {value}" for name, value in SMOKE.items())
        + "; SQLite allowed",
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--baseline", action="store_true", help="a bare Channels echo instead")
    group.add_argument("--compare", action="store_true", help="echo, then the game; ratios")
    args = parser.parse_args()
    if args.smoke:  # its sizes, unless given
        parser.set_defaults(**SMOKE)
        args = parser.parse_args()

    modes = ["echo", "game"] if args.compare else ["echo"] if args.baseline else ["game"]
    database = os.environ.get("DATABASE_URL", "")
    # SQLite cannot take the load; a smoke run (a few actions) only checks the bench runs.
    allowed = ("postgres", "sqlite") if args.smoke else ("postgres",)
    if "game" in modes and not database.startswith(allowed):
        parser.exit(2, "Set DATABASE_URL to PostgreSQL: SQLite cannot take this load.\n")
    redis_url = os.environ.get("REDIS_URL", "")
    if ("game" in modes or args.url is None) and not redis_url.startswith(REDIS_SCHEMES):
        parser.exit(
            2, "Set REDIS_URL (redis://... or unix://...): the servers' channel layer and queue.\n"
        )
    if args.compare and bool(args.url) != bool(args.baseline_url):
        parser.exit(2, "--compare against running servers needs both --url and --baseline-url\n")
    if "game" in modes:
        setup_django()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # 4 sockets per table, both sides

    summaries = {}
    for mode in modes:
        url = args.baseline_url if mode == "echo" and args.compare else args.url
        summaries[mode] = run_mode(args, mode, url)
    if len(summaries) == 2:
        summary = {**summaries, "ratio": ratios(summaries["game"], summaries["echo"])}
        print(f"game / echo: {summary['ratio']}")
    else:
        summary = summaries[modes[0]]
    print(json.dumps(summary), flush=True)
    failed = any(s["lost"] or s["errors"] for s in summaries.values())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
