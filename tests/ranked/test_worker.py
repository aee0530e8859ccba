"""Ranked play through a real Celery worker and beat: the matchmaker and the rating task."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from config.processes import wait_until
from games.models import Game
from games.services import tables
from ranked.kinds import RANKED
from ranked.models import QueueEntry, RatingChange
from ranked.services import queue
from tests.factories import UserFactory


def test_beat_seats_a_lone_player_with_bots_and_a_finished_game_gets_rated(celery_worker):
    # A quick ranked game whose only person left: the worker's bots play it out, its end
    # is signalled in the worker, and the rating task runs there.
    bob = UserFactory()
    game = tables.game_create_seated(
        players=[bob, "random", "random", "random"], preset="quick", ranked=True, kind=RANKED
    )
    tables.table_leave(game_id=game.pk, user=bob)

    alice = UserFactory()
    queue.queue_join(user=alice, max_wait=15)
    QueueEntry.objects.filter(user=alice).update(joined_at=timezone.now() - timedelta(seconds=20))
    matched = wait_until(
        lambda: Game.objects.filter(ranked=True, seats__user=alice).first(), 20, "a ranked game",
        every=0.2,
    )  # fmt: skip
    assert matched.status == "playing" and matched.turn_seconds == 20
    assert len([seat for seat in matched.seats.all() if seat.bot_level]) == 3
    assert not QueueEntry.objects.exists()
    # Keeps the single worker free for the game above. Deleted under the game's row lock,
    # which bot moves take first: none can add an action between collection and commit.
    with transaction.atomic():
        Game.objects.select_for_update().get(pk=matched.pk).delete()

    changes = wait_until(
        lambda: list(RatingChange.objects.filter(game=game)), 90, "the rating", every=0.2
    )
    assert {change.user.username for change in changes} == {bob.username, "RandomBot"}
    assert RatingChange.objects.get(game=game, user=bob).result == "abandoned"
