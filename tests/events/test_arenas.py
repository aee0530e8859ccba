"""Joining, leaving, seating and scoring an arena through its services."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.browsers import Client as Seen, sighting_record
from core.errors import Conflict, NotFound
from events.kinds import ARENA
from events.models import Arena, ArenaGame, ArenaPlayer
from events.services import arenas, results, seating
from games.models import Game
from social import services as social
from social.models import Notification
from tests.clubs.factories import club_with
from tests.events.factories import ArenaFactory
from tests.factories import UserFactory
from tests.games.finished import play_as_if_present

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]
HOME = "203.0.113.7"  # one household's address


def joined(arena, count):
    people = UserFactory.create_batch(count)
    for person in people:
        arenas.arena_join(user=person, arena_id=arena.pk)
    return people


def test_joining_twice_leaving_twice_and_joining_too_late_are_refused_and_change_nothing():
    arena = ArenaFactory()
    ada = UserFactory()
    arenas.arena_join(user=ada, arena_id=arena.pk)
    with pytest.raises(Conflict, match="in this arena already"):
        arenas.arena_join(user=ada, arena_id=arena.pk)
    arenas.arena_leave(user=ada, arena_id=arena.pk)
    with pytest.raises(Conflict, match="left this arena already"):
        arenas.arena_leave(user=ada, arena_id=arena.pk)
    with pytest.raises(NotFound, match="not in this arena"):
        arenas.arena_leave(user=UserFactory(), arena_id=arena.pk)
    player = arenas.arena_join(user=ada, arena_id=arena.pk)  # back after leaving
    assert player.active and ArenaPlayer.objects.filter(arena=arena).count() == 1

    now = timezone.now()
    ended = ArenaFactory(starts_at=now - timedelta(hours=2), ends_at=now - timedelta(hours=1))
    closing = ArenaFactory(starts_at=now - timedelta(hours=1), ends_at=now + timedelta(minutes=2))
    with pytest.raises(Conflict, match="has ended"):
        arenas.arena_join(user=ada, arena_id=ended.pk)
    with pytest.raises(Conflict, match="last minutes"):
        arenas.arena_join(user=ada, arena_id=closing.pk)
    with pytest.raises(NotFound, match="No such arena"):
        arenas.arena_join(user=ada, arena_id=10**9)
    assert not ArenaPlayer.objects.filter(arena__in=[ended, closing]).exists()


def test_four_free_people_are_seated_at_an_arena_game_and_not_twice():
    arena = ArenaFactory()
    people = joined(arena, 4)
    (game,) = seating.arena_seat(arena.pk, now=timezone.now())
    assert game.kind == ARENA and game.preset == "quick" and game.status == Game.Status.PLAYING
    assert {seat.user for seat in game.seats.all()} == set(people)
    assert ArenaGame.objects.get(game=game).arena == arena
    players = {player.user_id: player for player in ArenaPlayer.objects.filter(arena=arena)}
    for seat in game.seats.all():
        partner = game.seats.get(position=(seat.position + 2) % 4)
        assert players[seat.user_id].free_since is None
        assert players[seat.user_id].last_partner_id == partner.user_id
    assert seating.arena_seat(arena.pk, now=timezone.now()) == []


def test_bots_fill_a_table_of_two_after_the_wait():
    arena = ArenaFactory(bot_wait_seconds=30)
    ada, ben = joined(arena, 2)
    now = timezone.now()
    assert seating.arena_seat(arena.pk, now=now + timedelta(seconds=10)) == []
    (game,) = seating.arena_seat(arena.pk, now=now + timedelta(seconds=31))
    seats = list(game.seats.order_by("position"))
    assert {seat.user for seat in seats if seat.user} == {ada, ben}
    assert [seat.bot_level for seat in seats].count("expert") == 2


def test_a_lone_free_player_is_seated_with_three_bots_after_the_wait():
    alone = ArenaFactory(bot_wait_seconds=30)
    (ada,) = joined(alone, 1)
    now = timezone.now()
    assert seating.arena_seat(alone.pk, now=now + timedelta(seconds=10)) == []
    (game,) = seating.arena_seat(alone.pk, now=now + timedelta(seconds=31))
    seats = list(game.seats.order_by("position"))
    assert [seat.user for seat in seats if seat.user] == [ada]
    assert [seat.bot_level for seat in seats].count("expert") == 3


def test_people_who_block_each_other_are_not_seated_together():
    arena = ArenaFactory(bot_wait_seconds=0)
    ada, ben = joined(arena, 2)
    social.block(user=ada, other=ben)
    games = seating.arena_seat(arena.pk, now=timezone.now() + timedelta(seconds=5))
    tables = [{seat.user for seat in game.seats.all() if seat.user} for game in games]
    assert sorted(tables, key=lambda people: min(p.pk for p in people)) == [{ada}, {ben}]


def test_nobody_is_seated_in_the_last_minutes_nor_after_leaving():
    now = timezone.now()
    arena = ArenaFactory(starts_at=now - timedelta(minutes=50), ends_at=now + timedelta(minutes=10))
    people = joined(arena, 5)
    arenas.arena_leave(user=people[0], arena_id=arena.pk)
    assert seating.arenas_seat(now=now + timedelta(minutes=6)) == []
    (game,) = seating.arenas_seat(now=now)
    assert people[0] not in {seat.user for seat in game.seats.all()}


def test_a_finished_game_scores_its_winners_once_and_frees_everyone_for_the_next_table():
    arena = ArenaFactory()
    joined(arena, 4)
    (game,) = seating.arena_seat(arena.pk, now=timezone.now())
    game = play_as_if_present(game)
    assert results.record_game(game_id=game.pk) is True
    assert results.record_game(game_id=game.pk) is False  # once
    winners = {seat.user_id for seat in game.seats.all() if seat.position % 2 == game.winner}
    for player in ArenaPlayer.objects.filter(arena=arena):
        won = player.user_id in winners
        assert (player.points, player.games, player.wins, player.streak) == (
            (2, 1, 1, 1) if won else (0, 1, 0, 0)
        )
        assert player.free_since is not None
    assert ArenaGame.objects.get(game=game).status == ArenaGame.Status.COUNTED
    (again,) = seating.arena_seat(arena.pk, now=timezone.now())
    assert again.pk != game.pk


def test_a_game_that_ends_after_the_arena_does_not_count():
    arena = ArenaFactory()
    joined(arena, 4)
    (game,) = seating.arena_seat(arena.pk, now=timezone.now())
    game = play_as_if_present(game)
    arena.ends_at = game.finished_at - timedelta(seconds=1)
    arena.save()
    assert results.sweep() == 1  # the sweep finds a game whose signal was lost
    assert ArenaGame.objects.get(game=game).status == ArenaGame.Status.LATE
    assert set(ArenaPlayer.objects.values_list("points", "games")) == {(0, 0)}


def test_someone_who_walked_away_from_their_table_loses_it_and_leaves_the_arena():
    arena = ArenaFactory()
    joined(arena, 4)
    (game,) = seating.arena_seat(arena.pk, now=timezone.now())
    game = play_as_if_present(game)
    walker = game.seats.get(position=game.winner)  # on the winning side
    game.seats.filter(pk=walker.pk).update(away=True)
    results.record_game(game_id=game.pk)
    player = ArenaPlayer.objects.get(arena=arena, user_id=walker.user_id)
    assert (player.points, player.games, player.active, player.free_since) == (0, 1, False, None)
    partner = ArenaPlayer.objects.get(
        arena=arena, user=game.seats.get(position=game.winner + 2).user
    )
    assert partner.points == 2 and partner.active


def test_people_who_joined_ahead_wait_for_bots_from_the_start_not_from_joining():
    now = timezone.now()
    arena = ArenaFactory(starts_at=now + timedelta(minutes=10), bot_wait_seconds=30)
    joined(arena, 2)
    start = arena.starts_at
    assert seating.arena_seat(arena.pk, now=start - timedelta(seconds=1)) == []  # not yet
    assert seating.arena_seat(arena.pk, now=start + timedelta(seconds=5)) == []
    assert len(seating.arena_seat(arena.pk, now=start + timedelta(seconds=31))) == 1


def test_leaving_an_ended_arena_is_refused_and_its_standings_stay_final():
    arena = ArenaFactory()
    (ada,) = joined(arena, 1)
    with pytest.raises(Conflict, match="has ended: its standings are final"):
        arenas.arena_leave(user=ada, arena_id=arena.pk, now=arena.ends_at)
    assert ArenaPlayer.objects.get(user=ada).active


def test_the_entrants_are_told_the_result_once_every_counted_game_is_recorded():
    arena = ArenaFactory()
    people = joined(arena, 4)
    (game,) = seating.arena_seat(arena.pk, now=timezone.now())
    play_as_if_present(game)  # finished, its result not recorded yet (a lost signal)
    assert results.arenas_conclude(now=arena.ends_at) == 0
    assert results.sweep() == 1
    assert results.arenas_conclude(now=arena.ends_at) == 1
    winner = (
        ArenaPlayer.objects.filter(arena=arena).order_by("-points", "games", "joined_at").first()
    )
    assert winner.points == 2
    told = Notification.objects.filter(text__contains="has ended")
    assert {notice.user for notice in told} == set(people)
    assert told[0].text == f"{arena.name} has ended: {winner.user.username} won with 2 points"
    assert told[0].url == f"/arenas/{arena.pk}/"
    empty = ArenaFactory(starts_at=arena.starts_at, ends_at=arena.ends_at)
    assert results.arenas_conclude(now=arena.ends_at) == 1  # nobody to tell, concluded
    assert Arena.objects.get(pk=empty.pk).concluded


def seen_at_one_address(*people) -> None:
    """Each signs in from a browser of their own, at one address, now (accounts.seats links
    their accounts)."""
    for number, person in enumerate(people):
        sighting_record(user=person, client=Seen(browser=f"browser-{number:016d}", address=HOME))


def test_linked_accounts_never_share_an_arena_table():
    arena = ArenaFactory()
    people = joined(arena, 8)
    seen_at_one_address(people[0], people[1])
    games = seating.arena_seat(arena.pk, now=timezone.now())
    tables = [set(game.seats.values_list("user", flat=True)) for game in games]
    assert len(tables) == 2 and set().union(*tables) == {person.pk for person in people}
    assert not any({people[0].pk, people[1].pk} <= table for table in tables)


def test_a_club_battle_never_seats_linked_accounts_together():
    red, reds = club_with(members=3)
    blue, blues = club_with(members=3)
    arena = ArenaFactory(battle_top=2)
    arena.clubs.add(red, blue)
    people = [*reds, *blues, *(club.memberships.get(role="owner").user for club in (red, blue))]
    for person in people:
        arenas.arena_join(user=person, arena_id=arena.pk)
    seen_at_one_address(reds[0], blues[0])  # one person's accounts in both clubs
    games = seating.arena_seat(arena.pk, now=timezone.now())
    tables = [set(game.seats.values_list("user", flat=True)) for game in games]
    assert len(tables) == 2
    assert not any({reds[0].pk, blues[0].pk} <= table for table in tables)
