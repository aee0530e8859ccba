"""Runs the whole site locally: Redis (embedded unless REDIS_URL is set), a Celery worker,
celery beat and Daphne on http://127.0.0.1:8000, and stops them all on Ctrl-C.

It also supervises them, as systemd or Kubernetes would in production: a process that
exits is started again, and a worker that stops taking tasks or a beat that stops
publishing them while Redis answers (see `config.liveness`) is killed and replaced.

Used by `make run`; migrations and demo data are done before it starts. The fault tests
run it as it is, with PORT, DATABASE_URL, REDIS_URL and DEVSTACK_DIR set.
"""

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

from config import embedded_redis, processes

ROOT = Path(__file__).resolve().parent.parent
VAR = ROOT / "var"

CHECK_EVERY = 2.0  # seconds between liveness checks
WORKER_TIMEOUT = 3.0  # a task round trip to the worker must take less than this
BEAT_MAX_AGE = 5.0  # beat publishes every second: 5 s without a publish is a failure
FAILURES = 3  # failed checks in a row (while Redis answers) before a replacement
STARTUP_GRACE = 15.0  # seconds a new worker or beat gets before it is checked
RESTART_PAUSE = 1.0  # at most one start per second for a process that keeps exiting


def log(message: str) -> None:
    print(f"  {datetime.now():%H:%M:%S} {message}", flush=True)


class Child:
    """One supervised process, in its own process group (the worker's pool included)."""

    def __init__(self, name: str, args: list[str], env: dict):
        self.name, self.args, self.env = name, args, env
        self.process: subprocess.Popen | None = None
        self.started_at = 0.0
        self.failures = 0

    def start(self) -> None:
        log(f"starting {self.name}")
        # Own process group: Ctrl-C reaches only the supervisor, which then stops each
        # child and its own children (the worker's pool) in order.
        self.process = processes.start(self.args, env=self.env)
        self.started_at = time.monotonic()
        self.failures = 0

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def exited(self) -> bool:
        return self.process is not None and self.process.poll() is not None

    def settled(self) -> bool:
        return time.monotonic() - self.started_at > STARTUP_GRACE

    def kill(self) -> None:
        """At once, the whole group: a deaf worker may not even handle SIGTERM."""
        processes.kill(self.process)

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            log(f"stopping {self.name}")
        processes.stop(self.process, timeout=15)


