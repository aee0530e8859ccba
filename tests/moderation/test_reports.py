"""Reporting a person where it happened: from a profile, from a table (a chat line, this
moment of the game), through the API; the limits, and every bad input refused with a clear
4xx that changes nothing."""

import json

import pytest
from django.test import Client

from accounts.tokens import token_create
from moderation.models import Report
from moderation.services import reports
from tests.factories import UserFactory
from tests.moderation.factories import table_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]


def api(user, body) -> tuple[int, dict]:
    response = Client().post(
        "/api/reports", json.dumps(body), content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token_create(user=user)}",
    )  # fmt: skip
    return response.status_code, response.json()


def test_a_report_from_a_profile_is_received_and_says_so():
    ada, ben = UserFactory.create_batch(2)
    client = Client()
    client.force_login(ada)
    profile = client.get(f"/u/{ben.username}/").content.decode()
    assert f"/report/?username={ben.username}" in profile
    page = client.get(f"/report/?username={ben.username}&next=/u/{ben.username}/")
    assert page.status_code == 200 and "Offensive name" in page.content.decode()
    response = client.post(
        "/report/", {"username": ben.username, "reason": "name", "note": "rude name",
                     "next": f"/u/{ben.username}/"}, follow=True,
    )  # fmt: skip
    assert "Report received" in response.content.decode()
    report = Report.objects.get()
    assert (report.reporter, report.subject, report.reason, report.note) == (
        ada,
        ben,
        "name",
        "rude name",
    )
    assert report.game is None and report.status == "open"
    # Your own profile offers no report.
    assert "/report/?" not in client.get(f"/u/{ada.username}/").content.decode()


def test_a_report_from_the_table_attaches_the_moment_and_the_chat_line():
    ada, ben = UserFactory.create_batch(2)
    game = table_of(ada, ben)
    client = Client()
    client.force_login(ada)
    table = client.get(f"/games/{game.pk}/").content.decode()
    assert f"Report {ben.username}" in table and f"username={ben.username}" in table
    form = client.get(f"/report/?username={ben.username}&game={game.pk}").content.decode()
    line = game.chat.get(user=ben)
    assert f"hello from {ben}" in form
    client.post(
        "/report/", {"username": ben.username, "reason": "chat", "game": game.pk, "chat": line.pk}
    )
    report = Report.objects.get()
    assert (report.game, report.chat_message, report.version) == (game, line, game.version)
    assert report.hand == game.state["hand_number"]


def test_the_api_and_its_refusals_change_nothing():
    ada, ben = UserFactory.create_batch(2)
    game = table_of(ada, ben)
    other_line = game.chat.get(user=ada)
    refusals = [
        ({"username": ben.username, "reason": "spite"}, 400, "Choose a reason"),
        ({"username": ben.username, "reason": 5}, 400, "must be text"),
        ({"username": ada.username, "reason": "chat"}, 400, "cannot report yourself"),
        ({"username": "nobody", "reason": "chat"}, 404, "nobody called"),
        ({"reason": "chat"}, 400, "Say who you report"),
        ({"username": ben.username, "reason": "chat", "note": "x" * 501}, 400, "at most 500"),
        ({"username": ben.username, "reason": "chat", "chat": other_line.pk}, 400, "with its game"),
        ({"username": ben.username, "reason": "chat", "game": game.pk, "chat": other_line.pk}, 404,
         "no such chat line"),
        ({"username": ben.username, "reason": "chat", "game": 10**9}, 404, ""),
    ]  # fmt: skip
    for body, status, words in refusals:
        got, answer = api(ada, body)
        assert (got, words in answer.get("error", "")) == (status, True), (body, answer)
    assert not Report.objects.exists()
    status, answer = api(ada, {"username": ben.username, "reason": "cheating", "game": game.pk})
    assert status == 201 and answer["status"] == "received"
    status, answer = api(ada, {"username": ben.username, "reason": "chat", "game": game.pk})
    assert status == 409 and "already" in answer["error"]  # once a game
    assert Report.objects.count() == 1


def test_ten_reports_an_hour():
    ada = UserFactory()
    for person in UserFactory.create_batch(reports.REPORTS_AN_HOUR):
        reports.report_create(reporter=ada, subject=person, reason="other")
    status, answer = api(ada, {"username": UserFactory().username, "reason": "other"})
    assert status == 429 and "10 reports an hour" in answer["error"]
    assert Report.objects.count() == reports.REPORTS_AN_HOUR


def test_a_private_game_cannot_be_reported_by_someone_outside_it():
    ada, ben, eve = UserFactory.create_batch(3)
    game = table_of(ada, ben)
    game.private = True
    game.save(update_fields=["private"])
    status, _ = api(eve, {"username": ben.username, "reason": "cheating", "game": game.pk})
    assert status == 404 and not Report.objects.exists()
