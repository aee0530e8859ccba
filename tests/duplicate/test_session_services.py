"""Club session services: bad set-ups and steps out of order are refused in words, the
director's average, and the admin's and the pages' answers to bad input (4xx or a
message, never a 500)."""

import pytest

from core.errors import Conflict, Forbidden, Invalid
from duplicate.extras import board_link
from duplicate.models import BoardGame, Entry, Session
from duplicate.selectors import sessions as session_selectors
from duplicate.services import sessions as session_services
from games.models import Game
from games.services import play as game_play, tables as game_tables
from tests.clubs.factories import club_with
from tests.duplicate.factories import add_pairs, new_session, started_mitchell
from tests.factories import UserFactory

pytestmark = pytest.mark.usefixtures("quiet_games")


def test_the_set_up_is_checked_before_the_session_starts(director):
    club, members = club_with(members=8)
    session = new_session(club, director, boards=12, per_round=4)
    add_pairs(session, members[:4], ["ns", "ns", "ew", "ew"])  # two tables

    def refusal() -> str:
        with pytest.raises(Invalid) as error:
            session_services.session_start(session_id=session.pk, director=director)
        return error.value.message

    assert "3 tables or more" in refusal()
    add_pairs(session, members[4:6], ["ns", "ew"])
    outsider = UserFactory()
    Entry.objects.filter(event=session, user=members[5]).update(partner=outsider, partner_bot="")
    assert refusal() == f"Not members of {club}: {outsider.username}"
    Entry.objects.filter(event=session, user=members[5]).update(partner=members[0])
    assert refusal() == f"A person plays in one pair only: {members[0].username}"
    Entry.objects.filter(event=session, user=members[5]).update(partner=None, partner_bot="")
    assert refusal() == f"{members[5].username} needs a partner: a member, or a bot level"
    Entry.objects.filter(event=session, user=members[5]).update(partner_bot="standard")
    Session.objects.filter(pk=session.pk).update(boards_total=8, boards_per_round=4)
    assert refusal().startswith("A Mitchell of 3 tables plays 3 rounds")
    assert session.boards.count() == 0 and not Session.objects.get(pk=session.pk).round


def test_a_team_match_needs_one_pair_each_way_in_each_team(director):
    club, members = club_with(members=4)
    session = new_session(club, director, movement="teams", boards=4, per_round=2)
    entries = add_pairs(session, members, ["ns", "ew", "ns", "ew"])
    with pytest.raises(Invalid, match="a North-South and an East-West pair in team A"):
        session_services.session_start(session_id=session.pk, director=director)
    for entry, team in zip(entries, "AABB", strict=True):
        entry.team = team
        entry.save()
    session_services.session_start(session_id=session.pk, director=director)
    assert session_selectors.next_steps(Session.objects.get(pk=session.pk)) == ["round"]


def test_steps_out_of_order_and_strangers_are_refused_in_words(director):
    _, members = club_with(members=7)
    session = started_mitchell(director, members)
    with pytest.raises(Conflict, match="started already"):
        session_services.session_start(session_id=session.pk, director=director)
    with pytest.raises(Conflict, match="Round 0 of 3 is not over yet"):
        session_services.session_close(session_id=session.pk, director=director)
    with pytest.raises(Forbidden):
        session_services.round_start(session_id=session.pk, director=members[6])
    # A player seated elsewhere: the round does not start, and the director is told who.
    busy = members[0]
    game_tables.game_create_seated(players=[busy, "random", "random", "random"])
    with pytest.raises(Conflict, match=f"{busy.username} is still seated"):
        session_services.round_start(session_id=session.pk, director=director)
    assert not BoardGame.objects.filter(board__event=session).exists()


def test_an_average_hands_the_game_to_the_bots_and_the_table_goes_on(director):
    _, members = club_with(members=6)
    session = started_mitchell(director, members)
    session_services.round_start(session_id=session.pk, director=director)
    row = BoardGame.objects.get(board__event=session, round=1, table=1)
    first, second, *_ = session_selectors.table_boards(session, session_selectors.session_schedule(
        session)[0][0])  # fmt: skip
    assert row.board.number == first
    session_services.board_average(session_id=session.pk, director=director, table=1, number=first)
    row.refresh_from_db()
    assert row.averaged and row.finished and row.result is None
    assert row.game.seats.get(position=0).away  # the person is free for the next board
    # The game no longer counts: its people cannot take their seats back, and its page says so.
    person = row.entry.user
    game_play.seat_return(game_id=row.game_id, user=person)  # their old page reconnects
    assert row.game.seats.get(position=0).away
    with pytest.raises(Conflict, match="no longer counts"):
        game_play.game_act(game_id=row.game_id, user=person, data={"type": "bid", "bid": 3})
    extras = board_link(Game.objects.get(pk=row.game_id))
    assert "this game no longer counts" in extras["rules"]
    assert extras["next_step"]["url"] == f"/sessions/{session.pk}/"
    # The average counts in each direction's ranking alone (not as a rank in the other).
    rankings = session_selectors.mitchell_rankings(session)
    for direction in ("ns", "ew"):
        assert [line["rank"] for line in rankings[direction]] == [1, 2, 2]
    following = BoardGame.objects.get(board__event=session, table=1, board__number=second)
    assert following.game.status == "playing"
    with pytest.raises(Conflict, match="is over already"):
        session_services.board_average(
            session_id=session.pk, director=director, table=1, number=first
        )
    with pytest.raises(Invalid, match="does not play board"):
        session_services.board_average(session_id=session.pk, director=director, table=1,
                                       number=5)  # fmt: skip


def test_bad_input_to_the_admin_and_the_pages_is_a_4xx_or_a_message(director, client):
    _, members = club_with(members=6)
    session = started_mitchell(director, members)
    client.force_login(director)
    base = f"/admin/duplicate/session/{session.pk}"
    assert client.get(f"{base}/step/round/").status_code == 405
    assert client.post(f"{base}/step/nonsense/").status_code == 404
    assert client.post("/admin/duplicate/session/999999/step/round/").status_code == 404
    for data in ({}, {"table": "x", "board": "1"}, {"table": "-1", "board": "99999999999"}):
        response = client.post(f"{base}/average/", data, follow=True)
        assert response.status_code == 200
        assert any("Choose a table" in str(m) for m in response.context["messages"])
    response = client.post(f"{base}/average/", {"table": "9", "board": "1"}, follow=True)
    assert any("Averages are given during a round" in str(m) for m in response.context["messages"])
    # GET asks to confirm: with no table and board, back to the session with a message.
    response = client.get(f"{base}/average/", follow=True)
    assert any("Choose a table" in str(m) for m in response.context["messages"])
    assert client.put(f"{base}/average/").status_code == 405
    assert client.get("/sessions/999999/").status_code == 404
    assert client.get(f"/sessions/{session.pk}/boards/99/").status_code == 404
    assert client.get(f"/sessions/{session.pk}/boards/1/").status_code == 403
    # A draft session has no public page yet.
    draft = new_session(session.club, director)
    assert client.get(f"/sessions/{draft.pk}/").status_code == 404
    # Players who are no directors cannot run a step.
    client.force_login(members[0])
    assert client.post(f"{base}/step/round/").status_code == 302  # to the admin's login
    assert Session.objects.get(pk=session.pk).round == 0
