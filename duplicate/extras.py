"""What a duplicate board's game page says (games.hooks.page_extras): that it is a board
(scored as one, with no winner: games.board), which board of which event it is, and once it is over,
the way to its result and traveller (not a rematch); at a club session, the way to the
session page, where the next table and board are (at once when the director averaged the
board: its game no longer counts)."""

from django.urls import reverse

from duplicate.kinds import DUPLICATE
from duplicate.models import BoardGame
from games.models import Game


def board_link(game: Game) -> dict:
    if game.kind != DUPLICATE:
        return {}
    played = (
        BoardGame.objects.filter(game=game)
        .values_list(
            "board__event_id",
            "board__event__day",
            "board__event__session__name",
            "board__number",
            "round",
            "table",
            "averaged",
            "entry_id",
        )
        .first()
    )
    if played is None:
        return {}
    event_id, day, name, number, round_number, table, averaged, entry_id = played
    over = game.status == Game.Status.FINISHED
    if round_number is not None:
        extras = {
            "board": True,
            "rules": f"{name} · Round {round_number} · Table {table} · Board {number}",
        }
        if averaged:  # bots play it out; the players have gone on
            extras["rules"] += " · averaged by the director: this game no longer counts"
        if over or averaged:
            url = reverse("duplicate:session", args=[event_id])
            extras["next_step"] = {"label": "Your next board and the results", "url": url}
        return extras
    extras = {
        "board": True,
        "rules": f"Daily challenge {day:%b} {day.day} · Board {number} · one hand",
        # The person's entry is theirs for the day: their bots keep their names all day.
        "names_from": entry_id,
    }
    if over:
        url = reverse("duplicate:board", args=[day.isoformat(), number])
        extras["next_step"] = {"label": "See the board's result", "url": url}
    return extras
