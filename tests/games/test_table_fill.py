"""Bots taking the open seats of a private table (games.services.tables.table_fill): the person
who opened it asks, the seat a friend is invited to stays theirs."""

import json

import pytest
from django.test import Client

from core.errors import Conflict, Forbidden, Invalid
from games import frames
from games.models import Game
from games.selectors import game_payload, game_snapshot
from games.services import tables as game_tables
from social import services as social
from social.models import Invitation
from tests.factories import UserFactory
from tests.social.factories import friends

pytestmark = pytest.mark.django_db


def seating(game: Game) -> list[tuple[str | None, str]]:
    return [(seat.user and seat.user.username, seat.bot_level) for seat in game.seats.all()]


@pytest.fixture
def together():
    """ann's private table, her friend ben invited to the partner's seat ("Play together")."""
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    friends(ann, ben)
    game = game_tables.table_create(owner=ann, private=True)
    social.invitation_send(user=ann, other=ben, game_id=game.pk, position=2)
    return game, ann, ben


def test_bots_take_the_open_seats_and_the_invited_friend_keeps_theirs(together):
    game, ann, ben = together
    game_tables.table_fill(game_id=game.pk, user=ann)
    game.refresh_from_db()
    assert game.status == Game.Status.WAITING
    assert seating(game) == [("ann", ""), (None, "standard"), (None, ""), (None, "standard")]
    # The friend sits down: the table is full and the game starts.
    invitation = Invitation.objects.get(receiver=ben)
    social.invitation_accept(user=ben, invitation_id=invitation.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert seating(game) == [("ann", ""), (None, "standard"), ("ben", ""), (None, "standard")]


def test_a_private_table_with_nobody_invited_starts_at_once_with_the_level_chosen():
    ann = UserFactory()
    game = game_tables.table_create(owner=ann, private=True, bots={2: "random"})
    game_tables.table_fill(game_id=game.pk, user=ann, level="expert")
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert [seat.bot_level for seat in game.seats.all()] == ["", "expert", "random", "expert"]


def refused(game_id: int, user, level: str = "standard") -> str:
    before = seating(Game.objects.get(pk=game_id))
    with pytest.raises((Conflict, Forbidden, Invalid)) as error:
        game_tables.table_fill(game_id=game_id, user=user, level=level)
    assert seating(Game.objects.get(pk=game_id)) == before  # a refusal changes nothing
    return error.value.message


def test_only_the_owner_seated_at_a_waiting_private_table_may_fill_it(together):
    game, ann, ben = together
    # Someone else at the table (here the friend, sitting down elsewhere than invited).
    game_tables.table_join(game_id=game.pk, user=ben, seat=1, invite=game.invite)
    assert "Only the person who opened this table" in refused(game.pk, ben)
    assert "Unknown bot level 'genius'" in refused(game.pk, ann, "genius")
    # The owner left her own table (ben still waits there): she sits down first.
    game_tables.table_leave(game_id=game.pk, user=ann)
    assert refused(game.pk, ann) == "Sit down at your table first"


def test_a_public_table_a_started_game_and_a_table_with_every_seat_kept_are_refused(together):
    game, ann, _ = together
    carl, dora = UserFactory(), UserFactory()
    friends(ann, carl)
    friends(ann, dora)
    social.invitation_send(user=ann, other=carl, game_id=game.pk, position=1)
    social.invitation_send(user=ann, other=dora, game_id=game.pk, position=3)
    assert "the open seats wait for the people invited" in refused(game.pk, ann)

    public = game_tables.table_create(owner=carl)
    assert refused(public.pk, carl) == "Bots can take the open seats of a private table only"

    started = game_tables.table_create(owner=dora, private=True, bots={1: "random", 2: "random"})
    game_tables.table_fill(game_id=started.pk, user=dora)
    assert refused(started.pk, dora) == "This game has already started"


def test_the_owner_alone_sees_the_button_and_the_seat_kept_for_the_friend(together):
    game, ann, ben = together

    def table(seat):
        payload = game_payload(game_snapshot(game), seat)
        return str(frames.table_html(payload, invite=None, logged_in=True, oob=True))

    assert "Fill the open seats with bots" in table(0)
    assert f"/games/{game.pk}/bots" in table(0)
    assert "Fill the open seats with bots" not in table(None)  # a spectator or the friend
    assert table(None).count('class="badge invited"') == 1  # the partner's seat, kept for ben
    # Once bots sit in the other seats, only the friend's is open: nothing left to fill.
    game_tables.table_fill(game_id=game.pk, user=ann)
    assert "Fill the open seats with bots" not in table(0)
    assert game_payload(game_snapshot(game), 0)["held_seats"] == [2]
    game_tables.table_join(game_id=game.pk, user=ben, seat=2, invite=game.invite)
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert game_payload(game_snapshot(game), 2)["held_seats"] == []


def test_the_page_button_and_the_api_call_the_same_service(together):
    game, ann, ben = together
    client = Client()
    client.force_login(ben)
    answer = client.post(f"/games/{game.pk}/bots", {"level": "random"}, HTTP_HX_REQUEST="true")
    assert "Only the person who opened this table" in answer.content.decode()  # a toast
    assert answer["HX-Reswap"] == "none"
    api = client.post(f"/api/tables/{game.pk}/bots", "{}", content_type="application/json")
    assert api.status_code == 403 and "Only the person" in api.json()["error"]
    client.force_login(ann)
    bad = client.post(
        f"/api/tables/{game.pk}/bots", json.dumps({"level": 3}), content_type="application/json"
    )
    assert bad.status_code == 400 and bad.json()["error"] == "level must be a string"
    answer = client.post(f"/games/{game.pk}/bots", {"level": "random"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 204
    assert seating(Game.objects.get(pk=game.pk))[1] == (None, "random")
    again = client.post(f"/api/tables/{game.pk}/bots", "{}", content_type="application/json")
    assert again.status_code == 409  # nothing left but the friend's seat
    payload = client.get(f"/api/games/{game.pk}").json()
    assert payload["owner_seat"] == 0 and payload["private"] is True
