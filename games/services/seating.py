"""The locks and the one-seat rule that every seating write goes through.

A person is queued for ranked play (the ranked app's queue) or seated in one unfinished
game, never both and never in two games."""

from collections.abc import Iterable

from accounts.models import User
from core.errors import Conflict, NotFound
from games import rows, signals
from games.models import Game, Seat
from games.selectors import unfinished_game_of, unfinished_games_of


def game_lock(game_id: int) -> Game:
    """The game row, locked until the transaction ends (writers queue up here)."""
    game = rows.locked_game(game_id)
    if game is None:
        raise NotFound(f"There is no game {game_id}")
    return game


def seat_of(game: Game, user: User | None) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return game.seats.filter(user=user).first()


def people_lock(user_ids: Iterable[int | None]) -> None:
    """Locks these people's User rows until the transaction ends, in id order so that two
    writers never wait on each other crosswise. Every write that seats or queues a person
    takes it first, before any game or queue row: whether a person is free is then decided
    by one writer at a time, not by a check another writer can slip past."""
    ids = sorted({pk for pk in user_ids if pk is not None})
    if ids:
        list(User.objects.select_for_update().filter(pk__in=ids).order_by("pk").values("pk"))


def check_people_free(user_ids: Iterable[int | None], *, me: User | None = None) -> None:
    """Refuses if one of these people is at an unfinished game (`unfinished_games_of`: a
    game they left to a bot does not count). Call with their rows locked (`people_lock`)."""
    busy = unfinished_games_of(user_ids)
    if not busy:
        return
    user_id, game = min(busy.items())
    if me is not None and user_id == me.pk:
        if game.status == Game.Status.WAITING:
            raise Conflict(f"You are already seated at table {game.pk}: leave it first")
        raise Conflict(f"You are still playing game {game.pk}: finish it first")
    name = User.objects.filter(pk=user_id).values_list("username", flat=True).first()
    raise Conflict(f"{name} is still seated in game {game.pk}")


def plays_elsewhere(user: User, game: Game) -> Game | None:
    """The other game this person plays now, after leaving `game` to a bot."""
    elsewhere = unfinished_game_of(user.pk)
    return elsewhere if elsewhere is not None and elsewhere.pk != game.pk else None


def people_seated(user_ids: Iterable[int | None]) -> None:
    """Tells the apps above (ranked play drops them from its queue) inside the
    transaction, while the people's rows are locked."""
    ids = sorted({pk for pk in user_ids if pk is not None})
    if ids:
        signals.people_seated.send(sender=Game, user_ids=ids)
