"""Finished games for the archive, replay and export tests: played to the end by bots
through the services, as a person who left the table would see it happen."""

from games import services
from games.models import Game


def play_out(game: Game) -> Game:
    """Plays a started game to its end: bots for everyone (people are left to a bot)."""
    for seat in game.seats.filter(user__isnull=False).select_related("user"):
        services.table_leave(game_id=game.pk, user=seat.user)
    while True:
        game = Game.objects.get(pk=game.pk)
        if game.status == Game.Status.FINISHED:
            return game
        services.game_autoplay(game_id=game.pk, version=game.version, timeout=False)


def finished_game(players, *, preset: str = "quick", **options) -> Game:
    """A game of these players (Users or bot levels at seats 0..3), played to the end."""
    return play_out(services.game_create_seated(players=players, preset=preset, **options))
