"""Logging for every process (Daphne, workers, beat), configured once from settings.LOGGING.

Production writes each record as one JSON line with the request or task it belongs to, so
that a log collector keeps a traceback with its record and an operator can follow one
request or task. Development writes short readable lines and leaves the every-second
housekeeping (beat's ticks, each task received and done) at DEBUG: LOG_LEVEL=DEBUG shows it.
"""

import contextvars
import json
import logging
import re
import uuid
from datetime import UTC, datetime

from celery import current_task

# The request being served in this thread or task of the event loop.
request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")
# A proxy's request id is kept when it is a plain token, so that its logs and ours meet.
GIVEN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")

# Loggers that say at INFO what happens every second or on every bot move.
HOUSEKEEPING = (
    "celery.beat",
    "celery.worker.strategy",
    "celery.app.trace",
    "celery.worker.consumer.mingle",
)


class Housekeeping(logging.Filter):
    """Records of HOUSEKEEPING loggers at INFO count as DEBUG."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.INFO and record.name.startswith(HOUSEKEEPING):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return record.levelno >= logging.getLogger().getEffectiveLevel()


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
            "housekeeping": {"()": Housekeeping},
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
                "filters": ["housekeeping", "context"],
                "formatter": "one_line" if production else "readable",
            }
        },
        "root": {"handlers": ["console"], "level": level},
        # Django's own console handler (DEBUG only) would print its records a second time.
        "loggers": {"django": {"handlers": []}},
    }


class RequestIdMiddleware:
    """Names each request (the proxy's X-Request-ID, or a new one) for its log records and
    answers the id in X-Request-ID, so that a person's report can be found in the log."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        token = request_id.set(given if GIVEN_ID.fullmatch(given) else uuid.uuid4().hex[:16])
        try:
            response = self.get_response(request)
            response["X-Request-ID"] = request_id.get()
            return response
        finally:
            request_id.reset(token)
