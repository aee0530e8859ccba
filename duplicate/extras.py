"""What a duplicate board's game page says (games.extras): which board of which event it
is, and once the board is over, the way to its result and traveller (not a rematch)."""

from django.urls import reverse

from duplicate.models import BoardGame
from games.models import Game


def board_link(game: Game) -> dict:
    if game.kind != Game.Kind.DUPLICATE:
        return {}
    played = (
        BoardGame.objects.filter(game=game)
        .values_list("board__event__day", "board__number")
        .first()
    )
    if played is None:
        return {}
    day, number = played
    extras = {"rules": f"Daily challenge {day:%b} {day.day} · Board {number} · one hand"}
    if game.status == Game.Status.FINISHED:
        url = reverse("duplicate:board", args=[day.isoformat(), number])
        extras["next_step"] = {"label": "See the board's result", "url": url}
    return extras
