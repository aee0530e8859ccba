"""The daily challenge's pages: the day, a board's result and traveller, the ranking, the
past days, the profile's history and the how-to-play rules."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from duplicate.models import Event
from duplicate.services import daily as daily_services
from tests.duplicate.play import play_board
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player():
    user = UserFactory()
    client = Client()
    client.force_login(user)
    return user, client


def test_the_day_page_invites_to_log_in_then_to_play_board_1(today, player):
    page = Client().get("/daily/").content.decode()
    assert "Log in to play" in page and "Board 8" in page and "Play board 1" not in page
    _, client = player
    page = client.get("/daily/").content.decode()
    assert "Play board 1" in page and "after board 1" in page
    assert client.get(f"/daily/{today.day}/").status_code == 200


def test_playing_a_board_from_the_page_then_its_result_and_traveller(today, player, quiet_games):
    user, client = player
    response = client.post(f"/daily/{today.day}/boards/1/play")
    assert response.status_code == 302
    game_id = int(response["Location"].strip("/").split("/")[-1])
    assert client.get(f"/daily/{today.day}/boards/1/").status_code == 403
    assert "Resume board 1" in client.get("/daily/").content.decode()
    game = play_board(game_id, user)
    page = client.get(f"/daily/{today.day}/boards/1/").content.decode()
    assert "Board result" in page and "Matchpoints so far" in page and "50.0%" in page
    assert "Traveller" in page and user.username in page and "Play board 2" in page
    assert "/replay" not in page  # until the day ends
    day = client.get("/daily/").content.decode()
    assert "Result and traveller" in day and "Play board 2" in day
    # The game's page leads back to the board.
    assert f"/daily/{today.day}/boards/1/" in client.get(f"/games/{game.pk}/").content.decode()


def test_standings_past_days_and_the_profile_history(today, player, quiet_games):
    user, client = player
    play_board(daily_services.daily_board_start(user=user, day=today.day, number=1).pk, user)
    page = client.get(f"/daily/{today.day}/standings").content.decode()
    assert "Ranking so far" in page and user.username in page and "50.0%" in page
    assert "No daily challenge has ended yet" in client.get("/daily/past/").content.decode()
    Event.objects.filter(pk=today.pk).update(closes_at=timezone.now() - timedelta(seconds=1))
    daily_services.events_close_due()
    past = client.get("/daily/past/").content.decode()
    assert f"/daily/{today.day}/" in past and "1 player" in past
    day = client.get(f"/daily/{today.day}/").content.decode()
    assert "Final ranking" in day and "✔" in day and "/verify/?seed=" in day
    board = client.get(f"/daily/{today.day}/boards/1/").content.decode()
    assert "/replay" in board and "Matchpoints" in board and "so far" not in board
    profile = client.get(f"/u/{user.username}/").content.decode()
    assert "Daily challenge" in profile and "Days played" in profile and "50.0%" in profile


def test_how_to_play_writes_down_board_scoring(client):
    page = client.get("/how-to-play/").content.decode()
    assert 'id="duplicate"' in page and "Each bag costs one point" in page
    assert "Matchpoints" in page


def test_a_stranger_cannot_open_a_board_before_finishing_it(today, player, quiet_games):
    user, _ = player
    play_board(daily_services.daily_board_start(user=user, day=today.day, number=1).pk, user)
    stranger = Client()
    stranger.force_login(UserFactory())
    response = stranger.get(f"/daily/{today.day}/boards/1/")
    assert response.status_code == 403 and user.username not in response.content.decode()
    assert stranger.get("/daily/1999-01-01/").status_code == 404
    assert stranger.get(f"/daily/{today.day}/boards/9/").status_code == 404


def test_bad_requests_to_the_pages_are_clear_4xx_and_change_nothing(today, player):
    _, client = player
    anonymous = Client()
    assert anonymous.post(f"/daily/{today.day}/boards/1/play").status_code in (401, 403)
    assert client.get(f"/daily/{today.day}/boards/1/play").status_code == 405
    out_of_order = client.post(f"/daily/{today.day}/boards/4/play")
    assert out_of_order.status_code == 409
    assert "play board 1 first" in out_of_order.content.decode()
    assert client.post(f"/daily/{today.day}/boards/99/play").status_code == 404
    assert client.post("/daily/2026-02-30/boards/1/play").status_code == 404
    assert client.get("/daily/%00/standings").status_code == 404
    assert not today.entries.exists()


def test_the_admin_lists_days_boards_and_entries_without_the_seeds(today, quiet_games):
    admin = UserFactory(is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(admin)
    player = UserFactory()
    play_board(daily_services.daily_board_start(user=player, day=today.day, number=1).pk, player)
    for path in (
        "/admin/duplicate/event/",
        f"/admin/duplicate/event/{today.pk}/change/",
        "/admin/duplicate/entry/",
        "/admin/duplicate/boardgame/",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        for board in today.boards.all():
            assert board.seed not in response.content.decode()
    assert client.get("/admin/duplicate/event/add/").status_code == 403
