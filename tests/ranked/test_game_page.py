"""A ranked game's page shows every seat's rating and, once rated, each change
(ranked.extras through games.hooks.page_extras); a casual game's page shows neither."""

import pytest

from games.selectors import game_payload, game_snapshot
from games.services import tables
from ranked.kinds import RANKED
from ranked.models import RatingChange
from ranked.services.ratings import ratings_rate_pending
from tests.factories import UserFactory
from tests.games.finished import play_out

pytestmark = pytest.mark.django_db


def test_ratings_at_a_ranked_table_and_the_changes_once_rated():
    alice = UserFactory()
    game = tables.game_create_seated(
        players=[alice, "standard", "standard", "expert"], preset="quick", ranked=True, kind=RANKED
    )
    extras = game_payload(game_snapshot(game), 0)["extras"]
    assert len(extras["ratings"]) == 4 and all(isinstance(r, int) for r in extras["ratings"])
    assert extras["ratings"][1] < extras["ratings"][3]  # an expert bot starts higher
    assert "rating_changes" not in extras

    game = play_out(game)
    ratings_rate_pending()
    extras = game_payload(game_snapshot(game), 0)["extras"]
    change = RatingChange.objects.get(game=game, user=alice)
    assert extras["rating_changes"][0] == change.delta
    # The bots (seats 1 and 2 share the standard bots' account) show no change of their own.
    assert extras["rating_changes"][1:] == [None, None, None]

    casual = tables.game_create_seated(players=[UserFactory(), *["standard"] * 3])
    assert game_payload(game_snapshot(casual), 0)["extras"] == {}


def test_a_finished_ranked_game_shows_the_rating_change_of_people_only(client):
    alice = UserFactory()
    game = tables.game_create_seated(
        players=[alice, "standard", "standard", "standard"],
        preset="quick",
        ranked=True,
        kind=RANKED,
    )
    game = play_out(game)
    ratings_rate_pending()
    client.force_login(alice)
    html = client.get(f"/games/{game.pk}/").content.decode()
    changes = html.split('<ul class="rating-changes">')[1].split("</ul>")[0]
    assert changes.count("<li>") == 1 and alice.username in changes
    assert "rating being updated" not in changes
