"""Club sessions run by a director through the Django admin (the test client posting the
admin's steps) to their results pages: a 4-table Mitchell and a two-table team match, the
boards played out in-process by people and bots. On the way: only the next valid step is
offered, the players see their table and seat, an open session's boards stay hidden."""

import re

import pytest
from django.test import Client

from duplicate.models import BoardGame, Entry, Session
from games.models import Game
from social.models import Notification
from tests.clubs.factories import club_with
from tests.duplicate.factories import create_session, play_round, step
from tests.factories import UserFactory
from tests.leagues.factories import directors_group

pytestmark = pytest.mark.usefixtures("quiet_games", "quiet_notifications")


@pytest.fixture
def quiet_notifications(monkeypatch):
    from social import events

    monkeypatch.setattr(events, "notified", lambda *args, **kwargs: None)


@pytest.fixture
def director(db):
    user = UserFactory(is_staff=True)
    user.groups.add(directors_group("duplicate.migrations.0003_session_directors"))
    return user


@pytest.fixture
def admin_client(director):
    client = Client()
    client.force_login(director)
    return client


def offered(client, session: Session) -> list[str]:
    html = client.get(f"/admin/duplicate/session/{session.pk}/change/").content.decode()
    return re.findall(r'class="step-(\w+)[" ]', html)


def test_a_four_table_mitchell_from_the_admin_to_its_results(admin_client, client, director):
    club, members = club_with(members=12)
    # Eight pairs: four of two members, four with a bot partner.
    pairs = []
    people = iter(members)
    for number in range(8):
        pair = {"direction": "ns" if number < 4 else "ew", "user": next(people).pk}
        if number % 2:
            pair["partner_bot"] = "standard"
        else:
            pair["partner"] = next(people).pk
        pairs.append(pair)
    session = create_session(
        admin_client, club, movement="mitchell", boards=4, per_round=1, pairs=pairs
    )
    assert offered(admin_client, session) == ["start"]
    assert any("The session is draft" in m for m in step(admin_client, session, "close"))
    session.refresh_from_db()
    assert session.status == Session.Status.DRAFT

    assert any("has started" in m for m in step(admin_client, session, "start"))
    session.refresh_from_db()
    assert session.boards.count() == 4 and session.status == Session.Status.RUNNING
    assert sorted(Entry.objects.filter(event=session).values_list("direction", "number")) == [
        ("ew", n) for n in range(1, 5)
    ] + [("ns", n) for n in range(1, 5)]
    assert offered(admin_client, session) == ["round"]

    ns1 = Entry.objects.get(event=session, direction="ns", number=1)
    ew1 = Entry.objects.get(event=session, direction="ew", number=1)
    ew_player = ew1.user
    assert Notification.objects.filter(user=ns1.user, text__contains="round 1 at table 1").exists()

    for number in range(1, 5):
        messages = step(admin_client, session, "round")
        assert any(f"round {number} has started" in m for m in messages), messages
        session.refresh_from_db()
        rows = BoardGame.objects.filter(board__event=session, round=number)
        # Every table's game at once, each seated and playing; bots where a bot fills.
        assert rows.count() == 4
        assert all(row.game.status == Game.Status.PLAYING for row in rows)
        for row in rows.select_related("game"):
            seats = {s.position: s for s in row.game.seats.all()}
            assert seats[0].user_id == row.entry.user_id
            assert seats[1].user_id == row.opponent.user_id
            if row.entry.partner_bot:
                assert seats[2].user_id is None and seats[2].bot_level == "standard"
        assert offered(admin_client, session) == []  # nothing while the round is played

        # EW pair 1 is told, and sees on the session page, where they sit.
        table = rows.get(opponent=ew1).table
        note = Notification.objects.filter(user=ew_player, text__contains=f"round {number}:")
        assert note.get().text.startswith(f"{session}, round {number}: table {table}, East")
        client.force_login(ew_player)
        page = client.get(f"/sessions/{session.pk}/").content.decode()
        assert f"<strong>{table}</strong>" in page and "<strong>East</strong>" in page
        assert "data-card" not in page

        if number == 1:
            check_open_boards_stay_hidden(client, session, ew_player)
        if number == 2:  # one board cannot be played: the director averages it
            row = rows.get(table=3)
            # The button asks first: its page says what will happen, and changes nothing.
            confirm = admin_client.get(
                f"/admin/duplicate/session/{session.pk}/average/",
                {"table": 3, "board": row.board.number},
            ).content.decode()
            assert f"Yes, average board {row.board.number}" in confirm and "No, go back" in confirm
            row.refresh_from_db()
            assert not row.averaged and not row.finished
            for junk in ({"table": 99, "board": 1}, {"table": "x"}, {}):
                wrong = admin_client.get(f"/admin/duplicate/session/{session.pk}/average/", junk)
                assert wrong.status_code == 302  # back to the session page, with why
            response = admin_client.post(
                f"/admin/duplicate/session/{session.pk}/average/",
                {"table": 3, "board": row.board.number},
                follow=True,
            )
            assert any("is averaged" in str(m) for m in response.context["messages"])
            row.refresh_from_db()
            assert row.averaged and row.finished
        play_round(session)
        html = admin_client.get(f"/admin/duplicate/session/{session.pk}/change/").content.decode()
        assert html.count("1 / 1") == 4  # every table's board done
    assert offered(admin_client, session) == ["close"]
    assert any("is closed" in m for m in step(admin_client, session, "close"))

    # Each pair played each board once, and the results are public.
    rows = BoardGame.objects.filter(board__event=session)
    assert rows.count() == 16 and rows.filter(averaged=True).count() == 1
    client.force_login(ew_player)
    page = client.get(f"/sessions/{session.pk}/").content.decode()
    assert "The session is over: the rankings are below, your pair's line marked." in page
    client.logout()
    page = client.get(f"/sessions/{session.pk}/").content.decode()
    assert "North-South ranking" in page and "East-West ranking" in page
    assert page.count("%</strong>") == 8
    replays = averages = 0
    for number in range(1, 5):
        board_page = client.get(f"/sessions/{session.pk}/boards/{number}/")
        assert board_page.status_code == 200
        replays += board_page.content.decode().count("Replay</a>")
        averages += board_page.content.decode().count("the director gave both sides an average")
    assert (replays, averages) == (15, 1)  # the averaged board's game (bots') is no replay
    played = rows.filter(averaged=False).first()
    assert client.get(f"/games/{played.game_id}/replay").status_code == 200


