"""A daily board's one result: its JSON, its table, score sheet, board page and replay
give both sides' board scores and the board result in the same words (games.board), with
no winner; its bots keep their names all day; no chat box with only bots to read it."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from duplicate.models import BoardGame, Event
from duplicate.services import daily as daily_services, sessions as session_services
from games.board import board_words, signed, words_html
from games.selectors import game_snapshot
from tests.clubs.factories import club_with
from tests.duplicate.factories import started_mitchell
from tests.duplicate.play import play_board, play_out
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(today, quiet_games):
    """Board 1 played to its end: the person, their logged-in client and its BoardGame."""
    user = UserFactory()
    client = Client()
    client.force_login(user)
    game = daily_services.daily_board_start(user=user, day=today.day, number=1)
    play_board(game.pk, user)
    return user, client, BoardGame.objects.get(game_id=game.pk)


def test_the_json_has_the_board_result_and_no_winner(played):
    _, client, row = played
    body = client.get(f"/api/games/{row.game_id}").json()
    assert body["status"] == "finished" and body["winner"] is None
    words = board_words(row.points, 0)  # the person sits South: North-South
    assert body["board"] == {
        "points": row.points,
        "result": [row.result, -row.result],
        "side": 0,
        "words": words,
    }
    assert words.endswith(f"your side {signed(row.result)}")
    # The board score charges each bag: the game's own scores count them +1.
    hand = body["view"]["hands"][0]
    assert [hand["points"][t] - row.points[t] for t in (0, 1)] == [2 * b for b in hand["bags"]]


def test_the_table_sheet_and_board_page_say_the_same(played, today):
    _, client, row = played
    words = words_html(board_words(row.points, 0))  # each part on one line
    table = client.get(f"/games/{row.game_id}/").content.decode()
    assert "Board result" in table and table.count(words) == 2  # the panel and the sheet
    assert f"Board result: {words}" in table
    for wrong in ("win the game", "You lose", "You win", "A draw"):
        assert wrong not in table
    page = client.get(f"/daily/{today.day}/boards/1/").content.decode()
    assert words in page and "Board result" in page


def test_the_replay_says_it_too_once_the_day_is_over(played, today):
    _, client, row = played
    Event.objects.filter(pk=today.pk).update(closes_at=timezone.now() - timedelta(seconds=1))
    daily_services.events_close_due()
    replay = client.get(f"/games/{row.game_id}/replay").content.decode()
    assert (
        f"Board result: {words_html(board_words(row.points, 0))}" in replay and " won" not in replay
    )
    # Someone who did not play it reads North-South's result, and no winner either.
    stranger = Client()
    stranger.force_login(UserFactory())
    body = stranger.get(f"/api/games/{row.game_id}").json()
    assert body["winner"] is None and body["board"]["side"] is None
    assert body["board"]["words"] == board_words(row.points, None)
    assert body["board"]["words"].endswith(f"North-South {signed(row.result)}")


def test_one_trick_is_a_trick(played, today):
    _, client, row = played
    BoardGame.objects.filter(pk=row.pk).update(tricks=[1, 5, 0, 7])
    page = client.get(f"/daily/{today.day}/boards/1/").content.decode()
    assert "your side took 1 trick." in page


def test_the_bot_partner_keeps_its_name_all_day(played, today):
    user, _, first = played
    second = daily_services.daily_board_start(user=user, day=today.day, number=2)
    names = [
        [seat["name"] for seat in game_snapshot(game)["seats"]] for game in (first.game, second)
    ]
    assert names[0] == names[1] and names[0][2] == user.username
    assert len(set(names[0])) == 4


def test_no_chat_box_where_every_other_seat_is_a_bot(played):
    _, client, row = played
    page = client.get(f"/games/{row.game_id}/").content.decode()
    assert 'id="chat-form"' not in page and 'id="sound-toggle"' in page


def test_the_archive_lists_a_board_by_its_result(played):
    user, client, row = played
    page = client.get(f"/u/{user.username}/games").content.decode()
    result = f'<span class="archive-result">Board {signed(row.result)}</span>'
    assert result in page and 'class="archive-game board"' in page
    assert f"{row.points[0]} : {row.points[1]}" in page  # the person's side first


def test_a_session_board_has_each_side_read_its_own_result(director, quiet_games):
    _, members = club_with(members=6)
    session = started_mitchell(director, members)
    session_services.round_start(session_id=session.pk, director=director)
    row = BoardGame.objects.get(board__event=session, round=1, table=1)
    play_out(row.game_id)
    row.refresh_from_db()
    bodies = {}
    for seat in row.game.seats.exclude(user=None):
        client = Client()
        client.force_login(seat.user)
        bodies[seat.position % 2] = client.get(f"/api/games/{row.game_id}").json()
    assert set(bodies) == {0, 1}  # a person each way (their partners are bots)
    for side, body in bodies.items():
        assert body["winner"] is None and body["board"]["side"] == side
        assert body["board"]["points"] == row.points
        assert body["board"]["words"] == board_words(row.points, side)
    assert bodies[0]["board"]["result"][0] == row.result == -bodies[1]["board"]["result"][1]
