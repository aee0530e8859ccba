"""What a duplicate board's game page offers once the board is over (games.extras): the
board's result and traveller, instead of a rematch."""

from django.urls import reverse

from duplicate.models import BoardGame
from games.models import Game


def board_link(game: Game) -> dict:
    if game.kind != Game.Kind.DUPLICATE or game.status != Game.Status.FINISHED:
        return {}
    played = (
        BoardGame.objects.filter(game=game)
        .values_list("board__event__day", "board__number")
        .first()
    )
    if played is None:
        return {}
    day, number = played
    url = reverse("duplicate:board", args=[day.isoformat(), number])
    return {"next_step": {"label": "See the board's result", "url": url}}
