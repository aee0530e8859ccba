"""Queueing as partners on the database: asking a friend, accepting, leaving, expiry,
blocks, and the one-seat-per-person rule with racing threads."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import Conflict, Forbidden, Invalid, NotFound
from games.models import Game, Seat
from games.services import tables
from ranked.models import PartnerRequest, QueueEntry
from ranked.services import partners, queue
from social import services as social
from social.models import Notification, Preference
from tests.factories import UserFactory
from tests.helpers import told
from tests.races import open_table, places_of, race
from tests.ranked.factories import queued, rated, seats_of
from tests.social.factories import befriend

pytestmark = pytest.mark.django_db
ROUNDS = 6


def friends(*displays):
    people = [rated(display) for display in displays]
    befriend(people[0], people[1])
    return people


def as_partners(first, second, *, max_wait=30):
    request = partners.partner_request_send(user=first, partner=second, max_wait=max_wait)
    partners.partner_request_accept(user=second, request_id=request.pk)


def later(seconds):
    return timezone.now() + timedelta(seconds=seconds)


def test_a_friend_is_asked_told_and_one_click_queues_both_as_a_pair():
    alice, bob = friends(1500, 1500)
    request = partners.partner_request_send(user=alice, partner=bob, max_wait=60)
    assert told(bob) == [f"{alice.username} asks you to play ranked as partners in Classic"]
    assert Notification.objects.get(user=bob).url == "/ranked/"
    assert not QueueEntry.objects.exists()  # nobody waits until bob says yes

    partners.partner_request_accept(user=bob, request_id=request.pk)
    entries = {e.user_id: e for e in QueueEntry.objects.all()}
    assert entries[alice.pk].partner_id == bob.pk and entries[bob.pk].partner_id == alice.pk
    assert entries[alice.pk].max_wait == entries[bob.pk].max_wait == 60
    assert not PartnerRequest.objects.exists()
    assert Notification.objects.filter(user=alice, text__contains="accepted").exists()


def test_the_pair_is_seated_as_partners_against_two_singles():
    alice, bob = friends(1700, 1300)
    as_partners(alice, bob)
    singles = [queued(rated(display)) for display in (1520, 1480, 1900, 1100)]
    (game,) = queue.tables_form(now=later(1))
    seats = seats_of(game)
    assert {seats[0], seats[2]} == {alice, bob}
    assert {seats[1], seats[3]} <= set(singles)
    assert {seats[1], seats[3]} == {singles[0], singles[1]}  # the two closest to even
    assert game.ranked
    assert QueueEntry.objects.filter(user__in=[alice, bob]).count() == 0


def test_two_pairs_meet_and_a_lone_pair_gets_bots_after_its_wait():
    first = friends(1500, 1500)
    second = friends(1520, 1480)
    as_partners(*first)
    as_partners(*second)
    (game,) = queue.tables_form(now=later(1))
    seats = seats_of(game)
    assert {frozenset(seats[0::2]), frozenset(seats[1::2])} == {
        frozenset(first),
        frozenset(second),
    }

    third = friends(1500, 1500)
    as_partners(*third, max_wait=15)
    assert queue.tables_form(now=later(5)) == []
    (game,) = queue.tables_form(now=later(16))
    seats = seats_of(game)
    assert set(seats[0::2]) == set(third) or set(seats[1::2]) == set(third)
    assert sum(isinstance(seat, str) for seat in seats) == 2


def test_either_leaving_takes_the_pair_out_and_tells_the_other():
    alice, bob = friends(1500, 1500)
    as_partners(alice, bob)
    assert queue.queue_leave(user=bob) is True
    assert not QueueEntry.objects.exists()
    assert Notification.objects.filter(user=alice, text__contains="left the ranked queue").exists()


def test_sitting_down_elsewhere_takes_the_pair_out_and_ends_requests():
    alice, bob = friends(1500, 1500)
    as_partners(alice, bob)
    table = open_table()
    tables.table_join(game_id=table.pk, user=alice, seat=2)
    assert places_of(alice) == [f"game {table.pk}"] and places_of(bob) == []
    assert Notification.objects.filter(user=bob, text__contains="sat down at another").exists()

    carol = UserFactory()
    befriend(bob, carol)
    request = partners.partner_request_send(user=bob, partner=carol)
    tables.table_create(owner=carol)
    assert not PartnerRequest.objects.exists()
    with pytest.raises(NotFound):
        partners.partner_request_accept(user=carol, request_id=request.pk)


def test_a_request_expires_and_a_new_one_replaces_the_old():
    alice, bob = friends(1500, 1500)
    carol = UserFactory()
    befriend(alice, carol)
    old = partners.partner_request_send(user=alice, partner=bob)
    new = partners.partner_request_send(user=alice, partner=carol)
    assert list(PartnerRequest.objects.values_list("pk", flat=True)) == [new.pk]
    with pytest.raises(NotFound, match=f"no open partner request {old.pk}"):
        partners.partner_request_accept(user=bob, request_id=old.pk)
    PartnerRequest.objects.filter(pk=new.pk).update(expires_at=timezone.now())
    with pytest.raises(NotFound):
        partners.partner_request_accept(user=carol, request_id=new.pk)
    queue.tables_form()  # sweeps expired requests
    assert not PartnerRequest.objects.exists()


def test_decline_and_asking_back_accepts():
    alice, bob = friends(1500, 1500)
    request = partners.partner_request_send(user=alice, partner=bob)
    partners.partner_request_decline(user=bob, request_id=request.pk)
    assert not PartnerRequest.objects.exists() and not QueueEntry.objects.exists()
    assert Notification.objects.filter(user=alice, text__contains="cannot play ranked").exists()

    partners.partner_request_send(user=alice, partner=bob)
    partners.partner_request_send(user=bob, partner=alice)  # both want it: done
    assert QueueEntry.objects.filter(partner__isnull=False).count() == 2


def test_only_friends_who_do_not_block_may_queue_together():
    alice, bob, stranger = UserFactory(), UserFactory(), UserFactory()
    befriend(alice, bob)
    with pytest.raises(Forbidden, match="not your friend"):
        partners.partner_request_send(user=alice, partner=stranger)
    with pytest.raises(Invalid, match="not yourself"):
        partners.partner_request_send(user=alice, partner=alice)
    with pytest.raises(Invalid, match="Choose a wait"):
        partners.partner_request_send(user=alice, partner=bob, max_wait=7)
    request = partners.partner_request_send(user=alice, partner=bob)
    social.block(user=bob, other=alice)  # ends the friendship too
    with pytest.raises(Conflict, match="no longer valid"):
        partners.partner_request_accept(user=bob, request_id=request.pk)
    with pytest.raises(Forbidden, match="cannot ask"):
        partners.partner_request_send(user=alice, partner=bob)
    assert not QueueEntry.objects.exists()

    carol, dave = UserFactory(), UserFactory()
    befriend(carol, dave)
    Preference.objects.create(user=dave, invites_from=Preference.InvitesFrom.NOBODY)
    with pytest.raises(Forbidden, match="from nobody"):
        partners.partner_request_send(user=carol, partner=dave)


def test_a_busy_friend_cannot_be_asked_and_a_busy_sender_cannot_accept():
    alice, bob = friends(1500, 1500)
    queue.queue_join(user=bob)
    with pytest.raises(Conflict, match="already waiting"):
        partners.partner_request_send(user=alice, partner=bob)
    queue.queue_leave(user=bob)
    table = tables.table_create(owner=bob)
    with pytest.raises(Conflict, match="is at a table now") as refused:
        partners.partner_request_send(user=alice, partner=bob)
    # It may be private: never named (the message names only the person, whose name may
    # hold the table's number by chance).
    assert refused.value.message.removeprefix(bob.username) == (
        " is at a table now: ask again when their game is over"
    )
    tables.table_leave(game_id=table.pk, user=bob)
    request = partners.partner_request_send(user=alice, partner=bob)
    queue.queue_join(user=alice)  # queueing alone withdraws one's request
    with pytest.raises(NotFound):
        partners.partner_request_accept(user=bob, request_id=request.pk)


def test_a_block_between_queued_partners_ends_the_pair():
    alice, bob = friends(1500, 1500)
    as_partners(alice, bob, max_wait=15)
    social.block(user=alice, other=bob)
    assert queue.tables_form(now=later(60)) == []
    assert not QueueEntry.objects.exists()


def test_blocked_singles_are_not_seated_as_partners():
    # The fairest split partners a strong with a weak player: 1700 with 1300.
    strong = [queued(rated(1700)), queued(rated(1690))]
    weak = [queued(rated(1310)), queued(rated(1300))]
    social.block(user=strong[0], other=weak[1])
    social.block(user=weak[0], other=strong[1])
    (game,) = queue.tables_form(now=later(60))
    seats = seats_of(game)
    teams = {frozenset(seats[0::2]), frozenset(seats[1::2])}
    assert frozenset({strong[0], weak[1]}) not in teams
    assert frozenset({strong[1], weak[0]}) not in teams
    assert teams == {frozenset({strong[0], weak[0]}), frozenset({strong[1], weak[1]})}


# One person, one seat, with racing threads


@pytest.mark.django_db(transaction=True)
def test_accepting_and_sitting_down_at_once_leave_each_person_in_one_place():
    for _ in range(ROUNDS):
        alice, bob = UserFactory(), UserFactory()
        befriend(alice, bob)
        request = partners.partner_request_send(user=alice, partner=bob)
        table = open_table()
        race(
            lambda bob=bob, request=request: partners.partner_request_accept(
                user=bob, request_id=request.pk
            ),
            lambda bob=bob, table=table: tables.table_join(game_id=table.pk, user=bob, seat=2),
        )
        # The join always wins: it took the pair out of the queue, or the accept saw bob
        # seated; alice never waits alone for a pair that cannot play.
        assert places_of(bob) == [f"game {table.pk}"]
        assert places_of(alice) == []


@pytest.mark.django_db(transaction=True)
def test_the_sender_sitting_down_while_the_friend_accepts_queues_nobody():
    for _ in range(ROUNDS):
        alice, bob = UserFactory(), UserFactory()
        befriend(alice, bob)
        request = partners.partner_request_send(user=alice, partner=bob)
        race(
            lambda bob=bob, request=request: partners.partner_request_accept(
                user=bob, request_id=request.pk
            ),
            lambda alice=alice: tables.table_create(owner=alice, bots={1: "random"}),
        )
        assert len(places_of(alice)) == 1 and places_of(alice)[0].startswith("game")
        assert places_of(bob) == []


@pytest.mark.django_db(transaction=True)
def test_accepting_two_requests_at_once_makes_one_pair():
    for _ in range(ROUNDS):
        alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
        befriend(alice, bob)
        befriend(carol, bob)
        first = partners.partner_request_send(user=alice, partner=bob)
        second = partners.partner_request_send(user=carol, partner=bob)
        outcomes = race(
            *(
                lambda bob=bob, request=request: partners.partner_request_accept(
                    user=bob, request_id=request.pk
                )
                for request in (first, second)
            ),
        )
        assert sum(outcome is None for outcome in outcomes) == 1, outcomes
        assert places_of(bob) == ["queue"]
        partner = QueueEntry.objects.get(user=bob).partner
        assert places_of(partner) == ["queue"]
        other = carol if partner == alice else alice
        assert places_of(other) == []


@pytest.mark.django_db(transaction=True)
def test_the_matchmaker_and_a_pair_member_sitting_down_at_once_split_nobody():
    for _ in range(ROUNDS):
        alice, bob = UserFactory(), UserFactory()
        befriend(alice, bob)
        as_partners(alice, bob, max_wait=15)
        singles = [UserFactory() for _ in range(2)]
        for single in singles:
            queue.queue_join(user=single)
        table = open_table()
        outcomes = race(
            lambda: queue.tables_form(now=later(60)),
            lambda alice=alice, table=table: tables.table_join(
                game_id=table.pk, user=alice, seat=2
            ),
        )
        assert len(places_of(alice)) == 1, (places_of(alice), outcomes)
        assert len(places_of(bob)) <= 1, places_of(bob)
        ranked_games = Game.objects.filter(ranked=True, seats__user=bob)
        if places_of(alice) == [f"game {table.pk}"]:
            # The join won: bob left the queue with her and sits at no ranked table.
            assert places_of(bob) == [] and not ranked_games.exists()
        else:
            # The matchmaker won: they sit together as partners, the join was refused.
            game = ranked_games.get()
            positions = dict(Seat.objects.filter(game=game).values_list("user_id", "position"))
            assert (positions[alice.pk] - positions[bob.pk]) % 4 == 2
            assert isinstance(outcomes[1], Conflict)
