"""config.liveness: a worker is alive only if it takes a task from its own queue; beat is
alive only if it published a task lately."""

import os
import signal
import time

from config import liveness
from config.celery import app as celery_app
from config.processes import wait_until


def test_a_worker_that_takes_tasks_is_alive_and_one_that_does_not_is_not(celery_worker):
    [reply] = wait_until(lambda: celery_app.control.ping(timeout=1), 30, "the worker answers")
    [nodename] = reply
    assert liveness.worker_consumes(nodename, timeout=10)
    assert liveness.main([nodename, "--timeout", "10"]) == 0
    assert not liveness.worker_consumes("nobody@nowhere", timeout=1)
    os.kill(celery_worker.process.pid, signal.SIGSTOP)  # alive, but consumes nothing
    try:
        assert not liveness.worker_consumes(nodename, timeout=2)
    finally:
        os.kill(celery_worker.process.pid, signal.SIGCONT)
    assert liveness.worker_consumes(nodename, timeout=10)  # the expired echo was dropped


def test_beat_is_alive_while_its_heartbeat_is_fresh(tmp_path):
    heartbeat = tmp_path / "beat-alive"
    assert not liveness.beat_publishes(heartbeat)  # never published
    heartbeat.touch()
    assert liveness.beat_publishes(heartbeat, max_age=5)
    old = time.time() - 60
    os.utime(heartbeat, (old, old))
    assert not liveness.beat_publishes(heartbeat, max_age=5)
    assert liveness.main(["--beat", str(heartbeat)]) == 1
