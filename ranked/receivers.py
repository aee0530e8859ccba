"""Receivers of the games app's signals."""

from games.models import Game
from ranked.models import QueueEntry
from ranked.tasks import rate_pending

# The rating task waits a moment, so that a game whose last action commits a little
# later than another's is usually rated in finishing order (the service copes otherwise).
RATE_DELAY = 1.0


def rate_finished_game(sender, game_id: int, **kwargs) -> None:
    if Game.objects.filter(pk=game_id, ranked=True).exists():
        rate_pending.apply_async(countdown=RATE_DELAY)


def leave_queue_when_seated(sender, user_ids: list[int], **kwargs) -> None:
    """A person who sits down at a game stops waiting for a ranked one (same transaction)."""
    QueueEntry.objects.filter(user_id__in=user_ids).delete()
