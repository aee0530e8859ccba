"""One person, one seat: at any instant a person is queued for ranked play or seated in one
unfinished game, never both and never in two, also when their requests race."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import Conflict
from games.models import Game
from games.services import play as game_play, tables as game_tables
from ranked.services import queue as ranked_queue
from tests.factories import UserFactory, fast_passwords  # noqa: F401 (autouse here)
from tests.races import open_table, places_of, race

BOTS = {1: "random", 2: "random", 3: "random"}
ROUNDS = 8  # the issue saw the race 7 times in 8


@pytest.mark.django_db
def test_sitting_down_at_a_table_takes_a_person_out_of_the_ranked_queue():
    alice = UserFactory()
    ranked_queue.queue_join(user=alice)
    game = open_table()
    game_tables.table_join(game_id=game.pk, user=alice, seat=2)
    assert places_of(alice) == [f"game {game.pk}"]

    bob = UserFactory()
    ranked_queue.queue_join(user=bob)
    own = game_tables.table_create(owner=bob, bots=BOTS)
    assert places_of(bob) == [f"game {own.pk}"]


@pytest.mark.django_db
def test_a_person_seated_at_an_unfinished_game_cannot_sit_down_elsewhere():
    alice = UserFactory()
    first = open_table(alice)
    other = open_table()
    with pytest.raises(Conflict, match=f"already seated at table {first.pk}: leave it"):
        game_tables.table_join(game_id=other.pk, user=alice, seat=2)
    with pytest.raises(Conflict, match=f"already seated at table {first.pk}"):
        game_tables.table_create(owner=alice, bots=BOTS)
    with pytest.raises(Conflict, match=f"still seated in game {first.pk}"):
        ranked_queue.queue_join(user=alice)
    assert places_of(alice) == [f"game {first.pk}"]

    game_tables.table_leave(game_id=first.pk, user=alice)  # before the start, leaving frees you
    playing = game_tables.table_create(owner=alice, bots=BOTS)
    with pytest.raises(Conflict, match=f"still playing game {playing.pk}: finish it"):
        game_tables.table_join(game_id=other.pk, user=alice, seat=2)
    with pytest.raises(Conflict, match=f"{alice} is still seated in game {playing.pk}"):
        game_tables.game_create_seated(players=[alice, "random", UserFactory(), "random"])


@pytest.mark.django_db
def test_leaving_a_game_in_play_frees_a_person_who_then_cannot_play_in_both():
    alice = UserFactory()
    left = game_tables.table_create(owner=alice, bots=BOTS)
    game_tables.table_leave(game_id=left.pk, user=alice)  # a bot plays her cards until the end
    other = open_table()
    game_tables.table_join(game_id=other.pk, user=alice, seat=2)
    assert places_of(alice) == [f"game {other.pk}"]
    game_play.seat_return(game_id=left.pk, user=alice)  # her old page reconnects
    assert Game.objects.get(pk=left.pk).seats.get(user=alice).away  # the bot plays on
    with pytest.raises(Conflict, match=f"You play game {other.pk} now"):
        game_play.game_act(game_id=left.pk, user=alice, data={"type": "bid", "tricks": 3})
    assert places_of(alice) == [f"game {other.pk}"]


@pytest.mark.django_db
def test_a_rematch_waits_for_everyone_to_be_free():
    alice, bob = UserFactory(), UserFactory()
    game = game_tables.game_create_seated(players=[alice, "random", bob, "random"])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    elsewhere = game_tables.table_create(owner=bob, bots={1: "random"})
    with pytest.raises(Conflict, match=f"{bob} is still seated in game {elsewhere.pk}"):
        game_tables.game_rematch(game_id=game.pk, user=alice)
    game_tables.table_leave(game_id=elsewhere.pk, user=bob)
    rematch = game_tables.game_rematch(game_id=game.pk, user=alice)
    assert places_of(alice) == places_of(bob) == [f"game {rematch.pk}"]


@pytest.mark.django_db(transaction=True)
def test_queueing_and_sitting_down_at_once_leave_a_person_in_one_place():
    for _ in range(ROUNDS):
        alice, game = UserFactory(), open_table()
        race(
            lambda alice=alice: ranked_queue.queue_join(user=alice),
            lambda alice=alice, game=game: game_tables.table_join(
                game_id=game.pk, user=alice, seat=2
            ),
        )
        assert places_of(alice) in (["queue"], [f"game {game.pk}"])
        # The join always wins: it took a queued person out of the queue, or the queue
        # refused a seated one.
        assert places_of(alice) == [f"game {game.pk}"]


@pytest.mark.django_db(transaction=True)
def test_sitting_down_at_two_tables_at_once_seats_a_person_once():
    for _ in range(ROUNDS):
        alice, tables = UserFactory(), [open_table(), open_table()]
        outcomes = race(
            *(
                lambda alice=alice, game=game: game_tables.table_join(
                    game_id=game.pk, user=alice, seat=2
                )
                for game in tables
            ),
            lambda alice=alice: game_tables.table_create(owner=alice, bots=BOTS),
        )
        assert len(places_of(alice)) == 1, places_of(alice)
        assert sum(isinstance(outcome, Conflict) for outcome in outcomes) == 2, outcomes


@pytest.mark.django_db(transaction=True)
def test_the_matchmaker_and_a_table_join_at_once_seat_a_person_once():
    for _ in range(ROUNDS):
        people = [UserFactory() for _ in range(4)]
        for person in people:
            ranked_queue.queue_join(user=person)
        game = open_table()
        outcomes = race(
            lambda: ranked_queue.tables_form(now=timezone.now() + timedelta(minutes=5)),
            lambda people=people, game=game: game_tables.table_join(
                game_id=game.pk, user=people[0], seat=2
            ),
        )
        assert len(places_of(people[0])) == 1, (places_of(people[0]), outcomes)
        for person in people[1:]:
            assert len(places_of(person)) == 1, places_of(person)
