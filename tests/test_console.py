"""What a person running the site reads: `make run`'s console (config.devstack, core.mail,
core.logs), and the one-line production log records with their request or task."""

import http.cookiejar
import io
import json
import logging
import os
import re
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request

import pytest
from django.core.mail import EmailMessage
from django.test import Client

from config import processes
from core import logs
from core.mail import ConsoleBackend
from tests.conftest import database_url, free_port


def record(name: str, level: int, message: str, exc_info=None) -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, message, (), exc_info)


def test_housekeeping_counts_as_debug():
    housekeeping = logs.Housekeeping()
    root = logging.getLogger()
    level = root.level
    try:
        root.setLevel(logging.INFO)
        assert not housekeeping.filter(record("celery.beat", logging.INFO, "Sending due task"))
        assert housekeeping.filter(record("celery.app.trace", logging.ERROR, "Task failed"))
        assert housekeeping.filter(record("games.services", logging.INFO, "something"))
        root.setLevel(logging.DEBUG)
        shown = housekeeping.filter(record("celery.beat", logging.INFO, "Sending due task"))
        assert shown.levelname == "DEBUG"
    finally:
        root.setLevel(level)


def test_a_production_record_is_one_json_line_with_its_request():
    token = logs.request_id.set("abc123")
    try:
        try:
            raise ValueError("bad\nthing")
        except ValueError:
            failed = record("games.services", logging.ERROR, "Turn timeout failed", sys.exc_info())
        logs.Context().filter(failed)
    finally:
        logs.request_id.reset(token)
    line = logs.OneLine().format(failed)
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["request_id"] == "abc123" and parsed["level"] == "ERROR"
    assert "ValueError: bad" in parsed["exception"]


@pytest.mark.django_db
def test_every_answer_names_its_request(client, caplog):
    with caplog.at_level(logging.INFO, logger="core.access"):
        named = client.get("/", headers={"X-Request-ID": "proxy-42"})
    assert named["X-Request-ID"] == "proxy-42"
    (line,) = [r for r in caplog.records if r.name == "core.access"]
    assert re.fullmatch(r"GET / 200 \d+ ms", line.getMessage())
    junk = client.get("/", headers={"X-Request-ID": "<script>"})
    assert re.fullmatch(r"[0-9a-f]{16}", junk["X-Request-ID"])


@pytest.mark.django_db
@pytest.mark.parametrize("body", ["too many fields", "too big"])
def test_a_request_refused_with_a_4xx_is_logged_below_error(settings, body):
    """Django logs these at ERROR with a traceback (when the CSRF check reads the body); the
    console shows a warning line."""
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 5
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    data = {f"f{n}": "x" for n in range(10)} if body == "too many fields" else {"f": "x" * 2000}
    shown = []
    console = logging.Handler()
    console.emit = shown.append
    console.addFilter(logs.ClientErrors())
    logging.getLogger().addHandler(console)
    try:
        browser = Client(enforce_csrf_checks=True)
        browser.get("/accounts/login/")  # its CSRF cookie: the check then reads the body
        refused = browser.post("/accounts/login/", data)
    finally:
        logging.getLogger().removeHandler(console)
    assert 400 <= refused.status_code < 500
    security = [r for r in shown if r.name.startswith("django.security")]
    assert security and all(r.levelno == logging.WARNING and not r.exc_info for r in security)
    assert not [r for r in shown if r.levelno >= logging.ERROR]


def test_a_local_mail_is_a_short_note_with_its_links():
    stream = io.StringIO()
    body = "Hello\n\nTo confirm, go to http://127.0.0.1:8000/accounts/confirm-email/Mg:1v/\n"
    ConsoleBackend(stream=stream).send_messages(
        [EmailMessage("Please confirm", body, to=["ann@example.com"])]
    )
    note = stream.getvalue()
    assert "Mail to ann@example.com: Please confirm" in note
    assert "OPEN  http://127.0.0.1:8000/accounts/confirm-email/Mg:1v/" in note
    assert "Content-Transfer-Encoding" not in note


def sign_up(url: str, name: str) -> None:
    """Through the real sign-up page, as a browser would (CSRF cookie and token)."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    page = opener.open(f"{url}/accounts/signup/", timeout=10).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    form = {"csrfmiddlewaretoken": token, "username": name, "email": f"{name}@example.com",
            "password1": "a-long-Secret-123", "password2": "a-long-Secret-123"}  # fmt: skip
    request = urllib.request.Request(
        f"{url}/accounts/signup/",
        data=urllib.parse.urlencode(form).encode(),
        headers={"Referer": f"{url}/accounts/signup/"},
    )
    opener.open(request, timeout=10).read()


def test_make_runs_console_fits_on_a_screen(transactional_db, tmp_path):
    """The supervisor's console for its first seconds and a sign-up: the address to open,
    the confirmation mail with its link, and no every-second housekeeping."""
    port = free_port()
    # Its own Redis, as `make run` (not the Redis database of a parallel test process).
    own = ("REDIS_URL", "LOG_LEVEL", "PYTEST_XDIST_WORKER")
    env = {key: value for key, value in os.environ.items() if key not in own}
    env.update(DATABASE_URL=database_url(), PORT=str(port), DEVSTACK_DIR=str(tmp_path))
    console = tmp_path / "console.txt"
    with open(console, "w") as output:
        stack = processes.start(
            [sys.executable, "-m", "config.devstack"], env=env, stdout=output,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        processes.wait_until(
            lambda: "Spades is running" in console.read_text(), 60, console.read_text,
            every=0.2, process=stack,
        )  # fmt: skip
        sign_up(f"http://127.0.0.1:{port}", "newcomer")
        time.sleep(10)  # beat ticks every second: ten seconds of housekeeping to hide
    finally:
        os.killpg(stack.pid, signal.SIGINT)
        stack.wait(timeout=60)
    text = console.read_text()
    assert f"open http://127.0.0.1:{port}/" in text
    assert "Mail to newcomer@example.com" in text
    assert re.search(rf"OPEN  http://127.0.0.1:{port}/accounts/confirm-email/\S+", text)
    for noise in ("Sending due task", "received", "succeeded in", "SecurityWarning", "GET /"):
        assert noise not in text
    assert len(text.splitlines()) < 50, text
