"""Rebuilds every rating from the history of ranked games."""

import time

from django.core.management.base import BaseCommand

from ranked.services.ratings import ratings_recompute


class Command(BaseCommand):
    help = "Recompute all ranked ratings from the game history, in the order games ended."

    def handle(self, *args, **options):
        started = time.perf_counter()
        count = ratings_recompute()
        seconds = time.perf_counter() - started
        self.stdout.write(self.style.SUCCESS(f"Rated {count} games in {seconds:.1f} s"))
