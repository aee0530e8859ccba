"""The migration to ratings by variant keeps every existing rating as the Classic one,
with the same numbers."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.factories import UserFactory

BEFORE = [("ranked", "0003_queue_entries_plural")]
AFTER = [("ranked", "0004_ratings_by_variant")]


@pytest.mark.django_db(transaction=True)
def test_existing_ratings_become_the_classic_ones_unchanged():
    people = [UserFactory(), UserFactory()]
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    now = timezone.now()
    rows = [
        (people[0].pk, 27.123456789, 3.21, 40, now, now),
        (people[1].pk, 21.5, 6.5, 3, None, None),
    ]
    for user_id, mu, sigma, games, at, until in rows:
        old.get_model("ranked", "Rating").objects.create(
            user_id=user_id,
            mu=mu,
            sigma=sigma,
            games=games,
            last_played_at=at,
            established_until=until,
        )
    old.get_model("ranked", "QueueEntry").objects.create(user_id=people[1].pk, joined_at=now)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    found = (
        new.get_model("ranked", "Rating")
        .objects.order_by("user_id")
        .values_list(
            "user_id", "mu", "sigma", "games", "last_played_at", "established_until", "variant"
        )
    )
    assert list(found) == [(*row, "classic") for row in rows]
    assert new.get_model("ranked", "QueueEntry").objects.get().variant == "classic"

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # back to the latest for the rest
