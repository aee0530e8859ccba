"""Site-wide pages: the home page and the health check."""

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from config.celery import app as celery_app


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


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
    try:
        return bool(celery_app.control.ping(timeout=1.0))
    except Exception:
        return False


def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database_up(), "redis": _redis_up(), "worker": _worker_up()}
    return JsonResponse({"ok": all(checks.values()), **checks})
