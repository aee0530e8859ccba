"""The foundation: pages, accounts through the real allauth pages, health, Celery."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

from accounts.models import User
from accounts.services import demo_data_create
from config.celery import ping

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
def test_home_page_renders_with_htmx_and_nav(client):
    response = client.get("/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "htmx-2.min.js" in html and "hx-ws-2.min.js" in html
    assert "Sign up" in html and "Log in" in html


def sign_up(client, username: str, email: str):
    return client.post(
        "/accounts/signup/",
        {
            "username": username,
            "email": email,
            "password1": "a-long-Secret-123",
            "password2": "a-long-Secret-123",
        },
        follow=True,
    )


@pytest.mark.django_db
def test_sign_up_verify_the_address_log_out_and_log_back_in(client):
    response = sign_up(client, "alice", "alice@example.com")
    assert response.status_code == 200
    assert "Signed in as" not in response.content.decode()  # not before the address is verified
    assert User.objects.get(username="alice").email == "alice@example.com"
    (message,) = mail.outbox
    link = re.search(r"http://testserver(/accounts/confirm-email/\S+)", message.body).group(1)
    response = client.post(link, follow=True)
    assert "Signed in as" in response.content.decode()

    response = client.post("/accounts/logout/", follow=True)
    assert "Signed in as" not in response.content.decode()

    response = client.post(
        "/accounts/login/", {"login": "alice", "password": "a-long-Secret-123"}, follow=True
    )
    assert '<a href="/u/alice/"><strong>alice</strong></a>' in response.content.decode()


def page_text(response, address: str) -> str:
    """What a person reads on the page (no tokens, no markup), the address they typed
    in as ADDRESS."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", response.content.decode(), flags=re.S)
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    return re.sub(re.escape(address), "ADDRESS", text, flags=re.I)


@pytest.mark.django_db
def test_sign_up_does_not_tell_whether_an_address_has_an_account(client, user):
    new = sign_up(client, "newcomer", "newcomer@example.com")
    client.logout()
    taken = sign_up(client, "somebody", user.email.upper())
    assert [url for url, _ in taken.redirect_chain] == [url for url, _ in new.redirect_chain]
    assert taken.status_code == new.status_code == 200
    assert page_text(taken, user.email) == page_text(new, "newcomer@example.com")
    assert "already" not in page_text(taken, user.email)
    assert not User.objects.filter(username="somebody").exists()
    # Each address gets a mail (a link to verify, or news of the existing account),
    # so only the owner of the address learns which.
    assert [message.to for message in mail.outbox] == [["newcomer@example.com"], [user.email]]


@pytest.mark.django_db
def test_password_reset_does_not_tell_whether_an_address_has_an_account(client, user):
    known = client.post("/accounts/password/reset/", {"email": user.email}, follow=True)
    unknown = client.post("/accounts/password/reset/", {"email": "nobody@example.com"}, follow=True)
    assert [url for url, _ in unknown.redirect_chain] == [url for url, _ in known.redirect_chain]
    assert unknown.status_code == known.status_code == 200
    assert page_text(unknown, "nobody@example.com") == page_text(known, user.email)


@pytest.mark.django_db
def test_wrong_password_is_refused_with_a_message(client, user):
    response = client.post("/accounts/login/", {"login": user.username, "password": "nope"})
    assert response.status_code == 200
    assert "not correct" in response.content.decode()


@pytest.mark.django_db
def test_password_reset_sends_an_email_with_a_working_link(client, user):
    response = client.post("/accounts/password/reset/", {"email": user.email}, follow=True)
    assert response.status_code == 200
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/key/\S+)", mail.outbox[0].body)
    response = client.get(link.group(1), follow=True)
    assert response.status_code == 200
    assert "password1" in response.content.decode()


@pytest.mark.django_db
def test_demo_data_creates_admin_once_and_bots_that_cannot_log_in():
    password = demo_data_create()
    assert password and User.objects.get(username="admin").check_password(password)
    assert EmailAddress.objects.get(user__username="admin").verified  # may sign in at once
    assert demo_data_create() is None
    bots = User.objects.exclude(bot_level="")
    assert {bot.bot_level for bot in bots} == {"random", "standard", "expert"}
    assert not any(bot.has_usable_password() for bot in bots)


@pytest.mark.django_db
def test_healthz_reports_every_part(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["database"] is True and body["redis"] is True
    assert set(body) == {"ok", "database", "redis", "worker"}


def test_a_real_task_runs_on_a_real_worker(celery_worker, client):
    assert ping.delay().get(timeout=30) == "pong"
    assert client.get("/healthz").json() == {
        "ok": True,
        "database": True,
        "redis": True,
        "worker": True,
    }


def test_production_refuses_to_start_with_the_default_secret():
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    command = [sys.executable, "-c", "import django; django.setup()"]
    refused = subprocess.run(
        command, env={**env, "DEBUG": "0"}, capture_output=True, text=True, cwd=ROOT
    )
    assert refused.returncode != 0 and "Set SECRET_KEY" in refused.stderr
    started = subprocess.run(command, env={**env, "DEBUG": "0", "SECRET_KEY": "x" * 50}, cwd=ROOT)
    assert started.returncode == 0
