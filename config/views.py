"""Site-wide pages: the home page, how to play and the health check."""

from datetime import UTC, datetime, time, timedelta

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from accounts.adapter import FIRST_LOGIN
from clubs.selectors import clubs_of
from config import liveness
from config.celery import app as celery_app
from duplicate import imps
from duplicate.selectors import daily as daily_selectors
from events import selectors as arena_selectors
from games import rules_text, selectors as game_selectors
from leagues import selectors as tournament_selectors

# How long the session of an account's first login is greeted as a first visit.
FIRST_VISIT = timedelta(days=1)


def _next_daily(now: datetime) -> datetime:
    """When the next daily challenge starts (and today's closes): its day is a UTC day, one
    set of boards for the whole world."""
    today = now.astimezone(UTC).date()
    return datetime.combine(today + timedelta(days=1), time.min, tzinfo=UTC)


def _first_visit(request: HttpRequest, now: datetime) -> bool:
    """A signed-in person here for the first time: the session of their account's first
    login (accounts.adapter marks it), not a day old, before their first game."""
    user = request.user
    return bool(
        user.is_authenticated
        and request.session.get(FIRST_LOGIN)
        and user.last_login is not None
        and now - user.last_login < FIRST_VISIT
        and not game_selectors.ever_seated(user.pk)
    )


def _coming_up(user, now: datetime) -> list[dict]:
    """What the home page says starts next, one of each kind open to the person: the arena
    and the tournament that run now or start first, and the day's daily challenge. A "chip"
    says one runs now ("live", "open" for the daily's boards), none that it starts later."""
    shown = []
    arenas = arena_selectors.arenas_by_state(now=now)
    clubs = clubs_of(user)
    arena = next(
        (a for a in arenas["live"] + arenas["upcoming"] if arena_selectors.open_to(a, clubs)),
        None,
    )
    if arena is not None:
        live = arena.starts_at <= now
        shown.append(
            dict(kind="Arena", name=arena.name, url=arena.get_absolute_url(),
                 chip="live" if live else "", starts_at=arena.starts_at, ends_at=arena.ends_at)
        )  # fmt: skip
    cups = tournament_selectors.lobby_tournaments(user, shown=1)["lobby_tournaments"]
    for cup in cups:
        live = cup.status == cup.Status.RUNNING
        shown.append(
            dict(kind="Tournament", name=cup.name, url=tournament_selectors.tournament_url(cup),
                 chip="live" if live else "", starts_at=cup.starts_at)
        )  # fmt: skip
    today = daily_selectors.week_from(now.astimezone(UTC).date())[0]
    shown.append(
        dict(kind="Daily challenge", name=f"Today's boards: {today['name']}",
             url=reverse("duplicate:today"), chip="open", ends_at=_next_daily(now))
    )  # fmt: skip
    return shown


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    context = {
        "coming_up": _coming_up(request.user, now),
        "first_visit": _first_visit(request, now),
    }
    return render(request, "home.html", context)


@require_GET
def how_to_play(request: HttpRequest) -> HttpResponse:
    # The daily challenge's day is a UTC day: the page says when the next one starts on the
    # reader's clock.
    context = {
        "presets": rules_text.presets_in_words(),
        "clashes": rules_text.clashes_in_words(),
        "imp_scale": imps.scale(),
        "next_day": _next_daily(timezone.now()),
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
