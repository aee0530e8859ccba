"""Builds finished ranked games straight as rows, for constructed rating cases, and rated
people in the queue."""

from datetime import datetime, timedelta

from django.utils import timezone

from accounts.models import User
from games.engine import Ruleset, score_hand
from games.models import Game, Hand, Seat
from ranked import ratings
from ranked.models import QueueEntry, Rating
from ranked.services import queue
from tests.factories import UserFactory

CLASSIC = Ruleset()


def hand_rows(game: Game | None, hands: list[tuple]) -> list[Hand]:
    """Hand rows scored by the engine from (bids, tricks[, blind]) per hand."""
    rows, scores, bags = [], (0, 0), (0, 0)
    for number, (bids, tricks, *rest) in enumerate(hands, start=1):
        blind = rest[0] if rest else [False] * 4
        score = score_hand(CLASSIC, bids=bids, blind=blind, tricks=tricks, scores=scores, bags=bags)
        rows.append(
            Hand(
                game=game,
                number=number,
                dealer=(number - 1) % 4,
                bids=list(bids),
                blind=list(blind),
                tricks=list(tricks),
                points=list(score.points),
                scores=list(score.scores),
                bags=list(score.bags),
                penalties=list(score.penalties),
                boston=list(score.boston),
                commitment="0" * 64,
                seed="0" * 64,
            )
        )
        scores, bags = score.scores, score.bags
    return rows


def finished_game(
    players: list[User | str],
    *,
    winner: int,
    finished_at: datetime | None = None,
    away: tuple[int, ...] = (),
    hands: list[tuple] | None = None,
    ranked: bool = True,
    variant: str = "classic",
    scores: list[int] | None = None,
) -> Game:
    """A ranked game of `variant` over: `players` at seats 0..3 (a User or a bot level),
    `away` seats were away when it ended; `scores` per side (Solo: per seat, `winner`
    the winning seat)."""
    finished_at = finished_at or timezone.now()
    rows = hand_rows(None, hands) if hands else []
    # The final scores, as the engine's state keeps them (only these are read of it).
    if scores is None:
        scores = rows[-1].scores if rows else ([500, 200] if winner == 0 else [200, 500])
    game = Game.objects.create(
        state={"scores": list(scores)},
        preset=variant,
        ruleset=Ruleset.preset(variant).to_dict(),
        status=Game.Status.FINISHED,
        ranked=ranked,
        turn_seconds=20,
        started_at=finished_at - timedelta(minutes=15),
        finished_at=finished_at,
        winner=winner,
    )
    Seat.objects.bulk_create(
        [
            Seat(
                game=game,
                position=position,
                user=None if isinstance(player, str) else player,
                bot_level=player if isinstance(player, str) else "",
                away=position in away,
            )
            for position, player in enumerate(players)
        ]
    )
    for row in rows:
        row.game = game
    Hand.objects.bulk_create(rows)
    return game


def rated(display: int, sigma: float = 2.0, variant: str = "classic"):
    user = UserFactory()
    mu = ratings.MU0 + (display - ratings.DISPLAY_BASE) / ratings.DISPLAY_SCALE
    Rating.objects.create(
        user=user, variant=variant, mu=mu, sigma=sigma, last_played_at=timezone.now()
    )
    return user


def queued(user, *, seconds_ago: float = 0, max_wait: int = 30, variant: str = "classic"):
    entry = queue.queue_join(user=user, max_wait=max_wait, variant=variant)
    QueueEntry.objects.filter(pk=entry.pk).update(
        joined_at=timezone.now() - timedelta(seconds=seconds_ago)
    )
    return user


def seats_of(game):
    return [seat.user or seat.bot_level for seat in game.seats.order_by("position")]
