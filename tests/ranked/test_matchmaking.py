"""The queue and the matchmaker on the database: fair tables, nobody in two games, bots."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.services import bots_ensure
from core.errors import Conflict, Forbidden, Invalid
from games.models import Game, Seat
from games.services import tables as game_tables
from ranked.models import Abandonment, QueueEntry
from ranked.services import bars, queue, ratings as rating_services
from tests.factories import UserFactory
from tests.races import race
from tests.ranked.factories import finished_game, queued, rated, seats_of

pytestmark = pytest.mark.django_db


def test_four_waiting_people_with_close_ratings_are_seated_in_a_fair_ranked_game():
    strong = [queued(rated(1700)), queued(rated(1690))]
    weak = [queued(rated(1400)), queued(rated(1390))]
    (game,) = queue.tables_form(now=timezone.now() + timedelta(seconds=30))
    assert (game.ranked, game.preset, game.turn_seconds, game.status) == (
        True,
        "classic",
        20,
        "playing",
    )
    seats = seats_of(game)
    assert set(seats) == {*strong, *weak}
    assert len({seats[0], seats[2]} & set(strong)) == 1  # each strong player with a weak one
    assert not QueueEntry.objects.exists()


def test_people_far_apart_are_not_matched_at_once():
    for display in (1500, 1510, 1490, 2100):
        queued(rated(display), max_wait=120)
    assert queue.tables_form() == []
    assert QueueEntry.objects.count() == 4


def test_after_the_chosen_wait_bots_fill_the_table():
    alice = queued(rated(1500), max_wait=15)
    assert queue.tables_form(now=timezone.now() + timedelta(seconds=10)) == []
    (game,) = queue.tables_form(now=timezone.now() + timedelta(seconds=16))
    seats = seats_of(game)
    assert seats.count(alice) == 1 and all(isinstance(s, str) for s in seats if s != alice)
    assert game.ranked and not QueueEntry.objects.exists()


def test_strong_players_get_strong_bots():
    bots_ensure()
    strong = queued(rated(2000), max_wait=15)
    (game,) = queue.tables_form(now=timezone.now() + timedelta(seconds=20))
    bots = [s for s in seats_of(game) if s != strong]
    assert "expert" in bots and "random" not in bots


def test_a_person_is_never_seated_in_two_games():
    people = [queued(rated(1500 + 5 * i)) for i in range(9)]
    first = queue.tables_form(now=timezone.now() + timedelta(seconds=1))
    second = queue.tables_form(now=timezone.now() + timedelta(seconds=40))
    seated = Seat.objects.filter(user__in=people).values_list("user_id", flat=True)
    assert len(first) == 2 and len(second) == 1
    assert sorted(seated) == sorted(p.pk for p in people)


@pytest.mark.django_db(transaction=True)
def test_matchmakers_running_at_once_seat_each_person_once():
    people = [queued(rated(1500 + i)) for i in range(8)]
    outcomes = race(*[lambda: queue.tables_form(now=timezone.now() + timedelta(seconds=1))] * 3)
    errors = [outcome for outcome in outcomes if outcome is not None]
    assert errors == []
    assert Game.objects.count() == 2
    seated = list(Seat.objects.filter(user__in=people).values_list("user_id", flat=True))
    assert sorted(seated) == sorted(p.pk for p in people)


def test_joining_twice_or_while_at_a_table_is_refused():
    alice = UserFactory()
    queue.queue_join(user=alice)
    with pytest.raises(Conflict, match="already waiting"):
        queue.queue_join(user=alice)
    bob = UserFactory()
    game = game_tables.table_create(owner=bob, bots={1: "random", 2: "random", 3: "random"})
    with pytest.raises(Conflict, match=f"still seated in game {game.pk}"):
        queue.queue_join(user=bob)
    with pytest.raises(Invalid, match="Choose a wait"):
        queue.queue_join(user=UserFactory(), max_wait=7)


def test_people_who_sat_down_elsewhere_leave_the_queue():
    alice = queued(rated(1500), max_wait=15)
    game_tables.table_create(owner=alice, bots={1: "random"})  # a casual table, still waiting
    assert queue.tables_form(now=timezone.now() + timedelta(seconds=20)) == []
    assert not QueueEntry.objects.exists()


def test_cancel_leaves_the_queue():
    alice = queued(UserFactory())
    assert queue.queue_leave(user=alice) is True
    assert queue.queue_leave(user=alice) is False
    assert queue.tables_form(now=timezone.now() + timedelta(hours=1)) == []


# Abandonment


def abandon(user, *, at):
    others = UserFactory.create_batch(3)
    game = finished_game([user, *others], winner=0, finished_at=at, away=(0,))
    rating_services.ratings_rate_pending()
    return game


def test_repeated_abandonment_bars_ranked_play_for_longer_each_time():
    alice = UserFactory()
    now = timezone.now()
    abandon(alice, at=now - timedelta(days=8))  # outside the week: does not count
    abandon(alice, at=now - timedelta(minutes=30))
    first = alice.abandonments.order_by("-at").first()
    assert first.barred_until == first.at  # the first in a week is a warning
    queue.queue_join(user=alice)
    queue.queue_leave(user=alice)

    abandon(alice, at=now - timedelta(minutes=2))
    second = alice.abandonments.order_by("-at").first()
    assert second.barred_until - second.at == timedelta(minutes=10)
    with pytest.raises(Forbidden, match=r"play ranked again at \d\d:\d\d UTC, in 8 minutes"):
        queue.queue_join(user=alice)

    abandon(alice, at=now - timedelta(minutes=1))
    third = alice.abandonments.order_by("-at").first()
    assert third.barred_until - third.at == timedelta(hours=1)
    assert [bars.bar_for(n) for n in (1, 2, 3, 4, 5, 9)] == [
        timedelta(0),
        timedelta(minutes=10),
        timedelta(hours=1),
        timedelta(hours=6),
        timedelta(hours=24),
        timedelta(hours=24),
    ]


def test_a_bar_ends_and_the_partner_is_never_barred():
    alice, bob = UserFactory.create_batch(2)
    long_ago = timezone.now() - timedelta(hours=2)
    for minutes in (0, 1):
        finished_game(
            [alice, UserFactory(), bob, UserFactory()],
            winner=1,
            finished_at=long_ago + timedelta(minutes=minutes),
            away=(0,),
        )
    rating_services.ratings_rate_pending()
    assert Abandonment.objects.filter(user=alice).count() == 2
    assert not Abandonment.objects.filter(user=bob).exists()
    queue.queue_join(user=alice)  # the 10-minute bar is over
    bob_changes = bob.rating_changes.all()
    assert {change.result for change in bob_changes} == {"excused"}
    assert all(change.delta == 0 for change in bob_changes)


def test_people_barred_after_queueing_are_dropped_from_the_queue():
    alice = queued(UserFactory(), max_wait=15)
    Abandonment.objects.create(
        user=alice,
        game=finished_game(UserFactory.create_batch(4), winner=0),
        at=timezone.now(),
        barred_until=timezone.now() + timedelta(minutes=10),
    )
    assert queue.tables_form(now=timezone.now() + timedelta(seconds=20)) == []
    assert not QueueEntry.objects.exists()
