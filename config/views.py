"""Site-wide pages: the home page, how to play and the health check."""

from datetime import UTC, datetime, time, timedelta

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from config import liveness
from config.celery import app as celery_app
from duplicate import imps
from games import rules_text


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@require_GET
def how_to_play(request: HttpRequest) -> HttpResponse:
    # The daily challenge's day is a UTC day (one set of boards for the whole world): the
    # page says when the next one starts on the reader's clock.
    today = timezone.now().astimezone(UTC).date()
    next_day = datetime.combine(today + timedelta(days=1), time.min, tzinfo=UTC)
    context = {
        "presets": rules_text.presets_in_words(),
        "clashes": rules_text.clashes_in_words(),
        "imp_scale": imps.scale(),
        "next_day": next_day,
    }
    return render(request, "how_to_play.html", context)


def _database_up() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except Exception:
        return False


def _redis_up() -> bool:
    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=1)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except Exception:
        return False


def _worker_up() -> bool:
    """A worker takes tasks: answering `control.ping` is not enough (a worker can answer it
    after a Redis restart and never take a task again), so one must also run a task."""
    try:
        nodes = [name for reply in celery_app.control.ping(timeout=1.0) for name in reply]
    except Exception:
        return False
    return any(liveness.worker_consumes(node, timeout=2.0) for node in nodes)


def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database_up(), "redis": _redis_up(), "worker": _worker_up()}
    return JsonResponse({"ok": all(checks.values()), **checks})
