"""Games played by bots through the services, to the end or for some actions: for the
archive, replay, export, analysis, leagues and ranked tests."""

from games.models import Game, Seat
from games.services import play as game_play, tables


def play(game: Game, actions: int | None = None) -> Game:
    """Lets the bots play `actions` actions (all: to the end) through the services."""
    done = 0
    while game.status == Game.Status.PLAYING and (actions is None or done < actions):
        game_play.game_autoplay(game_id=game.pk, version=game.version, timeout=False)
        game.refresh_from_db()
        done += 1
    return game


def play_out(game: Game) -> Game:
    """Plays a started game to its end: the people leave their seats (a bot plays for each
    at once, as for any player who walks away), then the bots move."""
    for seat in game.seats.filter(user__isnull=False).select_related("user"):
        tables.table_leave(game_id=game.pk, user=seat.user)
    Game.objects.filter(pk=game.pk).update(turn_deadline=None)
    return play(Game.objects.get(pk=game.pk))


def play_as_if_present(game: Game, play_some=play) -> Game:
    """Plays a game to its end, a bot playing for every person (marked away meanwhile,
    back at the end: as if they had played, not abandoned). `play_some(game, actions)`
    plays; a page whose socket connects meanwhile brings its person back, so they are
    marked away again every few actions."""
    people = Seat.objects.filter(game=game, user__isnull=False)
    while game.status == Game.Status.PLAYING:
        people.update(away=True)
        game = play_some(game, 20)
    people.update(away=False)
    return game


def finished_game(players, *, preset: str = "quick", **options) -> Game:
    """A game of these players (Users or bot levels at seats 0..3), played to the end."""
    return play_out(tables.game_create_seated(players=players, preset=preset, **options))
