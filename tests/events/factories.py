"""Arenas for the tests: one running now (or at given times) and games played to the end."""

from datetime import timedelta

import factory
from django.utils import timezone

from events.models import Arena
from games.models import Game, Seat
from tests.games.finished import play


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


def played_to_the_end(game: Game) -> Game:
    """Plays a game to its end here, a bot playing for every person (marked away meanwhile,
    back at the end: as if they had played it themselves)."""
    people = Seat.objects.filter(game=game, user__isnull=False)
    people.update(away=True)
    game = play(game)
    people.update(away=False)
    return game
