"""What an arena game's page shows once it is over (games.hooks.page_extras): the way back
to the arena, whose page seats the player again."""

from django.urls import reverse

from events.kinds import ARENA
from games.models import Game


def arena_link(game: Game) -> dict:
    if game.kind != ARENA or game.status != Game.Status.FINISHED:
        return {}
    url = reverse("events:arena", args=[game.arena_game.arena_id])
    return {"next_step": {"label": "Back to the arena", "url": url}}
