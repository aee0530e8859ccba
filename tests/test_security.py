"""Security headers and production settings: the Content-Security-Policy on every page,
HTTPS settings with DEBUG off, `check --deploy`, and WebSockets refusing other sites."""

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from channels.testing import WebsocketCommunicator

from clubs import services as clubs
from games.services import tables
from tests.factories import UserFactory
from tests.leagues.factories import TournamentFactory

ROOT = Path(__file__).resolve().parent.parent


def production_env(**extra) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("SECURE_", "EMAIL_")) and key != "DJANGO_ALLOW_ASYNC_UNSAFE"
    }
    return {
        **env,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "spades.example",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        **extra,
    }


def production_settings(**extra) -> dict:
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; "
        "print(json.dumps({name: getattr(s, name, None) for name in ["
        "'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'SECURE_HSTS_SECONDS', "
        "'SECURE_HSTS_INCLUDE_SUBDOMAINS', 'SECURE_SSL_REDIRECT', 'SECURE_PROXY_SSL_HEADER', "
        "'SECURE_CSP']}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=production_env(**extra),
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_check_deploy_with_debug_off_and_a_real_secret_reports_no_issues():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=production_env(),
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_cookies_are_secure_https_is_enforced_and_hsts_is_configurable():
    found = production_settings()
    assert found["SESSION_COOKIE_SECURE"] and found["CSRF_COOKIE_SECURE"]
    assert found["SECURE_SSL_REDIRECT"] and found["SECURE_HSTS_SECONDS"] == 31536000
    assert found["SECURE_PROXY_SSL_HEADER"] is None
    assert "wss://spades.example:*" in found["SECURE_CSP"]["connect-src"]

    behind_proxy = production_settings(
        SECURE_HSTS_SECONDS="3600",
        SECURE_SSL_REDIRECT="0",  # the proxy redirects
        SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
    )
    assert behind_proxy["SECURE_HSTS_SECONDS"] == 3600
    assert not behind_proxy["SECURE_SSL_REDIRECT"]
    assert behind_proxy["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def policy_of(response) -> dict[str, list[str]]:
    header = response.headers["Content-Security-Policy"]
    return {
        name: values
        for name, *values in (part.split() for part in header.split(";") if part.strip())
    }


def assert_strict_and_kept(response) -> None:
    """The page has a strict policy, and everything inline on it carries the nonce."""
    assert response.status_code == 200
    policy = policy_of(response)
    (nonce,) = [value for value in policy["script-src"] if value.startswith("'nonce-")]
    nonce = nonce[len("'nonce-") : -1]
    for directive in ("script-src", "style-src"):
        assert "'unsafe-inline'" not in policy[directive]
        assert "'unsafe-eval'" not in policy[directive]
    assert f"'nonce-{nonce}'" in policy["style-src"]
    assert "'self'" in policy["connect-src"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    html = response.content.decode()
    for tag in re.findall(r"<(?:script|style)\b[^>]*>", html):
        if "src=" in tag or 'type="application/json"' in tag:
            continue
        assert f'nonce="{nonce}"' in tag, tag
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handlers are blocked"
    assert not re.search(r"<[^>]+\sstyle\s*=", html), "style attributes are blocked"


@pytest.mark.django_db
def test_every_kind_of_page_has_a_strict_content_security_policy(client, admin_client):
    owner = UserFactory()
    club = clubs.club_create(owner=owner, name="Aces")
    game = tables.table_create(owner=owner, bots={1: "random"})
    for url in ["/", "/play/", f"/games/{game.pk}/", "/accounts/login/", "/accounts/signup/"]:
        assert_strict_and_kept(client.get(url))
    client.force_login(owner)
    for url in [f"/games/{game.pk}/", f"/clubs/{club.slug}/", "/ranked/", "/leaderboard/"]:
        assert_strict_and_kept(client.get(url))
    tournament = TournamentFactory()
    for url in ["/admin/", f"/admin/leagues/tournament/{tournament.pk}/change/"]:
        assert_strict_and_kept(admin_client.get(url))
    # A fresh nonce per response
    first, second = (policy_of(client.get("/"))["script-src"] for _ in range(2))
    assert first != second


@pytest.mark.django_db(transaction=True)
async def test_websockets_from_another_site_are_refused():
    from config.asgi import application

    communicator = WebsocketCommunicator(
        application, "/ws/games/1/", headers=[(b"origin", b"https://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected
    await communicator.disconnect()
