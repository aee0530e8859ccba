"""The analysis task on a real Celery worker: requested, run, progress saved, done."""

import time

import pytest

from analysis import services
from analysis.models import Analysis
from tests.analysis.factories import finished_game
from tests.factories import UserFactory


@pytest.mark.django_db(transaction=True)
def test_the_worker_analyses_a_requested_game(celery_worker):
    game = finished_game([UserFactory(), "standard", "standard", "standard"])
    analysis = services.analysis_request(game_id=game.pk, user=UserFactory())
    deadline = time.monotonic() + 180
    while analysis.status != "done":
        assert analysis.status != "failed", analysis.error
        assert time.monotonic() < deadline, f"still {analysis.status}"
        time.sleep(0.5)
        analysis.refresh_from_db()
    assert analysis.hands_done == analysis.hands_total == game.hands.count()
    assert len(analysis.result["hands"]) == analysis.hands_total
    assert Analysis.objects.count() == 1
