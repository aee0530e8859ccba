"""Recording an arena game's result into its people's scores (events.scoring): keyed by
game and idempotent, and a sweep that records what a lost signal or a dead process
missed. A game that ends after its arena does not count. Once an arena ended and its
counted games are recorded, its entrants are told who won."""

from datetime import datetime

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from events import scoring, selectors
from events.models import Arena, ArenaGame, ArenaPlayer
from events.services.arenas import arena_lock
from games.models import Game
from games.results import game_result
from social.services import notify


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


def result_text(arena: Arena) -> str:
    """The result of an ended arena or battle, in a line."""
    winner = selectors.winner_of(arena)
    if winner is None:
        return f"{arena.name} has ended: nobody scored"
    if winner["tie"]:
        return f"{arena.name} has ended in a tie at {winner['points']} points"
    return f"{arena.name} has ended: {winner['name']} won with {winner['points']} points"


@transaction.atomic
def arenas_conclude(*, now: datetime | None = None) -> int:
    """Tells every entrant of each arena that ended the result (once), when every game that
    finished has been recorded (the sweep records a lost one); how many arenas."""
    now = now or timezone.now()
    unrecorded = ArenaGame.objects.filter(
        arena=OuterRef("pk"), status=ArenaGame.Status.PLAYING, game__status=Game.Status.FINISHED
    )
    due = list(
        Arena.objects.select_for_update(skip_locked=True)
        .filter(concluded=False, ends_at__lte=now)
        .exclude(Exists(unrecorded))
    )
    for arena in due:
        entrants = ArenaPlayer.objects.filter(arena=arena).select_related("user")
        notify([entrant.user for entrant in entrants], result_text(arena), arena.get_absolute_url())
        arena.concluded = True
        arena.save(update_fields=["concluded"])
    return len(due)
