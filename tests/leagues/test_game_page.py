"""A league or tournament game's page sends its players back to the standings when it is
over (leagues.extras through games.hooks.page_extras), not to a rematch."""

import pytest
from django.urls import reverse

from games.selectors import game_payload, game_snapshot
from games.services import tables
from leagues.models import Fixture
from tests.factories import UserFactory
from tests.games.finished import play_out
from tests.leagues.factories import started_season

pytestmark = pytest.mark.django_db


def test_a_finished_league_game_points_to_the_league_table(client):
    _, season = started_season()
    fixture = Fixture.objects.filter(season=season).first()
    game = tables.game_create_seated(
        players=[UserFactory(), "standard", "standard", "standard"], preset="quick"
    )
    Fixture.objects.filter(pk=fixture.pk).update(game=game)
    assert game_payload(game_snapshot(game), None)["extras"] == {}  # nothing while it runs

    game = play_out(game)
    extras = game_payload(game_snapshot(game), None)["extras"]
    url = reverse("leagues:season", args=[season.pk])
    assert extras["next_step"] == {"label": "See the league table", "url": url}
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert f'href="{url}"' in page and "Rematch" not in page
