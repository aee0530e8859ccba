"""Factories of the duplicate tests: a day's entry with its boards' results recorded."""

import factory
from django.utils import timezone

from duplicate.models import BoardGame, Entry, Event
from tests.factories import UserFactory


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    user = factory.SubFactory(UserFactory)


class BoardResultFactory(factory.django.DjangoModelFactory):
    """A board finished as duplicate.services.board_game_record leaves it, without its game
    (the rankings and matchpoints read the result alone; playing it is slower)."""

    class Meta:
        model = BoardGame

    direction = BoardGame.Direction.NORTH_SOUTH
    finished = True
    result = 0
    finished_at = factory.LazyFunction(timezone.now)


def entry_with_results(event: Event, results: list[int], **kwargs) -> Entry:
    """An entry of the day with `results` on its boards 1, 2, ... in order."""
    entry = EntryFactory(event=event, **kwargs)
    for board, result in zip(event.boards.order_by("number"), results, strict=False):
        BoardResultFactory(entry=entry, board=board, result=result)
    return entry
