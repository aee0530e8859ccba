"""A bar reaches every event at once: the decision takes the person out of the ranked
queue, arenas and club battles, and tournaments (withdrawn or left alone as the stage
allows), and every seating and pairing step (a daily board, a club session, a league game
too) checks it
again, so a bar that the removal
missed (here: a decision row written behind the services' back) is honoured there too.
What they played already stands."""

from datetime import timedelta

import pytest
from django.db.models import Q
from django.utils import timezone

from accounts.hooks import refusal_of, refused_among
from core.errors import Conflict, Forbidden, Invalid
from duplicate.services import daily, sessions as club_sessions
from events.models import ArenaGame, ArenaPlayer
from events.services import arenas, results, seating
from games.models import Game
from leagues.models import Entrant, Fixture, Pairing, Tournament
from leagues.services import seasons, tournaments
from moderation.models import Decision
from moderation.services import decisions
from ranked.models import QueueEntry
from ranked.services import queue
from tests.clubs.factories import club_with
from tests.duplicate.factories import add_pairs, new_session
from tests.events.factories import ArenaFactory
from tests.factories import UserFactory
from tests.games.finished import play_as_if_present
from tests.helpers import told
from tests.leagues.conftest import fast_games  # noqa: F401 (a fixture)
from tests.leagues.factories import (
    TournamentFactory,
    director,
    directors_group,
    first_round_started,
    partnership,
    started_season,
    tournament_with,
)
from tests.leagues.test_autorun import play_round, running_itself, step
from tests.moderation.factories import moderator
from tests.ranked.factories import queued, rated, seats_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]


def bar(person) -> Decision:
    return decisions.decision_take(
        moderator=moderator(), subject=person, kind="bar", reason="boosting", minutes=60
    )


def barred_behind_the_services(person) -> Decision:
    """A bar in force whose removal never ran: only the steps' own checks can honour it."""
    return Decision.objects.create(
        subject=person, moderator=moderator(), kind="bar", reason="boosting",
        until=timezone.now() + timedelta(hours=1),
    )  # fmt: skip


def test_the_steps_ask_for_a_crowd_what_each_person_is_told_but_a_warning_to_read():
    boss = moderator()
    barred, muted, warned, undone, ended, free = UserFactory.create_batch(6)
    for person, kind in ((barred, "bar"), (muted, "mute"), (undone, "bar"), (ended, "bar")):
        decisions.decision_take(moderator=boss, subject=person, kind=kind, reason="x", minutes=60)
    decisions.decision_take(moderator=boss, subject=warned, kind="warn", reason="x")
    Decision.objects.filter(subject=undone).update(undone_at=timezone.now())
    Decision.objects.filter(subject=ended).update(until=timezone.now())
    people = [barred, muted, undone, ended, free]
    for activity in ("chat", "ranked", "events", "anything"):
        one_by_one = {person.pk for person in people if refusal_of(person, activity)}
        assert refused_among([p.pk for p in people], activity) == one_by_one, activity
    assert refused_among([p.pk for p in people], "events") == {barred.pk}
    # A warning keeps them from joining until read, not from what they are in.
    assert refusal_of(warned, "events") and not refused_among([warned.pk], "events")


def test_the_matchmaker_seats_nobody_barred_since_they_queued_and_an_open_table_plays_on():
    people = [queued(rated(1500 + n)) for n in range(4)]
    ben = people[0]
    barred_behind_the_services(ben)
    assert queue.tables_form(now=timezone.now() + timedelta(seconds=5)) == []
    assert not QueueEntry.objects.filter(user=ben).exists()  # out of the queue, too
    (game,) = queue.tables_form(now=timezone.now() + timedelta(seconds=40))
    assert ben not in seats_of(game)

    # Barred at an open ranked table: they finish that game (their partner keeps theirs),
    # and get no next one.
    Decision.objects.all().delete()
    ada = people[1]
    bar(ada)
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING and ada in seats_of(game)
    with pytest.raises(Forbidden, match="barred you from ranked play and events"):
        queue.queue_join(user=ada, max_wait=60)


