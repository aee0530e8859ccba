"""Reporting a person where it happened: from a profile, from a table (a chat line, this
moment of the game), through the API; a game's deals reported rigged, with the seed check;
one open report a reporter and person; the moderators' queue by people reporting and
severity; the limits, and every bad input refused with a clear 4xx that changes nothing."""

import json

import pytest
from django.test import Client

from accounts.tokens import token_create
from games.models import Game, Hand
from moderation.models import Report
from moderation.services import reports
from tests.factories import UserFactory
from tests.games.finished import finished_game
from tests.moderation.factories import moderator, table_of

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


def test_reporting_the_same_person_again_adds_to_one_open_report():
    ada, ben = UserFactory.create_batch(2)
    for number in range(1, 4):
        status, answer = api(ada, {"username": ben.username, "reason": "stalling",
                                   "note": f"left again {number}"})  # fmt: skip
        assert (status, answer["filings"]) == ((201, 1) if number == 1 else (200, number))
    status, answer = api(ada, {"username": ben.username, "reason": "cheating"})
    assert (status, answer["status"], answer["filings"]) == (200, "added", 4)
    report = Report.objects.get()
    # The more severe reason is kept; every note is there, the other reason's named.
    assert report.reason == "cheating"
    assert report.note == "left again 1\n\nleft again 2\n\nleft again 3\n\nCheating or collusion"
    client = Client()
    client.force_login(ada)
    page = client.post("/report/", {"username": ben.username, "reason": "name"}, follow=True)
    assert f"Added to your open report about {ben.username}" in page.content.decode()
    assert Report.objects.get().filings == 5
    # Once handled, the next report is a new one; a report in a game is its own.
    Report.objects.update(status=Report.Status.HANDLED)
    assert api(ada, {"username": ben.username, "reason": "chat"})[0] == 201
    assert (
        api(ada, {"username": ben.username, "reason": "chat", "game": table_of(ada, ben).pk})[0]
        == 201
    )
    assert Report.objects.count() == 3


def test_an_open_report_has_room_for_so_many_notes():
    ada, ben = UserFactory.create_batch(2)
    note = "x" * reports.NOTE_LENGTH
    for _ in range(3):
        reports.report_create(reporter=ada, subject=ben, reason="chat", note=note)
    status, answer = api(ada, {"username": ben.username, "reason": "chat", "note": note})
    assert status == 409 and "as long as it can be" in answer["error"]
    assert Report.objects.get().filings == 3


def test_the_queue_puts_more_people_reporting_and_graver_reasons_first():
    ada, bea, ben, cal, dan = UserFactory.create_batch(5)
    for _ in range(reports.REPORTS_AN_HOUR):  # one person, ten times: one reporter
        reports.report_create(reporter=ada, subject=ben, reason="name")
    for reporter in (ada, bea):
        reports.report_create(reporter=reporter, subject=cal, reason="stalling")
        reports.report_create(reporter=reporter, subject=dan, reason="cheating")
    client = Client()
    client.force_login(moderator())
    page = client.get("/admin/moderation/report/queue/").content.decode()
    rows = page.split("<tbody>")[1].split("</tr>")
    order = [next(p.username for p in (ben, cal, dan) if p.username in row) for row in rows[:3]]
    assert order == [dan.username, cal.username, ben.username]
    cells = [cell.split(">", 1)[1] for cell in rows[2].split("</td>")[1:4]]
    assert cells == ["1", "medium", str(reports.REPORTS_AN_HOUR)]  # reporters, severity, filings
    assert "high" in rows[0] and "low" in rows[1]


def test_a_deal_reported_rigged_reaches_the_moderators_with_the_seed_check():
    ada, eve = UserFactory.create_batch(2)
    game = finished_game([ada, "random", "random", "random"])
    last = Hand.objects.filter(game=game).last()
    client = Client()
    client.force_login(ada)
    table = client.get(f"/games/{game.pk}/").content.decode()
    assert "This deal was rigged" in table and "reason=fairness" in table
    form = client.get(f"/report/?reason=fairness&game={game.pk}").content.decode()
    verify = f"/verify/?seed={last.seed}&amp;commitment={last.commitment}"
    assert f"Report the deals of game {game.pk}" in form and verify in form
    page = client.post("/report/", {"reason": "fairness", "game": game.pk, "note": "no spades"},
                       follow=True)  # fmt: skip
    assert "Report received" in page.content.decode()
    report = Report.objects.get()
    assert (report.subject, report.hand, report.seed_check["failed"]) == (None, last.number, [])
    # A seed that does not hash to its commitment is what the check is for.
    Hand.objects.filter(pk=last.pk).update(seed="00" * 32)
    status, answer = api(eve, {"reason": "fairness", "game": game.pk})
    assert status == 201 and answer["seed_check"]["failed"] == [last.number]
    assert answer["seed_check"]["verify"].startswith("/verify/?seed=")
    assert api(eve, {"reason": "fairness", "game": game.pk})[0] == 409  # once a game
    assert "rigged deal is reported with its game" in api(eve, {"reason": "fairness"})[1]["error"]
    boss = Client()
    boss.force_login(moderator())
    queue = boss.get("/admin/moderation/report/queue/").content.decode()
    assert f"The deals of game {game.pk}" in queue and "✘ Does not match" in queue
    assert f"verify hand {last.number}" in queue
    listed = boss.get("/admin/moderation/report/?reason__exact=fairness").content.decode()
    assert "✔ Every seed matches" in listed and "✘ Does not match" in listed
    # A duplicate board's deal is every table's until its event closes: no verify link.
    Game.objects.filter(pk=game.pk).update(players_only=True)
    queue = boss.get("/admin/moderation/report/queue/").content.decode()
    assert "stays secret until its event closes" in queue and last.seed not in queue


def test_the_report_form_points_to_the_verify_page():
    ada, ben = UserFactory.create_batch(2)
    client = Client()
    client.force_login(ada)
    form = client.get(f"/report/?username={ben.username}").content.decode()
    assert 'href="/verify/"' in form and "Think a deal was rigged?" in form
    assert "This deal was rigged" not in form  # a person is not reported for a deal
