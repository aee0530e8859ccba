"""Django settings, read from the environment with safe defaults for local use."""

import os
from importlib.util import find_spec
from pathlib import Path
from urllib.parse import parse_qs, urlsplit, urlunsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from core import logs

BASE_DIR = Path(__file__).resolve().parent.parent
# Local databases, sockets, logs and collected static files; never committed. An install
# from the wheel sets VAR_DIR (its code lives in site-packages, no place for data).
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.lower() in {"1", "true", "yes", "on"}


DEFAULT_SECRET_KEY = "insecure-local-development-key"
SECRET_KEY = os.environ.get("SECRET_KEY", DEFAULT_SECRET_KEY)
DEBUG = env_flag("DEBUG", True)
if not DEBUG and SECRET_KEY == DEFAULT_SECRET_KEY:
    raise ImproperlyConfigured("Set SECRET_KEY: production refuses the default secret.")
ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")
    if host.strip()
]
CSRF_TRUSTED_ORIGINS = [
    origin.strip() for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if origin
]

# HTTPS. Behind a proxy that ends TLS, say which header tells the original scheme, e.g.
# SECURE_PROXY_SSL_HEADER=X-Forwarded-Proto (value "https"; "Name=value" for another),
# and have the proxy always set it: else every request looks like plain HTTP (and,
# with the redirect on, redirects forever).
if proxy_header := os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip():
    name, _, value = proxy_header.partition("=")
    SECURE_PROXY_SSL_HEADER = (
        "HTTP_" + name.strip().upper().replace("-", "_"),
        value.strip() or "https",
    )
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # load balancers probe over plain HTTP
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = not DEBUG
# Browsers remember to use HTTPS only for this many seconds; start lower (e.g. 3600)
# when a domain first moves to HTTPS, since it cannot be taken back early.
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", False)
SILENCED_SYSTEM_CHECKS = [
    # HSTS preload is a submission to the browsers' built-in lists that binds the whole
    # domain for months: the domain owner's decision (SECURE_HSTS_PRELOAD=1), not a default.
    "security.W021",
]


def websocket_sources(hosts: list[str], *, debug: bool) -> list[str]:
    """CSP sources for the site's own WebSockets (wss:, and ws: in development) on each
    allowed host. Current browsers match them with 'self' already (CSP 3); these are for
    those that match 'self' to http(s) only. A wildcard host has no CSP spelling: 'self'."""
    schemes = ["wss", "ws"] if debug else ["wss"]
    sources = []
    for host in hosts:
        if host == "*" or host.startswith("["):  # any host; an IPv6 literal
            continue
        names = [host[1:], f"*{host}"] if host.startswith(".") else [host]
        sources += [f"{scheme}://{name}:*" for name in names for scheme in schemes]
    return sources


# Content Security Policy: scripts and styles from this site or carrying the page's
# nonce ({{ csp_nonce }}), no inline event handlers or style attributes, no eval.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],  # the favicon is a data: URI
    "connect-src": [CSP.SELF, *websocket_sources(ALLOWED_HOSTS, debug=DEBUG)],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

INSTALLED_APPS = [
    "daphne",
    "core",  # the site's base templates and static files, before the apps they override
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "social",
    "ranked",
    "leagues",
    "analysis",
    "clubs",
    "duplicate",
    "events",
    "moderation",
]

MIDDLEWARE = [
    "core.logs.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "core.middleware.ErrorMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.TimeZoneMiddleware",
    "accounts.middleware.PersonalPagesMiddleware",
    "accounts.browsers.BrowserMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

NINJA_DIR = Path(find_spec("ninja").origin).parent  # /api/docs' files, unloaded (core.api_docs)
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [NINJA_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "social.context.bell",
            ],
        },
    },
    {
        # The live table (games/jinja2/), rendered for every viewer on every move.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "APP_DIRS": True,
        "OPTIONS": {"environment": "config.jinja2.environment"},
    },
]

# Databases: PostgreSQL from DATABASE_URL, else a local SQLite file. The SQLite test
# database is a file too, so that worker and server processes started by tests see it.
VAR_DIR.mkdir(parents=True, exist_ok=True)
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # One file per test run, so that runs side by side do not share a database.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-db-{os.getpid()}.sqlite3")}
else:
    DATABASES["default"]["TEST"] = {"NAME": f"test_spades_{os.getpid()}"}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def celery_url(redis_url: str) -> str:
    """Kombu spells a unix socket as redis+socket:// (database: virtual_host) where redis-py
    says unix:// (database: db)."""
    parts = urlsplit(redis_url)
    if parts.scheme == "unix":
        database = parse_qs(parts.query).get("db", ["0"])[0]
        return f"redis+socket://{parts.path}?virtual_host={database}"
    return redis_url


def redis_database(redis_url: str) -> int:
    """The database number a Redis URL names (0 when it names none)."""
    parts = urlsplit(redis_url)
    if parts.scheme == "unix":
        return int(parse_qs(parts.query).get("db", ["0"])[0])
    return int(parts.path.strip("/") or 0)


