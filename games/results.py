"""How games ended, for the apps that build on them (ranked ratings, league fixtures,
tournament pairings): they read results here and never a game's raw state or seat rows."""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch, QuerySet

from games.engine import Ruleset
from games.models import Game, Hand, Seat


@dataclass(frozen=True, slots=True)
class SeatResult:
    position: int  # 0..3
    user_id: int | None  # None for a bot level without an account, or a deleted account
    bot_level: str  # the level of a bot that sat here ("" for a person)
    away: bool  # a bot was playing for this person when the game ended
    # Ruleset.side_of: seats 0 and 2 are team 0, seats 1 and 3 team 1; in Solo the seat.
    team: int


@dataclass(frozen=True, slots=True)
class GameResult:
    game_id: int
    ranked: bool
    ruleset: Ruleset
    winner: int | None  # the winning side (a seat in Solo); None: a draw (a `hands` limit)
    scores: tuple[int, ...]  # final scores per side (two teams, or four players in Solo)
    seats: tuple[SeatResult, ...]
    finished_at: datetime

    def team_of(self, user_ids: Iterable[int]) -> int | None:
        """The side these people played for together, or None if they did not."""
        teams = {seat.team for seat in self.seats if seat.user_id in set(user_ids)}
        return teams.pop() if len(teams) == 1 else None


def _seats_prefetched(games: QuerySet) -> QuerySet:
    return games.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
    )


def _result(game: Game) -> GameResult:
    ruleset = Ruleset.from_dict(game.ruleset or {})
    return GameResult(
        game_id=game.pk,
        ranked=game.ranked,
        ruleset=ruleset,
        winner=game.winner,
        scores=tuple(game.state["scores"]),
        seats=tuple(
            SeatResult(
                position=seat.position,
                user_id=seat.user_id,
                # A bot account plays under its own user with its level on the account.
                bot_level=seat.bot_level or (seat.user.bot_level if seat.user else ""),
                away=seat.away,
                team=ruleset.side_of(seat.position),
            )
            for seat in game.seats.all()
        ),
        finished_at=game.finished_at,
    )


def finished_games() -> QuerySet:
    """Games that ended with a winner, oldest first."""
    return Game.objects.filter(
        status=Game.Status.FINISHED, winner__isnull=False, finished_at__isnull=False
    ).order_by("finished_at", "pk")


def results_of(games: QuerySet) -> list[GameResult]:
    """The results of these finished games, in the query's order (two queries in all)."""
    return [_result(game) for game in _seats_prefetched(games)]


def game_result(game_id: int) -> GameResult | None:
    """The result of a game (a draw too: winner None), or None while it is not over (or
    does not exist)."""
    results = results_of(
        Game.objects.filter(pk=game_id, status=Game.Status.FINISHED, finished_at__isnull=False)
    )
    return results[0] if results else None


def hands_of(game_ids: Iterable[int]) -> dict[int, list[Hand]]:
    """The finished hands of these games, in order, by game."""
    hands = defaultdict(list)
    for hand in Hand.objects.filter(game_id__in=list(game_ids)).order_by("game_id", "number"):
        hands[hand.game_id].append(hand)
    return hands
