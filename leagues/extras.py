"""What leagues show on the page of a league or tournament game once it is over
(games.hooks.page_extras): the standings to go back to, instead of a rematch."""

from django.urls import reverse

from games.models import Game
from leagues.models import Fixture, Pairing


def standings_link(game: Game) -> dict:
    if game.status != Game.Status.FINISHED:
        return {}
    fixture = Fixture.objects.filter(game=game).values_list("season_id", flat=True).first()
    if fixture is not None:
        url = reverse("leagues:season", args=[fixture])
        return {"next_step": {"label": "See the league table", "url": url}}
    slug = (
        Pairing.objects.filter(game=game).values_list("round__tournament__slug", flat=True).first()
    )
    if slug is not None:
        url = reverse("leagues:tournament", args=[slug])
        return {"next_step": {"label": "See the tournament standings", "url": url}}
    return {}