def test_a_bar_takes_them_out_of_every_arena_and_battle_and_their_games_stand():
    ben = UserFactory()
    arena = ArenaFactory()
    others = UserFactory.create_batch(3)
    for person in [ben, *others]:
        arenas.arena_join(user=person, arena_id=arena.pk)
    (game,) = seating.arena_seat(arena.pk, now=timezone.now())
    home, (mate,) = club_with(owner=ben, members=1)
    away, rivals = club_with(members=2)
    battle = ArenaFactory(starts_at=timezone.now() + timedelta(hours=1))
    battle.clubs.add(home, away)
    for person in [ben, mate, *rivals]:
        arenas.arena_join(user=person, arena_id=battle.pk)

    bar(ben)
    assert not ArenaPlayer.objects.filter(user=ben, active=True).exists()
    assert ArenaPlayer.objects.filter(user=mate, arena=battle, active=True).exists()
    # The game in progress goes on and counts; no new table after it.
    game = play_as_if_present(game)
    assert results.record_game(game_id=game.pk)
    assert ArenaGame.objects.get(game=game).status == ArenaGame.Status.COUNTED
    assert ArenaPlayer.objects.get(user=ben, arena=arena).games == 1
    later = timezone.now() + timedelta(seconds=31)
    (next_game,) = seating.arena_seat(arena.pk, now=later)
    assert ben not in {seat.user for seat in next_game.seats.all()}
    with pytest.raises(Forbidden, match="barred"):
        arenas.arena_join(user=ben, arena_id=battle.pk)


def test_arena_seating_leaves_out_someone_barred_since_they_joined():
    arena = ArenaFactory()
    ben, *others = UserFactory.create_batch(4)
    for person in [ben, *others]:
        arenas.arena_join(user=person, arena_id=arena.pk)
    barred_behind_the_services(ben)
    assert seating.arena_seat(arena.pk, now=timezone.now()) == []  # three wait for a bot
    (game,) = seating.arena_seat(arena.pk, now=timezone.now() + timedelta(seconds=31))
    seated = {seat.user for seat in game.seats.all()}
    assert ben not in seated and set(others) <= seated


def test_a_bar_during_registration_ends_the_entry_and_the_partner_stays_registered_alone():
    tournament = TournamentFactory()
    ben, ann, cat, dan, eve, gus = UserFactory.create_batch(6)
    partnership(tournament, ben, ann)  # ben registered, ann accepted
    partnership(tournament, cat, dan)
    tournaments.tournament_register(tournament=tournament, user=eve, partner=gus)  # invited
    tournaments.tournament_register(tournament=TournamentFactory(), user=ben)

    bar(ben)
    bar(gus)
    entries = {e.player_a: e for e in Entrant.objects.filter(tournament=tournament)}
    assert ben not in entries and str(entries[ann]) == f"{ann} (alone)"
    assert str(entries[eve]) == f"{eve} (alone)"  # the invitation to gus lapsed
    assert entries[cat].player_b == dan
    assert not Entrant.objects.filter(player_a=ben).exists()  # the other one too
    assert any(f"{ben} can no longer play" in text for text in told(ann))
    assert any(f"{gus} can no longer play" in text for text in told(eve))


