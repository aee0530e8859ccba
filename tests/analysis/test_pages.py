"""The analysis page and the profile line: who sees what, the button, progress, results."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from analysis import services
from analysis.models import Analysis
from tests.analysis.factories import finished_game, playing_game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    return finished_game([UserFactory(username="alice"), "standard", "standard", "standard"])


def test_the_page_offers_the_button_to_people_signed_in(client, game):
    url = reverse("analysis", args=[game.pk])
    page = client.get(url).content.decode()
    assert "Log in</a> to analyse" in page and "Analyse this game" not in page
    client.force_login(UserFactory())
    page = client.get(url).content.decode()
    assert "Analyse this game" in page
    assert reverse("game", args=[game.pk]) in page and f"/games/{game.pk}/replay" in page


def test_pressing_the_button_queues_it_and_the_page_polls_for_progress(client, game):
    client.force_login(UserFactory())
    response = client.post(
        reverse("analysis_request", args=[game.pk]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    partial = response.content.decode()
    assert 'hx-trigger="every 1s"' in partial and "<html" not in partial
    assert Analysis.objects.get(game=game).status == "queued"
    Analysis.objects.filter(game=game).update(status="running", hands_done=0)
    partial = client.get(reverse("analysis", args=[game.pk]), headers={"HX-Request": "true"})
    assert f"Analysing hand 1 of {game.hands.count()}" in partial.content.decode()


def test_a_done_analysis_shows_each_hand_and_the_players(client, game):
    analysis = services.analysis_request(game_id=game.pk, user=UserFactory())
    services.analysis_run(analysis_id=analysis.pk)
    page = client.get(reverse("analysis", args=[game.pk])).content.decode()
    assert "every 1s" not in page
    assert "Tricks lost to double-dummy play" in page and "Double-dummy" in page
    assert "Hand 1" in page and "Trick 13" in page and "alice" in page
    lost = Analysis.objects.get(pk=analysis.pk).result["summary"][0]["lost"]
    profile = client.get(reverse("profile", args=["alice"])).content.decode()
    hands = game.hands.count()
    assert (
        f"{lost / hands:.2f}</strong> per hand" in profile and "(from 1 analysed game)" in profile
    )


def test_a_private_game_s_analysis_is_hidden_from_strangers(client):
    game = finished_game([UserFactory(), "standard", "standard", "standard"], private=True)
    client.force_login(UserFactory())
    assert client.get(reverse("analysis", args=[game.pk])).status_code == 404
    response = client.post(reverse("analysis_request", args=[game.pk]))
    assert response.status_code == 404 and not Analysis.objects.exists()
    url = reverse("analysis", args=[game.pk]) + f"?invite={game.invite}"
    assert client.get(url).status_code == 200


def test_a_game_in_play_answers_409(client):
    game = playing_game([UserFactory(), "standard", "standard", "standard"])
    client.force_login(UserFactory())
    response = client.post(reverse("analysis_request", args=[game.pk]))
    assert response.status_code == 409
    assert (
        "A game can be analysed once it is over"
        in client.get(reverse("analysis", args=[game.pk])).content.decode()
    )


def test_a_run_whose_worker_was_lost_says_so_and_can_be_asked_again(client, game):
    client.force_login(UserFactory())
    url = reverse("analysis", args=[game.pk])
    client.post(reverse("analysis_request", args=[game.pk]))
    running = Analysis.objects.filter(game=game)
    running.update(status="running", updated_at=timezone.now() - timedelta(minutes=1))
    assert "Analysing hand 1" in client.get(url).content.decode()

    # No progress saved for minutes: the worker died. No more polling, the button again.
    running.update(updated_at=timezone.now() - timedelta(minutes=3))
    page = client.get(url).content.decode()
    assert "we lost the worker running it" in page and "Analyse this game" in page
    assert 'hx-trigger="every 1s"' not in page
    client.post(reverse("analysis_request", args=[game.pk]))
    analysis = running.get()
    assert (analysis.status, analysis.hands_done) == ("queued", 0)
