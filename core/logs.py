"""Logging for every process (Daphne, workers, beat), configured once from settings.LOGGING.

Production writes each record as one JSON line with the request or task it belongs to, so
that a log collector keeps a traceback with its record and an operator can follow one
request or task. Development writes short readable lines and leaves the every-second
housekeeping (beat's ticks, each task received and done) at DEBUG: LOG_LEVEL=DEBUG shows it.
"""

import contextvars
import copy
import json
import logging
import re
import time
import uuid
from datetime import UTC, datetime

from celery import current_task

# The request being served in this thread or task of the event loop.
request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")
# A proxy's request id is kept when it is a plain token, so that its logs and ours meet.
GIVEN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")

access = logging.getLogger("core.access")

# Loggers that say at INFO what happens every second or on every bot move (and locally,
# every request: a page is a dozen lines with its static files).
HOUSEKEEPING = (
    "celery.beat",
    "celery.worker.strategy",
    "celery.app.trace",
    "celery.worker.consumer.mingle",
)


class Housekeeping(logging.Filter):
    """Records of the given loggers at INFO count as DEBUG."""

    def __init__(self, names=HOUSEKEEPING):
        super().__init__()
        self.names = tuple(names)

    def filter(self, record: logging.LogRecord) -> bool | logging.LogRecord:
        if record.levelno != logging.INFO or not record.name.startswith(self.names):
            return True
        if logging.getLogger().getEffectiveLevel() > logging.DEBUG:
            return False
        demoted = copy.copy(record)  # a copy: the record goes on to other handlers as it was
        demoted.levelno, demoted.levelname = logging.DEBUG, "DEBUG"
        return demoted


class ClientErrors(logging.Filter):
    """A request refused with a 4xx is the client's mistake, not the site's: Django logs some
    (a body too big, too many fields) at ERROR with a traceback, which would bury real errors.
    They count as WARNING, without the traceback."""

    def filter(self, record: logging.LogRecord) -> bool | logging.LogRecord:
        status = getattr(record, "status_code", None)
        if record.levelno < logging.ERROR or not isinstance(status, int) or status >= 500:
            return True
        demoted = copy.copy(record)  # a copy: the record goes on to other handlers as it was
        demoted.levelno, demoted.levelname = logging.WARNING, "WARNING"
        demoted.exc_info = demoted.exc_text = None
        return demoted


class Context(logging.Filter):
    """Adds the request id and the running Celery task to every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        task = current_task
        record.task = f"{task.name}[{task.request.id}]" if task and task.request.id else ""
        return True


class OneLine(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key in ("request_id", "task"):
            if getattr(record, key, ""):
                line[key] = getattr(record, key)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line)


def config(level: str, *, production: bool) -> dict:
    """The dictConfig of settings.LOGGING."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "housekeeping": {
                "()": Housekeeping,
                "names": HOUSEKEEPING if production else (*HOUSEKEEPING, access.name),
            },
            "client_errors": {"()": ClientErrors},
            "context": {"()": Context},
        },
        "formatters": {
            "one_line": {"()": OneLine},
            "readable": {
                "format": "  %(asctime)s %(levelname)s %(name)s: %(message)s",
                "datefmt": "%H:%M:%S",
            },
        },
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "filters": ["housekeeping", "client_errors", "context"],
                "formatter": "one_line" if production else "readable",
            }
        },
        "root": {"handlers": ["console"], "level": level},
        # Django's own console handler (DEBUG only) would print its records a second time.
        "loggers": {"django": {"handlers": []}},
    }


class RequestIdMiddleware:
    """Names each request (the proxy's X-Request-ID, or a new one) for its log records,
    answers the id in X-Request-ID, so that a person's report can be found in the log, and
    logs the request's line (Daphne's own access log has no id: run it with -v 0)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        token = request_id.set(given if GIVEN_ID.fullmatch(given) else uuid.uuid4().hex[:16])
        started = time.monotonic()
        try:
            response = self.get_response(request)
            response["X-Request-ID"] = request_id.get()
            access.info(
                "%s %s %s %.0f ms", request.method, request.get_full_path(),
                response.status_code, (time.monotonic() - started) * 1000,
            )  # fmt: skip
            return response
        finally:
            request_id.reset(token)
