"""The schedule runs itself: arenas created ahead of their start, once; starts missed
while beat was down start late instead of being skipped; people who joined ahead are told
shortly before the start. The admin refuses schedules that could not run, and a tick
creates a bounded number of events."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from events.models import Arena, EventSchedule
from events.services import arenas, schedule
from social.models import Notification
from tests.factories import UserFactory
from tests.helpers import told as words

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]


def hourly(**fields) -> EventSchedule:
    now = timezone.now().replace(microsecond=0)
    return EventSchedule.objects.create(
        name="Hourly Quick", every="hour", first_start=now + timedelta(minutes=10), **fields
    )


def test_arenas_are_created_ahead_of_their_start_and_only_once():
    plan = hourly(ahead_minutes=90, minutes=45)
    now = timezone.now()
    created = schedule.schedules_run(now=now)
    assert [arena.starts_at for arena in created] == [
        plan.first_start,
        plan.first_start + timedelta(hours=1),
    ]
    first = created[0]
    assert first.ends_at - first.starts_at == timedelta(minutes=45)
    assert (first.name, first.preset, first.slot) == ("Hourly Quick", "quick", plan.first_start)
    assert schedule.schedules_run(now=now) == []  # a second run, or two at once
    assert schedule.schedules_run(now=now + timedelta(minutes=30)) == []
    (third,) = schedule.schedules_run(now=now + timedelta(minutes=61))
    assert third.starts_at == plan.first_start + timedelta(hours=2)


def test_starts_missed_while_beat_was_down_start_late_and_none_is_skipped():
    plan = hourly(ahead_minutes=0, minutes=45)
    assert schedule.schedules_run(now=timezone.now()) == []  # nothing due yet
    back = plan.first_start + timedelta(hours=2, minutes=20)  # beat down for over two hours
    created = schedule.schedules_run(now=back)
    assert [arena.slot for arena in created] == [
        plan.first_start + timedelta(hours=hours) for hours in range(3)
    ]
    assert all(arena.starts_at == back for arena in created)  # late, at once
    assert all(arena.ends_at == back + timedelta(minutes=45) for arena in created)


def test_an_inactive_schedule_creates_nothing_and_earlier_starts_were_never_due():
    hourly(active=False)
    assert schedule.schedules_run(now=timezone.now() + timedelta(hours=3)) == []
    plan = EventSchedule.objects.create(
        name="Daily Jokers",
        preset="jokers",
        every="day",
        first_start=timezone.now() - timedelta(days=30, hours=1),
    )
    (created,) = schedule.schedules_run(now=timezone.now() + timedelta(hours=23))
    assert created.slot == plan.first_start + timedelta(days=31)


def test_people_who_joined_ahead_are_told_once_shortly_before_the_start():
    plan = hourly(ahead_minutes=60)
    now = timezone.now()
    (arena,) = schedule.schedules_run(now=now)
    ada, ben = UserFactory(), UserFactory()
    arenas.arena_join(user=ada, arena_id=arena.pk, now=now)
    arenas.arena_join(user=ben, arena_id=arena.pk, now=now)
    arenas.arena_leave(user=ben, arena_id=arena.pk)
    assert schedule.arenas_announce(now=now) == 0  # ten minutes ahead: not yet
    soon = plan.first_start - timedelta(minutes=4, seconds=30)
    assert schedule.arenas_announce(now=soon) == 1
    assert schedule.arenas_announce(now=soon) == 0
    (told,) = Notification.objects.all()
    assert told.user == ada
    assert words(ada, now=soon) == ["Hourly Quick starts in 4 minutes"]  # worded when read
    assert told.url == f"/arenas/{arena.pk}/"
    assert Arena.objects.get(pk=arena.pk).announced


def admin_client():
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


SCHEDULE_FORM = {
    "name": "Hourly Quick", "kind": "arena", "preset": "quick", "every": "hour",
    "first_start_0": "2026-12-24", "first_start_1": "20:00:00", "ahead_minutes": 60,
    "turn_seconds": 20, "active": "on", "minutes": 45, "bot_wait_seconds": 30,
    "closing_seconds": 300, "rounds": 5, "hands": 4,
}  # fmt: skip


def test_the_admin_refuses_a_schedule_that_could_not_run():
    client = admin_client()
    bad = {"rounds": 0, "turn_seconds": 0, "closing_seconds": 45 * 60, "ahead_minutes": 10**6}
    for field, value in bad.items():
        answer = client.post("/admin/events/eventschedule/add/", SCHEDULE_FORM | {field: value})
        assert answer.status_code == 200, field
        html = answer.content.decode()
        row = html[html.index(f'class="form-row field-{field}') :].split('class="form-row')[1]
        assert "errorlist" in row, field
    assert not EventSchedule.objects.exists()
    assert client.post("/admin/events/eventschedule/add/", SCHEDULE_FORM).status_code == 302
    assert EventSchedule.objects.get().closing_seconds == 300
    # A single arena too: its closing must leave it time to seat anyone.
    arena = {"name": "Short", "preset": "quick", "starts_at_0": "2026-12-24",
             "starts_at_1": "20:00:00", "ends_at_0": "2026-12-24", "ends_at_1": "20:10:00",
             "bot_wait_seconds": 30, "closing_seconds": 600, "turn_seconds": 20,
             "players-TOTAL_FORMS": 0, "players-INITIAL_FORMS": 0,
             "players-MIN_NUM_FORMS": 0, "players-MAX_NUM_FORMS": 1000}  # fmt: skip
    answer = client.post("/admin/events/arena/add/", arena)
    assert answer.status_code == 200 and "The closing must be shorter than the arena" in (
        answer.content.decode()
    )
    assert (
        client.post("/admin/events/arena/add/", arena | {"closing_seconds": 100}).status_code == 302
    )
    assert Arena.objects.get().closing_seconds == 100


def test_a_tick_creates_a_bounded_number_of_events_however_far_ahead_a_schedule_looks():
    hourly(ahead_minutes=10**5)  # 69 days, saved before the admin checked it
    now = timezone.now()
    created = schedule.schedules_run(now=now)
    assert len(created) == schedule.SLOTS_PER_TICK
    assert max(arena.starts_at for arena in created) < now + timedelta(days=2)
    assert len(schedule.schedules_run(now=now)) == schedule.SLOTS_PER_TICK  # the next tick
