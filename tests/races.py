"""Helpers for tests of requests that race: calls released at the same instant, and where
a person is (queued, seated) afterwards."""

import threading

from django.db import connection

from games.models import Game, Seat
from games.services import tables as game_tables
from ranked.models import QueueEntry
from tests.factories import UserFactory


def places_of(user) -> list[str]:
    """Where a person is: "queue" and/or one entry per unfinished game they sit in (a game
    they left, where a bot plays for them, does not count)."""
    unfinished = Seat.objects.filter(
        user=user, game__status__in=[Game.Status.WAITING, Game.Status.PLAYING], away=False
    )
    places = [f"game {game_id}" for game_id in unfinished.values_list("game_id", flat=True)]
    return places + ["queue"] * QueueEntry.objects.filter(user=user).count()


def open_table(owner=None) -> Game:
    """A waiting table of somebody else's with seats 2 and 3 open."""
    return game_tables.table_create(owner=owner or UserFactory(), bots={1: "random"})


def race(*calls) -> list:
    """Runs the calls in threads released at the same instant; returns what each raised."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            call()
        except Exception as error:
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes
