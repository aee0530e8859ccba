"""games.rows: the action's statements in SQL write what the ORM's save() would."""

import pytest
from django.db import transaction

from core.errors import NotFound
from games import rows
from games.models import Action, Game
from games.selectors import game_payload, game_snapshot, seats_of
from games.services import play, seating, tables
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_an_action_is_logged_and_saved_as_the_orm_reads_it():
    people = UserFactory.create_batch(4)
    game = tables.game_create_seated(players=people)
    before = Game.objects.get(pk=game.pk)
    turn = before.state["turn"]
    legal = game_payload(game_snapshot(game), turn)["legal"]
    bid = next(a for a in legal if a["type"] == "bid")
    play.game_act(game_id=game.pk, user=people[turn], data=bid)

    after = Game.objects.get(pk=game.pk)
    assert after.version == before.version + 1
    assert after.state["bids"][turn] == bid["tricks"]  # the JSON column holds the new state
    assert after.updated_at > before.updated_at  # auto_now, as save() sets it
    assert after.ruleset == before.ruleset  # columns an action does not change stay
    action = Action.objects.get(game=game, version=after.version)
    assert (action.seat, action.kind, action.source) == (turn, "bid", "player")
    assert action.payload["tricks"] == bid["tricks"] and action.created_at is not None


def test_seats_come_in_order_with_the_names():
    alice = UserFactory(username="alice")
    game = tables.game_create_seated(players=["random", alice, "random", "random"])
    seats = seats_of(game)
    assert [s.position for s in seats] == [0, 1, 2, 3]
    assert [s.username for s in seats] == [None, "alice", None, None]
    assert seats[1].user == alice


@pytest.mark.parametrize("game_id", ["x", None, -1, 0, 2**63, "9" * 30])
def test_ids_that_cannot_be_a_game_are_not_found(game_id):
    assert rows.locked_game(game_id) is None
    with transaction.atomic(), pytest.raises(NotFound):
        seating.game_lock(game_id)
