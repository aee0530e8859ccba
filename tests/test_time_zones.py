"""Times on the reader's clock: the zone their browser tells (a cookie), kept on their
account, changed on their profile; the one way a moment is put in words (core.clock)."""

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from accounts.models import User
from core.clock import your_time
from leagues.models import Fixture
from leagues.services import seasons
from tests.clubs.factories import club_with
from tests.factories import UserFactory
from tests.leagues.factories import past, season_with_teams

pytestmark = pytest.mark.django_db

# The next day of the daily challenge starts at 00:00 UTC: 05:30 in Kolkata (no summer
# time there, so on any date), 21:00 the evening before in Buenos Aires.
KOLKATA, BUENOS_AIRES = "Asia/Kolkata", "America/Argentina/Buenos_Aires"


def day_starts(client) -> str:
    """How the how-to-play page words the start of the next UTC day."""
    html = client.get("/how-to-play/").content.decode()
    start = html.index("so the next one starts")
    return html[start : html.index("</li>", start)]


def test_a_moment_is_worded_on_the_readers_clock_with_how_far_off_it_is():
    now = datetime(2026, 11, 27, 12, 40, tzinfo=UTC)
    with timezone.override(ZoneInfo("Europe/Paris")):
        assert your_time(now + timedelta(hours=5, minutes=20), now=now) == (
            "19:00 your time, in 5 hours 20 minutes"
        )
        assert your_time(datetime(2026, 11, 28, tzinfo=UTC), now=now) == (
            "tomorrow 01:00 your time, in 11 hours 20 minutes"
        )
        assert your_time(now + timedelta(days=8), now=now) == (
            "Sat 5 Dec 13:40 your time, in 8 days"
        )
        assert your_time(now - timedelta(minutes=3), now=now) == "13:37 your time, 3 minutes ago"
    # No zone known (a first visit, a socket, a task): UTC, said so.
    assert your_time(now + timedelta(minutes=10), now=now) == "12:50 UTC, in 10 minutes"


def test_the_browsers_zone_in_a_cookie_shows_pages_on_its_clock(client):
    assert "00:00 UTC" in day_starts(client)
    client.cookies["tz"] = KOLKATA
    assert "05:30 your time" in day_starts(client)
    client.cookies["tz"] = BUENOS_AIRES
    assert "21:00 your time" in day_starts(client)


@pytest.mark.parametrize("junk", ["Mars/Olympus_Mons", "../../etc/passwd", "localtime", "x" * 300])
def test_a_cookie_that_names_no_zone_is_ignored(client, user, junk):
    client.cookies["tz"] = junk
    assert "00:00 UTC" in day_starts(client)
    client.force_login(user)
    assert "00:00 UTC" in day_starts(client)
    user.refresh_from_db()
    assert user.time_zone == ""


def test_a_signed_in_person_keeps_the_zone_their_browser_told_and_their_own_first(client, user):
    client.force_login(user)
    client.cookies["tz"] = KOLKATA
    assert "05:30 your time" in day_starts(client)
    user.refresh_from_db()
    assert user.time_zone == KOLKATA
    # Their stored zone wins over what a browser tells later (another machine, a trip).
    client.cookies["tz"] = BUENOS_AIRES
    assert "05:30 your time" in day_starts(client)
    user.refresh_from_db()
    assert user.time_zone == KOLKATA
    # And it follows them to a browser that tells nothing.
    del client.cookies["tz"]
    assert "05:30 your time" in day_starts(client)


def test_the_daily_challenge_closes_on_the_readers_clock(client):
    client.cookies["tz"] = KOLKATA
    html = client.get("/daily/", follow=True).content.decode()
    assert "Open until" in html and "05:30 your time, in " in html
    assert "UTC</span>" not in html


def test_a_person_changes_their_zone_on_their_profile(client, user):
    client.force_login(user)
    profile = client.get(f"/u/{user.username}/").content.decode()
    assert 'name="time_zone"' in profile and f'<option value="{KOLKATA}">' in profile
    saved = client.post(
        "/settings/time-zone", {"time_zone": KOLKATA, "next": f"/u/{user.username}/"}, follow=True
    )
    assert saved.redirect_chain[-1][0] == f"/u/{user.username}/"
    assert f"times now show on the clock of {KOLKATA}" in saved.content.decode()
    assert f'<option value="{KOLKATA}" selected>' in saved.content.decode()
    user.refresh_from_db()
    assert user.time_zone == KOLKATA
    assert "05:30 your time" in day_starts(client)


@pytest.mark.parametrize("junk", ["Mars/Olympus_Mons", "", "<b>Europe/Paris</b>"])
def test_an_unknown_zone_is_a_clear_400_that_changes_nothing(client, user, junk):
    user.time_zone = BUENOS_AIRES
    user.save()
    client.force_login(user)
    refused = client.post("/settings/time-zone", {"time_zone": junk})
    page = refused.content.decode()
    assert refused.status_code == 400
    assert ("is not a time zone: pick one" if junk else "Pick a time zone") in page
    assert "<b>Europe" not in page
    assert User.objects.get(pk=user.pk).time_zone == BUENOS_AIRES


def test_only_the_person_sees_their_zone_and_only_signed_in_people_set_one(client, user):
    other = UserFactory()
    client.force_login(user)
    assert 'name="time_zone"' not in client.get(f"/u/{other.username}/").content.decode()
    assert client.get("/settings/time-zone").status_code == 405  # a form's address
    client.logout()
    answer = client.post("/settings/time-zone", {"time_zone": KOLKATA})
    assert answer.status_code == 302 and "/accounts/login/" in answer.url


def test_a_league_deadline_reads_and_is_set_on_the_readers_clock(client):
    admin = UserFactory(time_zone=KOLKATA)
    club, _ = club_with(owner=admin)
    season = season_with_teams(club, admin, 2)
    seasons.season_start(season=season, admin=admin)
    fixture = season.fixtures.get()
    Fixture.objects.filter(pk=fixture.pk).update(deadline=past())
    client.force_login(admin)
    assert "New deadline (your time)" in client.get(f"/fixtures/{fixture.pk}/").content.decode()
    # The admin types 18:00 on their own clock: 12:30 UTC.
    day = (timezone.now() + timedelta(days=3)).date()
    client.post(f"/fixtures/{fixture.pk}/extend", {"deadline": f"{day}T18:00", "note": ""})
    fixture.refresh_from_db()
    assert fixture.deadline == datetime.combine(day, time(12, 30), tzinfo=UTC)
    page = client.get(f"/fixtures/{fixture.pk}/").content.decode()
    assert "18:00 your time, in 2 days" in page or "18:00 your time, in 3 days" in page
