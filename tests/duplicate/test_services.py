"""The daily challenge's services: boards under commit-reveal, starting boards in order,
recording results, closing the day (real PostgreSQL; games played in-process)."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from core.errors import Conflict, Invalid, NotFound
from duplicate import kinds
from duplicate.models import Board, BoardGame, Entry, Event
from duplicate.selectors import boards as board_selectors, daily as daily_selectors
from duplicate.services import boards as board_services, daily as daily_services
from games.engine import board_score, commitment, deal, first_dealer, hand_seed
from games.models import Game
from games.services import clock as game_clock, tables
from tests.duplicate.play import play_board
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_day_has_8_boards_committed_ahead_each_seat_dealing_twice(today):
    boards = list(today.boards.order_by("number"))
    assert [b.number for b in boards] == list(range(1, 9))
    assert [b.dealer for b in boards] == [0, 1, 2, 3, 0, 1, 2, 3]
    for board in boards:
        game_seed = bytes.fromhex(board.seed)
        assert first_dealer(game_seed) == board.dealer  # the games deal from it unchanged
        assert (
            board.commitment == commitment(hand_seed(game_seed, 1)) == commitment(board.hand_seed)
        )
    assert len({b.seed for b in boards}) == 8
    assert today.opens_at <= timezone.now() < today.closes_at
    assert today.rules.hands == 1 and today.rules.bag_limit == 0 and not today.rules.blind_nil


def test_making_a_day_again_gives_the_same_day_and_boards_are_a_multiple_of_4(today):
    again = daily_services.event_make_daily(day=today.day, solve=False)
    assert again.pk == today.pk and Event.objects.count() == 1 and Board.objects.count() == 8
    with pytest.raises(Invalid, match="multiple of 4"):
        daily_services.event_make_daily(day=today.day + timedelta(days=5), boards=6, solve=False)


def test_prepare_makes_today_and_tomorrow_then_their_double_dummy_tricks():
    # A Friday (Suicide, then Saturday's Classic): the same days whatever the day it runs.
    now = datetime(2026, 11, 27, 12, tzinfo=UTC)
    unsolved = daily_services.daily_prepare(now=now)
    days = sorted(Event.objects.values_list("day", flat=True))
    assert len(days) == 2 and days[1] == days[0] + timedelta(days=1)
    assert sorted(unsolved) == sorted(Board.objects.values_list("pk", flat=True))
    board = Board.objects.get(pk=unsolved[0])
    tricks = board_services.board_solve(board_id=board.pk)
    board.refresh_from_db()
    assert board.dd_tricks == tricks and len(tricks) == 2 and sum(tricks) == 13
    assert len(daily_services.daily_prepare(now=now)) == 15


def test_a_board_game_deals_the_board_and_seats_the_person_south(today, quiet_games):
    user = UserFactory()
    game = daily_services.daily_board_start(user=user, day=today.day, number=1)
    board = today.boards.get(number=1)
    assert game.seed == board.seed and game.kind == kinds.DUPLICATE
    assert game.players_only and game.private and game.turn_seconds == 0
    assert game.turn_deadline is None  # no clock plays for the person
    seats = list(game.seats.order_by("position"))
    assert [s.user_id for s in seats] == [None, None, user.pk, None]
    assert [bool(s.bot_level) for s in seats] == [True, True, False, True]
    state = game.engine_state
    assert state.dealer == board.dealer and state.hand_seed == board.hand_seed
    assert [c.code for c in state.cards(2)] == [c.code for c in deal(board.hand_seed, 0)[2]]


def test_boards_are_played_in_order_and_resumed(today, quiet_games):
    user = UserFactory()
    with pytest.raises(Conflict, match="play board 1 first"):
        daily_services.daily_board_start(user=user, day=today.day, number=2)
    first = daily_services.daily_board_start(user=user, day=today.day, number=1)
    assert daily_services.daily_board_start(user=user, day=today.day, number=1).pk == first.pk
    play_board(first.pk, user)
    assert BoardGame.objects.get(game=first).finished  # recorded by the signal at once
    # The last board finished gives its game again; the next one starts.
    assert daily_services.daily_board_start(user=user, day=today.day, number=1).pk == first.pk
    second = daily_services.daily_board_start(user=user, day=today.day, number=2)
    play_board(second.pk, user)
    with pytest.raises(Conflict, match="You have played board 1 already; your next board is 3"):
        daily_services.daily_board_start(user=user, day=today.day, number=1)
    with pytest.raises(Conflict, match="play board 3 first"):
        daily_services.daily_board_start(user=user, day=today.day, number=5)
    with pytest.raises(NotFound, match="There is no board 9"):
        daily_services.daily_board_start(user=user, day=today.day, number=9)
    assert Entry.objects.filter(user=user).count() == 1  # one entry per person per day


def test_a_person_at_another_table_is_told_to_finish_it_first(today, quiet_games):
    user = UserFactory()
    other = tables.table_create(owner=user)
    with pytest.raises(Conflict, match=f"table {other.pk}"):
        daily_services.daily_board_start(user=user, day=today.day, number=1)
    assert not BoardGame.objects.exists()


def test_a_closed_or_missing_day_refuses_to_start(today, quiet_games):
    user = UserFactory()
    with pytest.raises(NotFound):
        daily_services.daily_board_start(user=user, day=today.day - timedelta(days=30), number=1)
    later = today.closes_at + timedelta(seconds=1)
    with pytest.raises(Conflict, match="is closed"):
        daily_services.daily_board_start(user=user, day=today.day, number=1, now=later)


def test_the_result_is_the_board_score_of_the_hand(today, quiet_games):
    user = UserFactory()
    game = play_board(daily_services.daily_board_start(user=user, day=today.day, number=1).pk, user)
    played = BoardGame.objects.get(game=game)
    hand = game.hands.get()
    score = board_score(today.rules, bids=hand.bids, blind=hand.blind, tricks=hand.tricks)
    assert played.bids == hand.bids and played.tricks == hand.tricks
    assert played.points == list(score.points) and played.result == score.result[0]
    assert board_services.board_game_record(game_id=game.pk) is False  # idempotent


def test_the_traveller_is_shown_only_to_those_who_finished_the_board(today, quiet_games):
    ann, bob = UserFactory(), UserFactory()
    board = today.boards.get(number=1)
    play_board(daily_services.daily_board_start(user=ann, day=today.day, number=1).pk, ann)
    assert daily_selectors.check_may_see_board(today, board, ann) is not None
    with pytest.raises(Exception, match="Finish board 1 first"):
        daily_selectors.check_may_see_board(today, board, bob)
    daily_services.daily_board_start(user=bob, day=today.day, number=1)  # started, not finished
    with pytest.raises(Exception, match="Finish board 1 first"):
        daily_selectors.check_may_see_board(today, board, bob)
    rows = daily_selectors.traveller(today, board)
    assert [row["player"] for row in rows] == [ann.username]
    assert rows[0]["percentage"] == 50.0  # alone on the board


def test_closing_keeps_scores_publishes_games_and_reveals_seeds(today, quiet_games):
    ann, bob, cy = UserFactory(), UserFactory(), UserFactory()
    for seed, user in enumerate((ann, bob)):
        for number in (1, 2):
            game = daily_services.daily_board_start(user=user, day=today.day, number=number)
            play_board(game.pk, user, seed=seed)
    unfinished = daily_services.daily_board_start(user=cy, day=today.day, number=1)
    assert board_selectors.board_verification(today)[0].keys() == {
        "number",
        "dealer",
        "deck",  # a Joker deal is verified with its deck
        "commitment",
    }
    assert daily_services.event_close(event_id=today.pk) is False  # not over yet
    Event.objects.filter(pk=today.pk).update(closes_at=timezone.now() - timedelta(seconds=1))
    assert daily_services.events_close_due() == 1
    today.refresh_from_db()
    assert today.closed
    table = daily_selectors.standings(today, ann)
    assert table["rows"] == []  # nobody played all 8 boards
    assert {row["status"] for row in table["others"]} == {"incomplete"}
    assert {row["player"] for row in table["others"]} == {ann.username, bob.username, cy.username}
    scores = {row["player"]: row["score"] for row in table["others"]}
    assert scores[ann.username] + scores[bob.username] == pytest.approx(100.0)
    assert scores[cy.username] is None
    assert Entry.objects.get(user=ann).boards_played == 2
    assert not Game.objects.filter(players_only=True).exists()
    assert not Game.objects.filter(private=True).exists()
    # The one left unfinished is handed to the bots and does not count.
    assert unfinished.seats.get(user=cy).away
    for row in board_selectors.board_verification(today):
        assert (
            row["matches"]
            and bytes.fromhex(row["seed"]) == today.boards.get(number=row["number"]).hand_seed
        )
    history = daily_selectors.daily_history(ann)
    assert history["days"] == 1 and history["recent"][0]["score"] == scores[ann.username]
    assert history["best"] is None and history["average"] is None  # 2 boards of 8: unranked


def test_an_event_with_one_entry_shows_it_in_progress_at_the_average(today, quiet_games):
    solo = UserFactory()
    play_board(daily_services.daily_board_start(user=solo, day=today.day, number=1).pk, solo)
    table = daily_selectors.standings(today, solo)
    assert table["rows"] == [] and table["others"] == [
        {
            "rank": None,
            "player": solo.username,
            "score": 50.0,
            "boards": 1,
            "me": True,
            "status": "in_progress",
        }
    ]


def test_the_own_row_is_always_in_the_standings(today, quiet_games):
    people = [UserFactory() for _ in range(3)]
    for seed, user in enumerate(people):
        play_board(
            daily_services.daily_board_start(user=user, day=today.day, number=1).pk, user, seed=seed
        )
    last = daily_selectors.standings(today, None)["others"][-1]["player"]  # one board: unranked
    viewer = next(user for user in people if user.username == last)
    table = daily_selectors.standings(today, viewer, limit=1)
    assert [row["player"] for row in table["others"]][-1] == last and len(table["others"]) == 2


def test_the_sweep_leaves_a_board_waiting_for_its_person_alone(today, quiet_games):
    """A board has no turn clock, so no deadline while the person thinks (or has gone for
    the day): the sweep for lost bot moves must not take it for stuck, every tick."""
    user = UserFactory()
    game = daily_services.daily_board_start(user=user, day=today.day, number=1)  # North deals
    game = play_board(game.pk, user, moves=0)  # East bids, then it is the person's turn
    assert game.state["turn"] == 2 and game.turn_deadline is None
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    assert game_clock.sweep_stuck_games(grace_seconds=1) == 0
    # With a bot to act (the person left), the same game is swept as any other.
    tables.table_leave(game_id=game.pk, user=user)
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    assert game_clock.sweep_stuck_games(grace_seconds=1) == 1


def test_a_board_whose_signal_was_lost_is_recorded_when_the_next_one_starts(today, quiet_games):
    user = UserFactory()
    first = play_board(
        daily_services.daily_board_start(user=user, day=today.day, number=1).pk, user
    )
    BoardGame.objects.filter(game=first).update(finished=False, result=None)
    second = daily_services.daily_board_start(user=user, day=today.day, number=2)
    assert BoardGame.objects.get(game=first).finished and second.pk != first.pk
    # And the sweep finds the others.
    play_board(second.pk, user)
    BoardGame.objects.filter(game=second).update(finished=False, result=None)
    assert board_services.results_sweep() == 1 and BoardGame.objects.get(game=second).finished
