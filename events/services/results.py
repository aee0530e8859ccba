"""Recording an arena game's result into its people's scores (events.scoring): keyed by
game and idempotent, and a sweep that records what a lost signal or a dead process
missed. A game that ends after its arena does not count."""

from django.db import transaction
from django.utils import timezone

from events import scoring
from events.models import ArenaGame, ArenaPlayer
from events.services.arenas import arena_lock
from games.models import Game
from games.results import game_result


def record_game(*, game_id: int) -> bool:
    """Adds a finished arena game's result to its people's scores and frees them for the
    next table. True when it wrote something; running it again changes nothing."""
    arena_id = (
        ArenaGame.objects.filter(game_id=game_id, status=ArenaGame.Status.PLAYING)
        .values_list("arena_id", flat=True)
        .first()
    )
    if arena_id is None:
        return False
    return _record(arena_id, game_id)


@transaction.atomic
def _record(arena_id: int, game_id: int) -> bool:
    arena = arena_lock(arena_id)  # scores are added one game at a time, in this order
    row = ArenaGame.objects.get(game_id=game_id)
    result = game_result(game_id)
    if row.status != ArenaGame.Status.PLAYING or result is None:
        return False
    counts = result.finished_at < arena.ends_at
    row.status = ArenaGame.Status.COUNTED if counts else ArenaGame.Status.LATE
    row.save(update_fields=["status"])
    free_again = timezone.now()
    people = {seat.user_id: seat for seat in result.seats if seat.user_id and not seat.bot_level}
    for player in ArenaPlayer.objects.filter(arena=arena, user_id__in=people):
        seat = people[player.user_id]
        if counts:
            # Someone who left the table (a bot played on for them) does not win it.
            won = seat.team == result.winner and not seat.away
            score = scoring.after(_score(player), won)
            player.points, player.games = score.points, score.games
            player.wins, player.streak = score.wins, score.streak
        if seat.away:  # they walked away from the table: seated again only if they rejoin
            player.active, player.free_since = False, None
        elif player.active:
            player.free_since = free_again
        player.save(update_fields=["points", "games", "wins", "streak", "active", "free_since"])
    return True


def _score(player: ArenaPlayer) -> scoring.Score:
    return scoring.Score(
        points=player.points, games=player.games, wins=player.wins, streak=player.streak
    )


def sweep() -> int:
    """Records the finished arena games whose signal was lost; how many."""
    finished = ArenaGame.objects.filter(
        status=ArenaGame.Status.PLAYING, game__status=Game.Status.FINISHED
    ).values_list("game_id", flat=True)
    return sum(record_game(game_id=game_id) for game_id in finished)
