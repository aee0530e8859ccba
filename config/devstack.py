"""Runs the whole site locally: Redis (embedded unless REDIS_URL is set), a Celery worker,
celery beat and Daphne on http://127.0.0.1:8000, and stops them all on Ctrl-C.

Used by `make run`; migrations and demo data are done before it starts.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from config import embedded_redis

ROOT = Path(__file__).resolve().parent.parent
VAR = ROOT / "var"
HOST = os.environ.get("HOST", "127.0.0.1")
PORT = os.environ.get("PORT", "8000")


def _spawn(name: str, args: list[str], env: dict) -> subprocess.Popen:
    print(f"  starting {name}")
    # Own process group: Ctrl-C reaches only this supervisor, which then stops each
    # child and its own children (the worker's pool) in order.
    return subprocess.Popen(args, cwd=ROOT, env=env, start_new_session=True)


def _stop(name: str, process: subprocess.Popen) -> None:
    if process.poll() is None:
        print(f"  stopping {name}")
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def main() -> int:
    VAR.mkdir(exist_ok=True)
    env = dict(os.environ)
    redis_server = None
    if "REDIS_URL" not in env:
        socket_path = VAR / "redis.sock"
        print(f"  starting embedded Redis on {socket_path}")
        redis_server = embedded_redis.start(socket_path, VAR / "redis.log")
        env["REDIS_URL"] = f"unix://{socket_path}"

    python = sys.executable
    children = {
        "celery worker": _spawn(
            "celery worker",
            [
                python,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--loglevel=INFO",
                "--concurrency=2",
                "--hostname=worker@%h",
            ],
            env,
        ),
        "celery beat": _spawn(
            "celery beat",
            [
                python,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "--loglevel=INFO",
                f"--schedule={VAR / 'celerybeat-schedule'}",
            ],
            env,
        ),
        "daphne": _spawn(
            "daphne",
            [python, "-m", "daphne", "-b", HOST, "-p", PORT, "config.asgi:application"],
            env,
        ),
    }
    print(f"\n  Spades is running at http://{HOST}:{PORT}/  (admin: /admin/, health: /healthz)")
    print("  Press Ctrl-C to stop.\n")

    stopping = False

    def request_stop(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    exit_code = 0
    while not stopping:
        for name, process in children.items():
            if process.poll() is not None:
                print(f"  {name} exited with code {process.returncode}; stopping everything")
                stopping, exit_code = True, 1
                break
        time.sleep(0.2)

    for name in ("daphne", "celery beat", "celery worker"):
        _stop(name, children[name])
    if redis_server is not None:
        print("  stopping embedded Redis")
        embedded_redis.stop(redis_server)
    print("  stopped.")
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
