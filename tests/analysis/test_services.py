"""Requesting and running the analysis of a game: only finished games, only for those who
may see the game, once; the run reviews every card of every hand."""

import pytest

from analysis import services
from analysis.models import Analysis
from core.errors import Conflict, NotFound
from tests.analysis.factories import finished_game, playing_game
from tests.factories import UserFactory
from tests.games.finished import play

pytestmark = pytest.mark.django_db


def test_a_finished_game_is_analysed_hand_by_hand(django_capture_on_commit_callbacks):
    alice, bob = UserFactory(), UserFactory()
    game = finished_game([alice, "standard", bob, "standard"])
    with django_capture_on_commit_callbacks() as sent:
        analysis = services.analysis_request(game_id=game.pk, user=alice)
    assert analysis.status == "queued" and len(sent) == 1
    assert analysis.hands_total == game.hands.count() >= 1

    services.analysis_run(analysis_id=analysis.pk)
    analysis.refresh_from_db()
    assert analysis.status == "done" and analysis.hands_done == analysis.hands_total
    hands = analysis.result["hands"]
    assert [hand["number"] for hand in hands] == list(range(1, game.hands.count() + 1))
    for hand, row in zip(hands, game.hands.order_by("number"), strict=True):
        assert hand["bids"] == row.bids
        # The double-dummy tricks of the two teams make the 13 of the hand.
        assert sum(team["double_dummy"] for team in hand["teams"]) == 13
        assert [team["tricks"] for team in hand["teams"]] == [
            row.tricks[0] + row.tricks[2],
            row.tricks[1] + row.tricks[3],
        ]
        plays = [entry for trick in hand["tricks"] for entry in trick["plays"]]
        assert len(plays) == 52
        for entry in plays:
            assert entry["cost"] == entry["best"] - entry["played"] >= 0
            assert (entry["card"] in entry["best_cards"]) == (entry["cost"] == 0)
        # The first card is worth exactly the opening double-dummy result of its side.
        first = plays[0]
        assert first["best"] == hand["teams"][first["seat"] % 2]["double_dummy"]
    summary = analysis.result["summary"]
    lost = [
        sum(p["cost"] for h in hands for t in h["tricks"] for p in t["plays"] if p["seat"] == s)
        for s in range(4)
    ]
    assert [entry["lost"] for entry in summary] == lost


def test_a_game_in_play_is_not_analysed():
    alice = UserFactory()
    game = play(playing_game([alice, "standard", "standard", "standard"]), actions=6)
    with pytest.raises(Conflict, match="Only a finished game"):
        services.analysis_request(game_id=game.pk, user=alice)
    assert not Analysis.objects.exists()


def test_a_private_game_is_analysed_only_by_those_who_may_see_it():
    alice, stranger = UserFactory(), UserFactory()
    game = finished_game([alice, "standard", "standard", "standard"], private=True)
    with pytest.raises(NotFound):
        services.analysis_request(game_id=game.pk, user=stranger)
    assert services.analysis_request(game_id=game.pk, user=stranger, invite=game.invite)


def test_asking_again_starts_nothing_new(django_capture_on_commit_callbacks):
    alice, bob = UserFactory(), UserFactory()
    game = finished_game([alice, "standard", bob, "standard"])
    with django_capture_on_commit_callbacks() as sent:
        first = services.analysis_request(game_id=game.pk, user=alice)
        again = services.analysis_request(game_id=game.pk, user=bob)
    assert first.pk == again.pk and len(sent) == 1
    # Done is done as well; a failed run may be asked for again.
    Analysis.objects.filter(pk=first.pk).update(status=Analysis.Status.DONE)
    with django_capture_on_commit_callbacks() as sent:
        services.analysis_request(game_id=game.pk, user=bob)
    assert not sent
    Analysis.objects.filter(pk=first.pk).update(status=Analysis.Status.FAILED)
    with django_capture_on_commit_callbacks() as sent:
        retried = services.analysis_request(game_id=game.pk, user=bob)
    assert retried.status == "queued" and len(sent) == 1


def test_a_run_claims_its_analysis_once():
    alice = UserFactory()
    game = finished_game([alice, "standard", "standard", "standard"])
    analysis = Analysis.objects.create(game=game, status=Analysis.Status.RUNNING)
    services.analysis_run(analysis_id=analysis.pk)  # a duplicate delivery: nothing to do
    analysis.refresh_from_db()
    assert analysis.status == "running" and analysis.result == {}
