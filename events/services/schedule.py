"""The schedule that runs itself (the beat task, every 30 s; safe to run twice): each
recurring arena or Swiss tournament is created ahead of its start, and the people who
joined ahead are told shortly before it starts (a tournament's, by leagues' autorun). A
start that beat missed while it was down is not skipped: that event starts late, as soon
as beat is back (an arena then runs its full length)."""

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify

from events.models import (
    AHEAD_MINUTES_MAX,
    Arena,
    ArenaPlayer,
    EventSchedule,
    ScheduledTournament,
)
from leagues.models import Tournament
from leagues.services.autorun import NOTICE_BEFORE
from social import notices
from social.services import notify

# A tick creates at most this many events of a schedule (the next ticks go on): bounded
# work even for a schedule saved before the admin checked its horizon, or after beat was
# down for days.
SLOTS_PER_TICK = 24

INTERVALS = {
    EventSchedule.Every.HOUR: timedelta(hours=1),
    EventSchedule.Every.DAY: timedelta(days=1),
    EventSchedule.Every.WEEK: timedelta(weeks=1),
}


def slots_due(schedule: EventSchedule, *, last: datetime | None, now: datetime) -> list[datetime]:
    """The starts to create now: after the `last` one created (or from the first start not
    before the schedule was made), up to `ahead_minutes` from now (a week at most), and
    SLOTS_PER_TICK of them at most."""
    interval = INTERVALS[schedule.every]
    if last is not None:
        slot = last + interval
    else:
        slot = schedule.first_start
        if slot < schedule.created_at:  # starts before the schedule existed were never due
            slot += interval * -((slot - schedule.created_at) // interval)  # rounded up
    horizon = now + timedelta(minutes=min(schedule.ahead_minutes, AHEAD_MINUTES_MAX))
    slots = []
    while slot <= horizon and len(slots) < SLOTS_PER_TICK:
        slots.append(slot)
        slot += interval
    return slots


def schedules_run(*, now: datetime | None = None) -> list[Arena | Tournament]:
    """Creates every scheduled event that is due; returns them."""
    now = now or timezone.now()
    created = []
    schedules = EventSchedule.objects.filter(active=True).annotate(
        last_arena=Max("arenas__slot"), last_tournament=Max("tournaments__slot")
    )
    for schedule in schedules:
        arena = schedule.kind == EventSchedule.Kind.ARENA
        last = schedule.last_arena if arena else schedule.last_tournament
        for slot in slots_due(schedule, last=last, now=now):
            try:
                with transaction.atomic():
                    create = _arena_create if arena else _tournament_create
                    created.append(create(schedule, slot, max(slot, now)))
            except IntegrityError:
                pass  # another run made it first
    return created


def _tournament_create(schedule: EventSchedule, slot: datetime, starts_at: datetime) -> Tournament:
    """A Swiss that runs itself, open for registration until it starts. Named as the schedule
    is (as its arenas are): the pages show its start on each reader's clock, which a time in
    the name (beat's, UTC) would contradict."""
    tournament = Tournament.objects.create(
        name=schedule.name,
        slug=f"{slugify(schedule.name)}-{schedule.pk}-{slot:%Y%m%d%H%M}",
        format=Tournament.Format.SWISS,
        swiss_rounds=schedule.rounds,
        preset=schedule.preset,
        options={"hands": schedule.hands},
        turn_seconds=schedule.turn_seconds,
        starts_at=starts_at,
        status=Tournament.Status.REGISTRATION,
    )
    ScheduledTournament.objects.create(schedule=schedule, slot=slot, tournament=tournament)
    return tournament


def _arena_create(schedule: EventSchedule, slot: datetime, starts_at: datetime) -> Arena:
    """The arena of this start (if beat missed it, starting late and running full length)."""
    return Arena.objects.create(
        schedule=schedule,
        slot=slot,
        name=schedule.name,
        preset=schedule.preset,
        starts_at=starts_at,
        ends_at=starts_at + timedelta(minutes=schedule.minutes),
        bot_wait_seconds=schedule.bot_wait_seconds,
        closing_seconds=schedule.closing_seconds,
        turn_seconds=schedule.turn_seconds,
    )


@transaction.atomic
def arenas_announce(*, now: datetime | None = None) -> int:
    """Tells the people who joined an arena ahead that it starts soon (once); how many
    arenas were announced."""
    now = now or timezone.now()
    due = list(
        Arena.objects.select_for_update(skip_locked=True).filter(
            announced=False, starts_at__gt=now, starts_at__lte=now + NOTICE_BEFORE
        )
    )
    for arena in due:
        people = [
            player.user
            for player in ArenaPlayer.objects.filter(arena=arena, active=True).select_related(
                "user"
            )
        ]
        notify(
            people,
            "{arena} {start}",
            arena.get_absolute_url(),
            data={"arena": arena.name, "start": notices.start(arena.starts_at)},
        )
        arena.announced = True
        arena.save(update_fields=["announced"])
    return len(due)
