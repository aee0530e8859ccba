"""Notices worded when shown (issue 48, Must 5): a moment on the reader's clock, not the
writer's; "starts in" true when read; people by the name they have now."""

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone

from accounts.tokens import token_create
from leagues.services import autorun
from moderation.models import Decision
from social import notices, services
from social.models import Notification
from tests.factories import UserFactory
from tests.helpers import told
from tests.leagues.factories import TournamentFactory
from tests.moderation.factories import moderator

pytestmark = pytest.mark.django_db

TOKYO, NEW_YORK = ZoneInfo("Asia/Tokyo"), ZoneInfo("America/New_York")


def test_a_bar_from_tokyo_reads_on_new_yorks_clock_in_the_bell_and_the_api():
    boss = moderator(time_zone="Asia/Tokyo")
    ned = UserFactory(time_zone="America/New_York")
    tokyo = Client()
    tokyo.force_login(boss)
    form = {"kind": "bar", "minutes": 600, "reason": "two accounts"}
    assert tokyo.post(f"/admin/moderation/report/person/{ned.pk}/", form).status_code == 302
    until = Decision.objects.get(subject=ned).until
    theirs = f"{until.astimezone(NEW_YORK):%H:%M} your time"
    wrong = f"{until.astimezone(TOKYO):%H:%M}"

    ned_client = Client()
    ned_client.force_login(ned)
    bell = ned_client.get("/notifications/").content.decode()
    assert "barred you from ranked play and events until" in bell
    assert theirs in bell and wrong not in bell
    token = token_create(user=ned)
    api = Client().get("/api/notifications", headers={"Authorization": f"Bearer {token}"})
    (line,) = api.json()["notifications"]
    assert theirs in line["text"] and wrong not in line["text"]
    # The toast, pushed while the moderator's request runs on Tokyo's clock, reads on ned's.
    notification = Notification.objects.get(user=ned)
    with timezone.override(TOKYO):
        pushed = notices.words_for(ned, notification.text, notification.data)
    assert theirs in pushed and wrong not in pushed


def test_starts_in_is_worded_when_read_not_when_written():
    start = timezone.now() + timedelta(minutes=5)
    cup = TournamentFactory(name="Evening Cup", starts_at=start)
    ada = UserFactory()
    cup.entrants.create(player_a=ada)
    assert autorun.tournaments_announce(now=start - timedelta(minutes=5)) == 1
    assert told(ada, now=start - timedelta(minutes=5)) == ["Evening Cup starts in 5 minutes"]
    assert told(ada, now=start - timedelta(minutes=1)) == ["Evening Cup starts in 1 minute"]
    assert told(ada, now=start + timedelta(minutes=30)) == ["Evening Cup started 30 minutes ago"]


def test_a_person_is_named_as_they_are_called_now():
    ada, bob = UserFactory(), UserFactory()
    services.friend_request_send(user=ada, other=bob)
    assert told(bob) == [f"{ada.username} wants to be your friend"]
    ada.username = "ada_renamed"
    ada.save(update_fields=["username"])
    assert told(bob) == ["ada_renamed wants to be your friend"]
    # A plain text is shown as written, braces and all.
    services.notify([bob], "Scores {so far}: 120 to 80")
    assert told(bob)[0] == "Scores {so far}: 120 to 80"
