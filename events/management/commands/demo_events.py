"""Gives a fresh site its first recurring events, so that `make run` shows something to
join: an arena every hour and a Swiss every Sunday. Does nothing once any schedule exists
(a site admin's schedules are theirs to keep)."""

from datetime import timedelta

from django.core.management.base import BaseCommand
from django.utils import timezone

from events.models import EventSchedule


class Command(BaseCommand):
    help = "Create an hourly arena and a weekly Swiss schedule if the site has no schedule."

    def handle(self, *args, **options):
        if EventSchedule.objects.exists():
            self.stdout.write("Event schedules exist already (unchanged).")
            return
        hour = timezone.now().replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
        # The next Sunday at 18:00, within the week ahead in which the Swiss is listed.
        sunday = hour.replace(hour=18) + timedelta(days=(6 - hour.weekday()) % 7)
        if sunday < hour:
            sunday += timedelta(weeks=1)
        EventSchedule.objects.create(
            name="Hourly Quick arena", kind="arena", preset="quick", every="hour",
            first_start=hour, minutes=45, ahead_minutes=60,
        )  # fmt: skip
        EventSchedule.objects.create(
            name="Sunday Swiss", kind="swiss", preset="classic", every="week",
            first_start=sunday, rounds=5, hands=4, turn_seconds=30, ahead_minutes=7 * 24 * 60,
        )  # fmt: skip
        self.stdout.write(self.style.SUCCESS("Scheduled an hourly arena and a Sunday Swiss."))