@pytest.mark.usefixtures("fast_games")
def test_a_scheduled_swiss_withdraws_the_barred_pair_and_pairs_them_no_more(
    monkeypatch, django_capture_on_commit_callbacks
):
    tournament = running_itself(4, format="swiss", swiss_rounds=3)
    assert step() == 1
    first = tournament.rounds.get()
    row = first.pairings.exclude(game=None).select_related("entrant_a__player_a").first()
    ben = row.entrant_a.player_a
    bar(ben)
    entrant = Entrant.objects.get(pk=row.entrant_a_id)
    assert entrant.withdrawn
    assert any("withdrawn" in text for text in told(entrant.player_b))
    game = Game.objects.get(pk=row.game_id)
    assert game.status == Game.Status.PLAYING  # the round's game goes on and counts

    play_round(first, django_capture_on_commit_callbacks, monkeypatch)
    assert step() == 1
    second = tournament.rounds.get(number=2)
    paired = {pk for pair in second.pairings.values_list("entrant_a", "entrant_b") for pk in pair}
    assert entrant.pk not in paired and len(paired - {None}) == 3


def test_autorun_leaves_out_someone_barred_behind_its_back_when_registration_closes():
    tournament = running_itself(3, format="swiss", swiss_rounds=2)
    ben = tournament.entrants.first().player_b
    barred_behind_the_services(ben)
    assert step() == 1
    (first,) = tournament.rounds.all()
    seated = {seat.user_id for row in first.pairings.exclude(game=None)
              for seat in row.game.seats.all()}  # fmt: skip
    assert ben.pk not in seated and len(seated) == 4
    assert not tournament.entrants.filter(Q(player_a=ben) | Q(player_b=ben)).exists()


def test_a_knockouts_barred_winner_gives_the_next_opponent_a_walkover():
    boss = director()
    tournament = tournament_with(4, format=Tournament.Format.ELIMINATION)
    first = first_round_started(tournament, boss)
    top, bottom = first.pairings.order_by("table")
    bar(top.entrant_a.player_a)
    for row in (top, bottom):  # the director records each table's winner
        tournaments.pairing_forfeit(pairing_id=row.pk, director=boss, winner=row.entrant_a)
    final = tournaments.round_generate(tournament=tournament, director=boss)
    tournaments.round_start(round_id=final.pk, director=boss)
    (row,) = final.pairings.all()
    assert (row.entrant_a_id, row.entrant_b, row.game, row.status) == (
        bottom.entrant_a_id, None, None, Pairing.Status.BYE
    )  # fmt: skip


def test_the_daily_challenge_starts_no_board_for_someone_barred():
    ben = UserFactory()
    today = timezone.now().date()
    daily.event_make_daily(day=today, solve=False)
    daily.daily_board_start(user=ben, day=today, number=1)
    bar(ben)
    with pytest.raises(Forbidden, match="barred"):
        daily.daily_board_start(user=ben, day=today, number=2)


def test_a_league_game_does_not_start_with_someone_barred():
    _, season = started_season(2)
    fixture = season.fixtures.exclude(away=None).first()
    ben, *others = fixture.players()
    seasons.fixture_present(fixture_id=fixture.pk, user=ben)
    for person in others[:2]:
        seasons.fixture_present(fixture_id=fixture.pk, user=person)
    barred_behind_the_services(ben)  # after saying they are here
    with pytest.raises(Conflict, match=f"{ben} may not play for now"):
        seasons.fixture_present(fixture_id=fixture.pk, user=others[2])
    with pytest.raises(Forbidden, match="barred"):
        seasons.fixture_present(fixture_id=fixture.pk, user=ben)
    fixture.refresh_from_db()
    assert fixture.game is None and fixture.status == Fixture.Status.SCHEDULED


def test_a_club_session_does_not_start_with_someone_barred():
    club, members = club_with(members=6)
    boss = UserFactory(is_staff=True)
    boss.groups.add(directors_group("duplicate.migrations.0003_session_directors"))
    session = new_session(club, boss, boards=12, per_round=4)
    add_pairs(session, members, ["ns", "ns", "ns", "ew", "ew", "ew"])
    barred_behind_the_services(members[4])
    with pytest.raises(Invalid, match=f"May not play in events at present: {members[4]}"):
        club_sessions.session_start(session_id=session.pk, director=boss)
    assert session.boards.count() == 0
