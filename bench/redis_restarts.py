"""Redis restarts under live bot tables, with no supervisor: does each Celery process
(worker, analysis worker, beat) survive, and how long until the bots move again?

Starts a Redis of its own (no persistence: a restart loses every queued task), the two
workers and beat process by process, as an operator without systemd would, some all-bot
tables, and before each restart an analysis task due later, which the analysis worker
holds unacknowledged as it would a running analysis. Then, RESTARTS times: SIGKILL Redis,
wait DOWN seconds, start it again on the same port, and measure the time until every table
has a new bot move. A process that exits is reported and not replaced.

example (from the repository root; SQLite file unless DATABASE_URL is set):
  .venv/bin/python bench/redis_restarts.py --restarts 10 --port 6390
"""

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run as a script: make the project importable


def start_redis(port: int, directory: Path) -> subprocess.Popen:
    from config import embedded_redis

    return embedded_redis.start_on_port(port, directory)


def open_files(pid: int) -> int:
    """File descriptors a process holds: sockets left open by each reconnection add up."""
    return len(os.listdir(f"/proc/{pid}/fd"))


def wait(predicate, timeout: float, what: str) -> None:
    """Ends the bench (SystemExit) if `what` does not happen in time."""
    from config import processes

    processes.wait_until(predicate, timeout, f"waiting until: {what}", failure=SystemExit)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--restarts", type=int, default=10)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--down", type=float, default=3.0, help="seconds Redis stays down")
    parser.add_argument(
        "--port", type=int, default=6390, help="port of the bench's Redis (0: any free one)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the logs directory")
    args = parser.parse_args()

    directory = Path(tempfile.mkdtemp(prefix="redis-restarts-"))
    if args.port == 0:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            args.port = probe.getsockname()[1]
    redis_url = f"redis://127.0.0.1:{args.port}/0"
    env = {**os.environ, "REDIS_URL": redis_url, "BOT_MOVE_DELAY": "0.2"}
    env.setdefault("DATABASE_URL", f"sqlite:///{directory / 'db.sqlite3'}")
    os.environ.update(REDIS_URL=redis_url, DATABASE_URL=env["DATABASE_URL"])
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.utils import timezone

    from analysis.tasks import analyse_game
    from config import processes
    from games.models import Action, Game
    from games.services import tables as game_tables

    call_command("migrate", verbosity=0)
    redis = start_redis(args.port, directory)
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    commands = {
        "celery worker": [*celery, "worker", "--concurrency=2", "--hostname=bench@%h"],
        "analysis worker": [*celery, "worker", "--concurrency=1", "--queues=analysis",
                            "--hostname=bench-analysis@%h"],
        "celery beat": [*celery, "beat", f"--schedule={directory / 'beat-schedule'}"],
    }  # fmt: skip
    children, logs = {}, {}
    for name, command in commands.items():
        logs[name] = directory / f"{name.replace(' ', '-')}.log"
        children[name] = processes.start(
            [*command, "--loglevel=INFO"], env=env,
            stdout=logs[name].open("w"), stderr=subprocess.STDOUT,
        )  # fmt: skip
    pids = {name: process.pid for name, process in children.items()}
    games: list[int] = []

    def top_up() -> None:
        """Keep `tables` unfinished all-bot games, so that bot moves are always in flight."""
        unfinished = Game.objects.filter(pk__in=games).exclude(status="finished")
        games[:] = unfinished.values_list("pk", flat=True)
        while len(games) < args.tables:
            game = game_tables.game_create_seated(
                players=["standard"] * 4, options={"losing_score": None}
            )
            games.append(game.pk)

    def bots_moved_since(moment) -> bool:
        top_up()
        moved = set(
            Action.objects.filter(
                game_id__in=games, created_at__gte=moment, source="bot"
            ).values_list("game_id", flat=True)
        )
        return moved >= set(games)

    failures = 0
    try:
        top_up()
        started = timezone.now()
        wait(lambda: bots_moved_since(started), 60, "bots move before the first restart")
        print(f"pids: {pids}  worker fds: {open_files(pids['celery worker'])}  logs: {directory}")
        print(f"{'restart':>7} {'down s':>7} {'resume s':>9} {'fds w/a':>8}  processes")
        for number in range(1, args.restarts + 1):
            # The analysis worker holds an unacknowledged task too, as while it analyses a
            # game: one that is due in an hour (and would find no analysis 0 if it ran).
            analyse_game.apply_async((0,), countdown=3600)
            time.sleep(3)  # bot moves under way again before the next fault
            began = time.monotonic()
            processes.kill(redis)
            time.sleep(args.down)
            redis = start_redis(args.port, directory)
            up, back = time.monotonic(), timezone.now()
            try:
                wait(lambda back=back: bots_moved_since(back), 90, "every table has a new bot move")
                resume = f"{time.monotonic() - up:9.1f}"
            except SystemExit:
                resume, failures = f"{'none':>9}", failures + 1
            exited = {n: p.returncode for n, p in children.items() if p.poll() is not None}
            status = "all alive, same pids" if not exited else f"EXITED {exited}"
            failures += bool(exited)
            fds = "-" if exited else "/".join(str(open_files(pids[n])) for n in pids if "work" in n)
            print(f"{number:>7} {up - began:7.1f} {resume} {fds:>8}  {status}", flush=True)
            if exited:
                break
    finally:
        processes.stop(*children.values(), timeout=30)
        processes.kill(redis)
        crashed = [n for n, path in logs.items() if "Unrecoverable error" in path.read_text()]
        print(f"'Unrecoverable error' in the log of: {crashed or 'none'}")
        if not args.keep and not failures:
            shutil.rmtree(directory, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