class Supervisor:
    def __init__(self, env: dict | None = None):
        self.env = dict(os.environ if env is None else env)
        self.host = self.env.get("HOST", "127.0.0.1")
        self.port = self.env.get("PORT", "8000")
        self.dir = Path(self.env.get("DEVSTACK_DIR", VAR))
        self.dir.mkdir(parents=True, exist_ok=True)
        self.redis_server: subprocess.Popen | None = None
        self.redis_socket = self.dir / "redis.sock"
        self.nodename = f"worker@{socket.gethostname()}"
        self.heartbeat = self.dir / "beat-alive"
        self.children: dict[str, Child] = {}
        self.redis_up = False
        self.next_check = 0.0
        self.announced = False

    # starting and stopping

    def start(self) -> None:
        if "REDIS_URL" not in self.env:
            self._start_redis()
            self.env["REDIS_URL"] = f"unix://{self.redis_socket}"
        self.env["BEAT_HEARTBEAT_FILE"] = str(self.heartbeat)
        # Locally everything runs as whoever runs make (root in a container): Celery's
        # warning about root would be the first thing a newcomer reads, every start.
        self.env.setdefault("PYTHONWARNINGS", "ignore:You're running the worker with superuser")
        os.environ.update(REDIS_URL=self.env["REDIS_URL"])  # for our own liveness checks
        python = sys.executable
        # --quiet: no banners; the log says what matters (settings.LOGGING, core.logs).
        celery = [python, "-m", "celery", "-A", "config", "--quiet"]
        self.children = {
            "celery worker": Child(
                "celery worker",
                [*celery, "worker", "--concurrency=2",
                 f"--hostname={self.nodename}"],
                self.env,
            ),
            # Analyses run for minutes: a worker of their own, only restarted when it exits
            # (it is busy, not deaf, while it analyses; see CELERY_TASK_ROUTES).
            "analysis worker": Child(
                "analysis worker",
                [*celery, "worker", "--concurrency=1", "--queues=analysis",
                 f"--hostname=analysis@{socket.gethostname()}"],
                self.env,
            ),
            "celery beat": Child(
                "celery beat",
                [*celery, "beat", f"--schedule={self.dir / 'celerybeat-schedule'}"],
                self.env,
            ),
            "daphne": Child(
                "daphne",
                # Its access log (a line a request, static files too) with LOG_LEVEL=DEBUG only.
                [python, "-m", "daphne", "-b", self.host, "-p", self.port,
                 "--verbosity", "1" if self.env.get("LOG_LEVEL", "").upper() == "DEBUG" else "0",
                 "config.asgi:application"],
                self.env,
            ),
        }  # fmt: skip
        for child in self.children.values():
            child.start()
        self._write_pids()

    def _start_redis(self) -> None:
        log(f"starting embedded Redis on {self.redis_socket}")
        self.redis_server = embedded_redis.start(self.redis_socket, self.dir / "redis.log")

    def stop(self) -> None:
        for name in ("daphne", "celery beat", "analysis worker", "celery worker"):
            if name in self.children:
                self.children[name].stop()
        if self.redis_server is not None:
            log("stopping embedded Redis")
            embedded_redis.stop(self.redis_server)

    def _write_pids(self) -> None:
        """Where the fault tests (and a curious developer) find the processes."""
        pids = {name: child.pid for name, child in self.children.items()}
        if self.redis_server is not None:
            pids["redis"] = self.redis_server.pid
        path = self.dir / "devstack.json"
        path.with_suffix(".tmp").write_text(json.dumps(pids))
        path.with_suffix(".tmp").replace(path)

    # supervising

    def step(self) -> None:
        """One round: restart what exited; every CHECK_EVERY seconds, check liveness."""
        if not self.announced:
            self.announce()
        if self.redis_server is not None and self.redis_server.poll() is not None:
            log(f"embedded Redis exited with code {self.redis_server.returncode}; restarting it")
            self._start_redis()
            self._write_pids()
        for child in self.children.values():
            if child.exited() and time.monotonic() - child.started_at > RESTART_PAUSE:
                log(f"{child.name} exited with code {child.process.returncode}; restarting it")
                child.start()
                self._write_pids()
        if time.monotonic() >= self.next_check:
            self.check_liveness()
            self.next_check = time.monotonic() + CHECK_EVERY

    def announce(self) -> None:
        """Says where the site is once Daphne answers: the last line of the start-up."""
        with contextlib.suppress(OSError), socket.create_connection((self.host, self.port), 0.2):
            print(
                f"\n  Spades is running: open http://{self.host}:{self.port}/"
                "  (admin: /admin/, health: /healthz)\n"
                "  Mails (sign-up confirmations) are printed here. Ctrl-C stops everything.\n",
                flush=True,
            )
            self.announced = True

    def check_liveness(self) -> None:
        from config import liveness

        redis_up = liveness.redis_answers(self.env["REDIS_URL"])
        if redis_up != self.redis_up:
            log("Redis answers" if redis_up else "Redis does not answer; waiting for it")
            self.redis_up = redis_up
        if not redis_up:
            # The worker and beat cannot be judged without a broker: they are not to blame.
            for child in self.children.values():
                child.failures = 0
            return
        worker = self.children["celery worker"]
        if worker.settled() and not worker.exited():
            alive = liveness.worker_consumes(self.nodename, timeout=WORKER_TIMEOUT)
            self._judge(worker, alive, "took no task from its queue")
        beat = self.children["celery beat"]
        if beat.settled() and not beat.exited():
            age = liveness.beat_age(self.heartbeat)
            alive = age is not None and age <= BEAT_MAX_AGE
            self._judge(beat, alive, "published no task for a while")

    def _judge(self, child: Child, alive: bool, symptom: str) -> None:
        if alive:
            child.failures = 0
            return
        child.failures += 1
        if child.failures >= FAILURES:
            log(
                f"{child.name} (pid {child.pid}) {symptom} in {FAILURES} checks in a row "
                "while Redis answers: killing it (SIGKILL) and starting a new one"
            )
            child.kill()
            child.start()
            self._write_pids()


def main() -> int:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    supervisor = Supervisor()
    supervisor.start()
    django.setup()  # after REDIS_URL is known: the liveness checks use the settings

    stopping = False

    def request_stop(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    try:
        while not stopping:
            supervisor.step()
            time.sleep(0.2)
    finally:
        supervisor.stop()
        print("  stopped.", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
