"""The schedule that runs itself (the beat task, every 30 s; safe to run twice): each
recurring arena is created ahead of its start, and the people who joined ahead are told
shortly before it starts. A start that beat missed while it was down is not skipped: that
arena starts late, as soon as beat is back, and runs its full length."""

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from events.models import Arena, ArenaPlayer, ArenaSchedule
from social.services import notify

INTERVALS = {
    ArenaSchedule.Every.HOUR: timedelta(hours=1),
    ArenaSchedule.Every.DAY: timedelta(days=1),
    ArenaSchedule.Every.WEEK: timedelta(weeks=1),
}
# People who joined ahead are told this long before the start.
NOTICE_BEFORE = timedelta(minutes=5)


def slots_due(schedule: ArenaSchedule, *, last: datetime | None, now: datetime) -> list[datetime]:
    """The starts to create now: after the `last` one created (or from the first start not
    before the schedule was made), up to `ahead_minutes` from now."""
    interval = INTERVALS[schedule.every]
    if last is not None:
        slot = last + interval
    else:
        slot = schedule.first_start
        if slot < schedule.created_at:  # starts before the schedule existed were never due
            slot += interval * -((slot - schedule.created_at) // interval)  # rounded up
    horizon = now + timedelta(minutes=schedule.ahead_minutes)
    slots = []
    while slot <= horizon:
        slots.append(slot)
        slot += interval
    return slots


def schedules_run(*, now: datetime | None = None) -> list[Arena]:
    """Creates every scheduled arena that is due; returns them."""
    now = now or timezone.now()
    created = []
    for schedule in ArenaSchedule.objects.filter(active=True).annotate(last=Max("arenas__slot")):
        for slot in slots_due(schedule, last=schedule.last, now=now):
            arena = _arena_create(schedule, slot, now)
            if arena is not None:
                created.append(arena)
    return created


def _arena_create(schedule: ArenaSchedule, slot: datetime, now: datetime) -> Arena | None:
    """The arena of this start; None if another run made it first."""
    starts_at = max(slot, now)  # missed while beat was down: it starts late, full length
    try:
        with transaction.atomic():
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
    except IntegrityError:
        return None


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
        minutes = max(1, round((arena.starts_at - now).total_seconds() / 60))
        people = [
            player.user
            for player in ArenaPlayer.objects.filter(arena=arena, active=True).select_related(
                "user"
            )
        ]
        notify(
            people,
            f"{arena.name} starts in {minutes} minute{'s' if minutes != 1 else ''}",
            arena.get_absolute_url(),
        )
        arena.announced = True
        arena.save(update_fields=["announced"])
    return len(due)
