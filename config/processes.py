"""Starting, stopping and waiting for the site's processes (Redis, Celery, Daphne, the whole
devstack), for `make run` (config.devstack), the tests and the benches.

Each process runs in a process group of its own: a Ctrl-C in the terminal reaches only
the one who started it, which stops each process in its own order, and a stop or a kill
reaches the whole group (a Celery worker's pool too)."""

import contextlib
import os
import signal
import subprocess
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class TimedOut(Exception):
    """What was waited for did not happen in time (or its process exited first)."""


def start(args: list[str], *, cwd: Path | str = ROOT, **popen) -> subprocess.Popen:
    """`args` started in a process group of its own (`popen`: env, stdout, pass_fds...)."""
    return subprocess.Popen(args, cwd=cwd, start_new_session=True, **popen)


def kill(process: subprocess.Popen) -> None:
    """At once, the whole group, as a crash would: a deaf process may not handle SIGTERM."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def stop(*processes: subprocess.Popen, timeout: float) -> None:
    """SIGTERM to each one's group, all at once; a group not gone within `timeout` seconds
    is killed."""
    for process in processes:
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill(process)


def wait_until(
    predicate: Callable,
    timeout: float,
    what: str | Callable[[], str],
    *,
    every: float = 0.1,
    process: subprocess.Popen | None = None,
    failure: Callable[[str], BaseException] = TimedOut,
):
    """Asks `predicate` every `every` seconds until it gives something true, and returns it.
    After `timeout` seconds, or as soon as `process` (the one being waited for) exits,
    raises `failure` with a message saying `what` was waited for (`what` may be a function
    that words it at that moment)."""
    deadline = time.monotonic() + timeout
    while True:
        result = predicate()
        if result:
            return result
        if process is not None and process.poll() is not None:
            reason = f"it exited with code {process.returncode}"
        elif time.monotonic() > deadline:
            reason = f"timed out after {timeout:.0f} s"
        else:
            time.sleep(every)
            continue
        raise failure(f"{what() if callable(what) else what} ({reason})")


def serves(url: str) -> bool:
    """Whether an HTTP server answers at `url` (any status but an error)."""
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except OSError:
        return False
