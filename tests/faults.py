"""Helpers of the fault suite: a private Redis that can be killed and started again on the
same address, the site run by its own supervisor (`python -m config.devstack`), scripted
people that keep playing in threads, and the table of times to resume."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from config import embedded_redis, processes

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
TIMES_FILE = ARTIFACTS / "fault-times.txt"

# Filled by the fault tests, printed by tests/conftest.py's pytest_terminal_summary.
RESULTS: list[dict] = []


class RedisServer:
    """A Redis of our own on 127.0.0.1:`port`, without persistence (a restart loses every
    queued task, as a crashed Redis without AOF would)."""

    def __init__(self, port: int, directory: Path):
        self.port, self.directory = port, directory
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = embedded_redis.start_on_port(
            self.port, self.directory, self.directory / "redis.log"
        )

    def kill(self) -> None:
        processes.kill(self.process)


class Stack:
    """The whole site under `python -m config.devstack`: its supervisor restarts what dies
    and replaces a deaf worker or beat. Tests only kill things."""

    def __init__(self, port: int, directory: Path, env: dict):
        self.port, self.directory, self.env = port, directory, env
        self.url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}"
        self.log_path = directory / "devstack.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.log = open(self.log_path, "w")  # noqa: SIM115 (closed in stop)
        self.process = processes.start(
            [sys.executable, "-m", "config.devstack"],
            env={**self.env, "PORT": str(self.port), "DEVSTACK_DIR": str(self.directory)},
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        processes.wait_until(
            lambda: processes.serves(f"{self.url}/"), 60, "Daphne under devstack did not start"
        )

    def pid(self, name: str) -> int:
        return json.loads((self.directory / "devstack.json").read_text())[name]

    def kill(self, name: str) -> int:
        """SIGKILL to a child's whole process group; returns the pid that was killed."""
        pid = self.pid(name)
        os.killpg(pid, signal.SIGKILL)
        return pid

    def said(self, text: str, since: int = 0) -> bool:
        """Whether the supervisor's log says `text` (after its first `since` characters)."""
        return text in self.log_path.read_text(errors="replace")[since:]

    def log_size(self) -> int:
        return len(self.log_path.read_text(errors="replace"))

    def stop(self) -> None:
        # The supervisor alone is in its group: it stops its children itself, in order.
        processes.stop(self.process, timeout=40)
        self.log.close()


class PlayerThread(threading.Thread):
    """A person at seat 0 over the JSON WebSocket who plays every turn at once (while
    `acting` is set) until the game ends or `stop()`; survives servers going away."""

    def __init__(self, server, game_id: int, token: str, seed: int):
        super().__init__(daemon=True, name=f"player-{game_id}")
        self.server, self.game_id, self.token, self.seed = server, game_id, token, seed
        self.acting = threading.Event()
        self.acting.set()
        self.stopping = threading.Event()
        self.player = None
        self.syncs = 0  # frames we had to ask for: pushes that did not come
        self.frames: list[float] = []  # when each state frame arrived (time.time())
        self.errors: list[str] = []

    def run(self) -> None:
        from tests.live import Player

        while not self.stopping.is_set():
            try:
                if self.player is None:
                    self.player = Player(self.server, self.game_id, self.token, seed=self.seed)
                self._play()
                return
            except Exception as error:  # e.g. InvalidMessage from a server half up
                self.errors.append(repr(error))
                if self.player is not None:
                    self.player.close()
                    self.player = None
                time.sleep(0.5)

    def _play(self) -> None:
        player, sent_for = self.player, None
        while not self.stopping.is_set():
            state = player.state
            if state is not None and state["status"] == "finished":
                return
            move = self._choose(player) if self.acting.is_set() else None
            if move is not None and sent_for != state["version"]:
                sent_for = state["version"]
                player.send({**move, "version": state["version"]})
            try:
                frame = player.receive(timeout=3)
                if frame["type"] == "state":
                    self.frames.append(time.time())
            except TimeoutError:
                self.syncs += 1
                sent_for = None
                player.send({"type": "sync"})

    @staticmethod
    def _choose(player) -> dict | None:
        """A random legal action (never Blind Nil); Look when that is all we may do."""
        state = player.state
        if state is None or state["status"] != "playing" or state["view"]["turn"] != state["seat"]:
            return None
        legal = state["legal"]
        choices = [a for a in legal if a["type"] != "look" and not a.get("blind")]
        choices = choices or [a for a in legal if a["type"] == "look"]
        return player.rng.choice(choices) if choices else None

    def stop(self) -> None:
        self.stopping.set()
        self.join(timeout=15)
        if self.player is not None:
            with contextlib.suppress(Exception):
                self.player.close()


def record(fault: str, down: float, resume: list[float], actions: list[int], syncs: int, note):
    RESULTS.append(
        {"fault": fault, "down": down, "resume": resume, "actions": actions, "syncs": syncs,
         "note": note}
    )  # fmt: skip
    ARTIFACTS.mkdir(exist_ok=True)
    TIMES_FILE.write_text("\n".join(table()) + "\n")


def table() -> list[str]:
    lines = [
        "Time to resume after each fault (s): from the end of the fault (the kill, or the",
        "service answering again) to the first new action of the kind that proves",
        "recovery, in the slowest of the games; 'down' is how long the fault lasted;",
        "'syncs': times a scripted person heard nothing for 3 s and asked for the state.",
        "",
        f"{'fault':<20}{'down':>6}{'slowest':>9}{'per game':>18}  {'actions after':<13}"
        f"{'syncs':>6}  note",
    ]
    for row in RESULTS:
        per_game = " ".join(f"{value:.1f}" for value in row["resume"])
        actions = " ".join(str(n) for n in row["actions"])
        lines.append(
            f"{row['fault']:<20}{row['down']:>6.1f}{max(row['resume']):>9.1f}"
            f"{per_game:>18}  {actions:<13}{row['syncs']:>6}  {row['note']}"
        )
    return lines
