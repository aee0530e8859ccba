"""A bot's card is reported from a finished hand; a moderator reads it beside the
double-dummy judgment of its position, and the reports export as positions the bots take.
A duplicate board's cards stay secret while its event is open."""

import json
import random
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from games.bots import get_bot
from games.engine import Ruleset
from moderation import botplays
from moderation.models import Report
from moderation.services import reports
from social.models import Notification
from tests.factories import UserFactory
from tests.games.finished import finished_game
from tests.moderation.factories import moderator

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]


def test_a_bots_card_is_reported_judged_and_exported():
    ada = UserFactory()
    game = finished_game([ada, "standard", "random", "standard"])
    plays = botplays.bot_plays(game)
    assert plays and all(play["seat"] in (1, 2, 3) for play in plays)
    client = Client()
    client.force_login(ada)
    table = client.get(f"/games/{game.pk}/").content.decode()
    assert "Report a bot&#x27;s card" in table
    form = client.get(f"/report/?reason=bot&game={game.pk}").content.decode()
    assert f'value="{plays[0]["version"]}"' in form
    played = plays[5]
    client.post("/report/", {"reason": "bot", "game": game.pk, "version": played["version"],
                             "note": "threw the ace away"})  # fmt: skip
    report = Report.objects.get()
    assert (report.subject, report.seat, report.hand) == (None, played["seat"], played["hand"])

    boss = Client()
    boss.force_login(moderator())
    page = boss.get(f"/admin/moderation/report/{report.pk}/card/").content.decode()
    judged = botplays.judged(game, report.version)
    assert judged["card"] == played["card"] and judged["best"] >= judged["played"]
    assert f"<strong>{played['card']}</strong>" in page and "double dummy" in page

    out = StringIO()
    call_command("export_bot_reports", stdout=out, stderr=StringIO())
    (line,) = out.getvalue().splitlines()
    position = json.loads(line)
    assert position["card"] == played["card"] and position["view"]["seat"] == played["seat"]
    # What a bot takes: the exported view gives a legal card back.
    rules = Ruleset.from_dict(position["view"]["ruleset"])
    card = get_bot("standard")(position["view"], rules, random.Random(1)).card.code
    assert card in position["view"]["hand"]

    boss.post(
        "/admin/moderation/report/",
        {"action": "play_reports_handled", "_selected_action": [report.pk]},
    )
    report.refresh_from_db()
    assert report.status == "handled"
    assert Notification.objects.filter(user=ada, text__contains="bot's card was handled").exists()


def test_only_a_bots_card_of_a_finished_hand_is_reported_and_once():
    ada = UserFactory()
    game = finished_game([ada, "standard", "random", "standard"])
    person_play = game.actions.filter(kind="play", seat=0).first().version
    for version in (person_play, 10**9, None):
        with pytest.raises(Exception, match="Choose a card a bot played"):
            reports.report_create(
                reporter=ada, subject=None, reason="bot", game_id=game.pk, version=version
            )
    version = botplays.bot_plays(game)[0]["version"]
    reports.report_create(
        reporter=ada, subject=None, reason="bot", game_id=game.pk, version=version
    )
    with pytest.raises(Exception, match="reported this card already"):
        reports.report_create(
            reporter=ada, subject=None, reason="bot", game_id=game.pk, version=version
        )
    with pytest.raises(Exception, match="not a person"):
        reports.report_create(
            reporter=ada, subject=UserFactory(), reason="bot", game_id=game.pk, version=version
        )


def test_a_duplicate_board_still_secret_shows_no_analysis_and_is_not_exported():
    ada = UserFactory()
    game = finished_game([ada, "standard", "random", "standard"])
    version = botplays.bot_plays(game)[0]["version"]
    report = reports.report_create(
        reporter=ada, subject=None, reason="bot", game_id=game.pk, version=version
    )
    game.players_only = True
    game.save(update_fields=["players_only"])
    boss = Client()
    boss.force_login(moderator())
    page = boss.get(f"/admin/moderation/report/{report.pk}/card/").content.decode()
    assert "event is still open" in page and "It played" not in page
    out = StringIO()
    call_command("export_bot_reports", stdout=out, stderr=StringIO())
    assert out.getvalue() == ""