def with_database(redis_url: str, database: int) -> str:
    parts = urlsplit(redis_url)
    if parts.scheme == "unix":
        return f"unix://{parts.path}?db={database}"
    return urlunsplit(parts._replace(path=f"/{database}"))


# Redis carries the Channels layer and the Celery broker. `make run` and `make test`
# start an embedded Redis and set REDIS_URL when none is configured.
REDIS_URL = os.environ.get("REDIS_URL", f"unix://{VAR_DIR / 'redis.sock'}")
# `make test` runs tests in parallel processes (pytest-xdist workers gw0, gw1, ...): each
# has a Redis database of its own, as it has its own test database, and so do the workers
# and servers it starts (they inherit the variable). They follow the database REDIS_URL
# names (0: 1, 2, 3; 8: 9, 10, 11), so that test runs sharing a Redis can stay apart; the
# base is kept in the environment, for the processes started with the worker's own URL.
if test_worker := os.environ.get("PYTEST_XDIST_WORKER"):
    base = int(os.environ.setdefault("REDIS_TEST_BASE", str(redis_database(REDIS_URL))))
    REDIS_URL = with_database(REDIS_URL, base + 1 + int(test_worker.removeprefix("gw")))
# Pub/sub: a group message is published once and fanned out to its consumers inside each
# server process, instead of queued in Redis once per consumer and read back one by one.
# Pushes are not stored, which the game feed does not need: every push is the full state
# with its version, and a client that reconnects gets the state afresh.
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {
            "hosts": [{"address": REDIS_URL, "socket_connect_timeout": 5}],
            # Pub/sub channels are not per database: the prefix keeps test processes apart.
            "prefix": f"spades{test_worker or ''}",
        },
    }
}

CELERY_BROKER_URL = celery_url(REDIS_URL)
CELERY_RESULT_BACKEND = celery_url(REDIS_URL)
CELERY_TASK_ACKS_LATE = True  # tasks are idempotent; a crashed worker's task runs again
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_RESULT_EXPIRES = 3600

