"""Arenas for the tests: one running now, or at given times."""

from datetime import timedelta

import factory
from django.utils import timezone

from events.models import Arena


class ArenaFactory(factory.django.DjangoModelFactory):
    """A live arena of Quick games, an hour long, started a minute ago."""

    class Meta:
        model = Arena

    name = factory.Sequence(lambda n: f"Hourly arena {n}")
    preset = "quick"
    starts_at = factory.LazyFunction(lambda: timezone.now() - timedelta(minutes=1))
    ends_at = factory.LazyAttribute(lambda arena: arena.starts_at + timedelta(hours=1))
    bot_wait_seconds = 30
    closing_seconds = 300
