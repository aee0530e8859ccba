"""Abandonment bars: a ranked game left is recorded and, repeated, bars ranked play.

Repeats within a week bar it for longer and longer."""

from datetime import timedelta

from games import results
from ranked.models import Abandonment

# Abandonment: the first in a week is a warning (connections drop); each repeat within
# seven days bars ranked play for longer, from the end of the game abandoned.
BAR_WINDOW = timedelta(days=7)
BAR_SCHEDULE = (
    timedelta(0),
    timedelta(minutes=10),
    timedelta(hours=1),
    timedelta(hours=6),
    timedelta(hours=24),
)


def bar_for(abandonments_this_week: int) -> timedelta:
    return BAR_SCHEDULE[min(abandonments_this_week, len(BAR_SCHEDULE)) - 1]


def abandonment_record(*, user_id: int, game: results.GameResult) -> None:
    if Abandonment.objects.filter(user_id=user_id, game_id=game.game_id).exists():
        return  # a recompute keeps the record (and the bar) it gave the first time
    this_week = Abandonment.objects.filter(
        user_id=user_id, at__gt=game.finished_at - BAR_WINDOW, at__lte=game.finished_at
    ).count()
    Abandonment.objects.create(
        user_id=user_id,
        game_id=game.game_id,
        at=game.finished_at,
        barred_until=game.finished_at + bar_for(this_week + 1),
    )