# Recovery from a Redis restart or a network cut (issue #13). Every value below is
# there to shorten the time until games move again; all tasks are short and idempotent.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # A task taken by a worker that died comes back after this long; ours run for
    # well under a second with countdowns of about one, so a minute is plenty.
    "visibility_timeout": 60,
    # Look for such abandoned tasks every 10 s rather than every 100 s (10 x 10).
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    # A publish or command on a dead connection fails after 5 s instead of hanging.
    "socket_timeout": 5,
    "socket_connect_timeout": 5,
    # The OS notices a peer that vanished without closing the connection.
    "socket_keepalive": True,
    # PING idle connections and drop a silent BRPOP after 1 + 5 s, not 1 + 25 s.
    "health_check_interval": 5,
}
CELERY_BROKER_CONNECTION_RETRY = True  # a worker that lost Redis reconnects, not shuts down
CELERY_BROKER_CONNECTION_MAX_RETRIES = None  # ...however long Redis is away (default: 100)
CELERY_BROKER_CHANNEL_ERROR_RETRY = True  # a channel error is retried like a lost connection
# An acks_late task running when Redis went away is cancelled and delivered again rather
# than finished without a way to acknowledge it (the default from Celery 6 on).
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# Celery 5.7.0's consumer exits on a broker restart with tasks in flight, whatever the
# setting above; this one only differs in how it lets go of the lost connection (issue #27).
CELERY_WORKER_CONSUMER = "config.celery:Consumer"
# A bot move that cannot be published is found again by the stuck-game sweep: give up
# after about a second instead of holding the player's answer (default: 3 tries, ~2 s).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
# Each worker also consumes its own queue "<hostname>.dq2", so that `config.liveness`
# can send a task to that one worker and prove it really consumes (not only answers ping).
CELERY_WORKER_DIRECT = True
# A game's analysis runs for minutes: its own queue and worker (config.devstack, README), so
# that it never holds up bot moves and turn timeouts, nor makes the live worker look deaf.
CELERY_TASK_ROUTES = {
    "analysis.*": {"queue": "analysis"},
    # A daily board's double-dummy tricks: up to a second or two of a core each.
    "duplicate.solve_board": {"queue": "analysis"},
}
# The result backend (only `ping` results matter) retries over a Redis restart instead
# of failing the task, with fast sockets and the same health checks as the broker.
CELERY_RESULT_BACKEND_ALWAYS_RETRY = True
CELERY_RESULT_BACKEND_MAX_RETRIES = 20  # with the sleeps below: about 30 s, then give up
CELERY_RESULT_BACKEND_BASE_SLEEP_BETWEEN_RETRIES_MS = 100
CELERY_RESULT_BACKEND_MAX_SLEEP_BETWEEN_RETRIES_MS = 2000
CELERY_REDIS_SOCKET_TIMEOUT = 5  # default 120 s: a lost backend connection would stall a task
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 5
# Keepalive is a TCP option: redis-py fails to connect over a unix socket with it.
CELERY_REDIS_SOCKET_KEEPALIVE = not REDIS_URL.startswith("unix:")
CELERY_REDIS_BACKEND_HEALTH_CHECK_INTERVAL = 5  # PING a pooled connection idle for 5 s first
# Beat touches this file each time it hands a task to the broker; `python -m
# config.liveness --beat FILE` reads its age to tell a stuck beat from a working one.
BEAT_HEARTBEAT_FILE = os.environ.get("BEAT_HEARTBEAT_FILE", "")
CELERY_BEAT_SCHEDULER = "config.celery:HeartbeatScheduler"
CELERY_TIMEZONE = "UTC"

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
    # A closed account's old name still logs in during its grace (and so reopens it).
    "accounts.backends.ClosedAccountBackend",
]
# Closed accounts: their names stay reserved, logging in reopens them (accounts.adapter).
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"signup": "accounts.adapter.SignupForm"}
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
# Nobody learns from sign-up or password reset whether an address has an account:
# allauth answers "we sent you an e-mail" either way and writes to the address instead.
# At sign-up this holds only with mandatory verification (with "optional" a taken
# address must be refused, or two accounts would share it).
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
# Following the link in the browser that signed up signs in (allauth does so only for
# the sign-up pending in that session).
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_ON_GET = False
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
# Sign-up needs mail that arrives: production sends by SMTP (EMAIL_HOST...), development
# prints mails on the console.
SMTP = "django.core.mail.backends.smtp.EmailBackend"
MAILERS = {
    "default": {
        "BACKEND": os.environ.get("EMAIL_BACKEND")
        or ("core.mail.ConsoleBackend" if DEBUG else SMTP)
    }
}
if MAILERS["default"]["BACKEND"] == SMTP:
    MAILERS["default"]["OPTIONS"] = {
        "host": os.environ.get("EMAIL_HOST", "localhost"),
        "port": int(os.environ.get("EMAIL_PORT", "25")),
        "username": os.environ.get("EMAIL_HOST_USER", ""),
        "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "use_tls": env_flag("EMAIL_USE_TLS", False),
    }
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Spades <noreply@localhost>")

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [NINJA_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"  # filled by collectstatic for production
STATIC_ROOT.mkdir(exist_ok=True)
WHITENOISE_USE_FINDERS = DEBUG  # Daphne has no static handler of its own in development
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# One JSON line a record in production (with its request or task), readable lines locally;
# beat's ticks and every task's receipt and success count as DEBUG (core.logs).
LOGGING = logs.config(os.environ.get("LOG_LEVEL", "INFO").upper(), production=not DEBUG)

# Live games
BOT_MOVE_DELAY = float(os.environ.get("BOT_MOVE_DELAY", "0.6"))  # seconds; feels human
# Pauses after a trick is complete and after a hand ends, added to the next bot move and to
# the next person's turn time, so that every viewer sees the full trick and the hand's
# result at the same pace. (Their sum plus BOT_MOVE_DELAY stays under the sweep's grace.)
TRICK_PAUSE = float(os.environ.get("TRICK_PAUSE", "1.2"))
HAND_PAUSE = float(os.environ.get("HAND_PAUSE", "5"))
# A bot's move this overdue had its task lost (e.g. a broker restart). A bot moves within
# about a second; re-arming one that was not lost is harmless (its task is a no-op). Grace
# plus sweep interval bound how long a game waits after Redis lost its queue: at most
# 8 + 5 s, well inside the promise that games resume within 30 s of Redis answering again.
SWEEP_GRACE_SECONDS = float(os.environ.get("SWEEP_GRACE_SECONDS", "8"))
CELERY_BEAT_SCHEDULE = {
    # A person's turn times out within a second of its deadline.
    "fire-turn-timeouts": {
        "task": "games.fire_turn_timeouts",
        "schedule": 1.0,
        "options": {"expires": 1.0},  # a busy worker skips ticks rather than piling them up
    },
    "sweep-stuck-games": {
        "task": "games.sweep_stuck_games",
        "schedule": float(os.environ.get("SWEEP_INTERVAL", "5")),
    },
    "ranked-form-tables": {"task": "ranked.form_tables", "schedule": 2.0},
    "events-seat": {"task": "events.seat", "schedule": 2.0},
    "events-sweep": {"task": "events.sweep", "schedule": 30.0},
    "events-schedule": {
        "task": "events.schedule",
        "schedule": float(os.environ.get("EVENTS_SCHEDULE_SECONDS", "30")),
    },
    "ranked-rate-pending": {"task": "ranked.rate_pending", "schedule": 30.0},
    "leagues-sweep": {"task": "leagues.sweep", "schedule": 30.0},
    # Tournaments that run themselves: the next round starts within seconds of the last.
    "leagues-autorun": {
        "task": "leagues.autorun",
        "schedule": float(os.environ.get("TOURNAMENTS_STEP_SECONDS", "5")),
    },
    # The daily challenge: made and committed a day ahead, closed when its day ends.
    "duplicate-prepare": {"task": "duplicate.prepare", "schedule": 600.0},
    "duplicate-sweep": {"task": "duplicate.sweep", "schedule": 30.0},
    # Closed accounts are erased within the hour after their 7 days of grace.
    "accounts-erase-closed": {"task": "accounts.erase_closed", "schedule": 3600.0},
}
