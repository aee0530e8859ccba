"""Swiss tournaments from the schedule and from a club's page: created ahead of their
start once (a start missed while beat was down starts late, none skipped), open for
registration from the lobby with one click, entrants told shortly before the start; a
club's for its members only."""

import re
from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from clubs import services as club_services
from core.errors import Forbidden, Invalid
from events.models import EventSchedule, ScheduledTournament
from events.services import clubs, schedule
from leagues.models import Tournament
from leagues.services import autorun, tournaments
from social.models import Notification
from tests.clubs.factories import club_with
from tests.factories import UserFactory
from tests.helpers import told

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]


def weekly_swiss(**fields) -> EventSchedule:
    now = timezone.now().replace(microsecond=0)
    fields = {"first_start": now + timedelta(minutes=30), "ahead_minutes": 24 * 60, **fields}
    return EventSchedule.objects.create(
        name="Sunday Cup", kind="swiss", every="week", preset="classic", rounds=3, hands=4,
        **fields,
    )  # fmt: skip


def test_a_weekly_swiss_is_created_ahead_once_and_runs_itself_with_bounded_games():
    plan = weekly_swiss()
    now = timezone.now()
    (cup,) = schedule.schedules_run(now=now)
    assert isinstance(cup, Tournament) and cup.runs_itself
    assert (cup.format, cup.swiss_rounds, cup.preset, cup.options) == (
        "swiss",
        3,
        "classic",
        {"hands": 4},
    )
    assert cup.status == Tournament.Status.REGISTRATION and cup.starts_at == plan.first_start
    assert cup.name == "Sunday Cup"  # its start is told on each reader's clock, not in it
    assert schedule.schedules_run(now=now) == []  # a second run, or two at once
    (later,) = schedule.schedules_run(now=now + timedelta(weeks=1))
    assert later.starts_at == plan.first_start + timedelta(weeks=1)
    assert ScheduledTournament.objects.count() == 2


def test_starts_missed_while_beat_was_down_start_late_and_none_is_skipped():
    plan = weekly_swiss(ahead_minutes=0)
    back = plan.first_start + timedelta(weeks=2, hours=3)  # beat down for two weeks and more
    made = schedule.schedules_run(now=back)
    assert [ScheduledTournament.objects.get(tournament=t).slot for t in made] == [
        plan.first_start + timedelta(weeks=n) for n in range(3)
    ]
    assert all(t.starts_at == back for t in made)  # each starts late, at once


def test_a_scheduled_swiss_is_named_without_a_utc_time_and_starts_on_the_readers_clock():
    plan = weekly_swiss(first_start=datetime(2026, 12, 6, 18, 0, tzinfo=UTC))
    EventSchedule.objects.filter(pk=plan.pk).update(created_at=plan.first_start - timedelta(days=1))
    (cup,) = schedule.schedules_run(now=plan.first_start - timedelta(hours=1))
    client = Client()
    client.cookies["tz"] = "America/New_York"  # 18:00 UTC is 13:00 there
    for page in (f"/tournaments/{cup.slug}/", "/tournaments/"):
        text = " ".join(re.sub(r"<[^>]+>", " ", client.get(page).content.decode()).split())
        assert "Sunday Cup" in text and "13:00 your time" in text
        assert "18:00" not in text, page


def test_one_click_registration_from_the_lobby_and_a_notice_before_the_start():
    weekly_swiss()
    (cup,) = schedule.schedules_run(now=timezone.now())
    person = UserFactory()
    client = Client()
    client.force_login(person)
    lobby = client.get("/play/").content.decode()
    assert "Sunday Cup" in lobby and f"/tournaments/{cup.slug}/register" in lobby
    response = client.post(f"/tournaments/{cup.slug}/register", {"partner": ""})
    assert response.status_code == 302
    assert cup.entrants.get().player_a == person
    assert "You are in: open" in client.get("/play/").content.decode()

    assert autorun.tournaments_announce(now=cup.starts_at - timedelta(minutes=10)) == 0
    assert autorun.tournaments_announce(now=cup.starts_at - timedelta(minutes=4)) == 1
    assert autorun.tournaments_announce(now=cup.starts_at - timedelta(minutes=3)) == 0  # once
    assert told(person, now=cup.starts_at - timedelta(minutes=4)) == [f"{cup} starts in 4 minutes"]


def test_an_organiser_schedules_a_swiss_for_the_members_only():
    club, (ada, ben) = club_with(members=2)
    owner = club.memberships.get(role="owner").user
    plan = {
        "preset": "classic",
        "starts_at": timezone.now() + timedelta(hours=1),
        "rounds": 3,
        "hands": 4,
    }
    with pytest.raises(Forbidden, match="owner and organisers"):
        clubs.club_swiss_create(club=club, user=ada, name="", **plan)
    with pytest.raises(Invalid, match="1 to 15 rounds"):
        clubs.club_swiss_create(club=club, user=owner, name="", **plan | {"rounds": 40})
    club_services.club_set_role(club=club, owner=owner, user=ada, role="organiser")
    cup = clubs.club_swiss_create(club=club, user=ada, name="Friday Swiss", **plan)
    assert (cup.club, cup.members_only, cup.runs_itself, cup.options) == (
        club,
        True,
        True,
        {"hands": 4},
    )
    told = set(Notification.objects.values_list("user__username", flat=True))
    assert told == {ben.username, owner.username}
    with pytest.raises(Forbidden, match=f"for members of {club.name}"):
        tournaments.tournament_register(tournament=cup, user=UserFactory())
    tournaments.tournament_register(tournament=cup, user=ben)

    # The form on the club page: refused with the reason for a member, made for the owner.
    client = Client()
    client.force_login(ben)
    url = f"/clubs/{club.slug}/swiss/new"
    form = {
        "name": "",
        "preset": "classic",
        "starts_at": (timezone.now() + timedelta(days=30)).strftime("%Y-%m-%dT%H:%M"),
        "rounds": 3,
        "hands": 4,
    }
    response = client.post(url, form, follow=True)
    assert "Only the club&#x27;s owner and organisers" in response.content.decode()
    assert client.post(url, form | {"hands": 0}, follow=True).status_code == 200
    client.force_login(owner)
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert "Schedule a Swiss for the members" in page
    client.post(url, form)
    assert Tournament.objects.filter(club=club, name=f"{club.name} Swiss").exists()
    # Outside the club, the lobby does not offer it.
    client.force_login(UserFactory())
    assert "Friday Swiss" not in client.get("/play/").content.decode()


def test_a_fresh_site_gets_an_hourly_arena_and_a_sunday_swiss_once():
    call_command("demo_events", stdout=StringIO())
    arena, swiss = EventSchedule.objects.order_by("pk")
    assert (arena.kind, arena.every, swiss.kind, swiss.every) == ("arena", "hour", "swiss", "week")
    assert timezone.localtime(swiss.first_start, timezone.UTC).weekday() == 6
    call_command("demo_events", stdout=StringIO())
    assert EventSchedule.objects.count() == 2
    made = schedule.schedules_run()
    assert {type(event).__name__ for event in made} == {"Arena", "Tournament"}