def check_open_boards_stay_hidden(client, session: Session, viewer) -> None:
    """While the session is open, another table's game of a board is not there for the
    viewer (page, replay, JSON), nor is the traveller of a board they have not played."""
    other = (
        BoardGame.objects.filter(board__event=session, round=1)
        .exclude(entry__user=viewer)
        .exclude(opponent__user=viewer)
        .first()
    )
    for path in (
        f"/games/{other.game_id}/",
        f"/games/{other.game_id}/replay",
        f"/api/games/{other.game_id}",
    ):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "data-card" not in response.content.decode()
    response = client.get(f"/sessions/{session.pk}/boards/{other.board.number}/")
    assert response.status_code == 403
    assert "data-card" not in response.content.decode()


def test_a_two_table_team_match_from_the_admin_to_its_imps_and_victory_points(admin_client, client):
    club, members = club_with(members=6)
    pairs = [
        {"direction": "ns", "team": "A", "user": members[0].pk, "partner": members[1].pk},
        {"direction": "ew", "team": "A", "user": members[2].pk, "partner_bot": "standard"},
        {"direction": "ns", "team": "B", "user": members[3].pk, "partner": members[4].pk},
        {"direction": "ew", "team": "B", "user": members[5].pk, "partner_bot": "standard"},
    ]
    # Played in Jokers (the director's choice of variant): the boards deal the Joker deck.
    session = create_session(admin_client, club, movement="teams", boards=4, per_round=2,
                             pairs=pairs, variant="jokers")  # fmt: skip
    assert session.variant == "jokers" and session.rules.deck == "jokers"
    assert session.rules.hands == 1 and session.rules.bag_limit == 0
    step(admin_client, session, "start")
    for number in (1, 2):
        assert offered(admin_client, session) == ["round"]
        step(admin_client, session, "round")
        session.refresh_from_db()
        rows = BoardGame.objects.filter(board__event=session, round=number)
        # Both tables start the round's first board together.
        assert sorted(rows.values_list("table", "board__number")) == [
            (1, 2 * number - 1),
            (2, 2 * number - 1),
        ]
        one = rows.get(table=1)
        assert (one.entry.team, one.opponent.team) == ("A", "B")
        assert one.game.rules.deck == "jokers"
        play_round(session)
        # Each table moved on to the round's second board by itself.
        assert rows.count() == 4 and not rows.filter(finished=False).exists()
    assert offered(admin_client, session) == ["close"]
    step(admin_client, session, "close")

    client.logout()
    page = client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Match result" in page and "IMPs" in page and "VP" in page and "Jokers" in page
    vps = [float(v) for v in re.findall(r"<strong>([\d.]+) VP</strong>", page)]
    assert len(vps) == 2 and sum(vps) == pytest.approx(20.0)
    assert client.get(f"/sessions/{session.pk}/boards/3/").status_code == 200
    client.force_login(members[0])  # a team match has no ranking: its result
    page = client.get(f"/sessions/{session.pk}/").content.decode()
    assert "The session is over: the match result is below." in page
