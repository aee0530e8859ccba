"""The analysis task on a real Celery worker: requested, run, progress saved, done."""

import pytest

from analysis import services
from analysis.models import Analysis
from config.processes import wait_until
from tests.analysis.factories import finished_game
from tests.factories import UserFactory


@pytest.mark.django_db(transaction=True)
def test_the_worker_analyses_a_requested_game(celery_worker):
    game = finished_game([UserFactory(), "standard", "standard", "standard"])
    analysis = services.analysis_request(game_id=game.pk, user=UserFactory())

    def done() -> bool:
        assert analysis.status != "failed", analysis.error
        if analysis.status == "done":
            return True
        analysis.refresh_from_db()
        return False

    wait_until(done, 180, lambda: f"still {analysis.status}", every=0.5)
    assert analysis.hands_done == analysis.hands_total == game.hands.count()
    assert len(analysis.result["hands"]) == analysis.hands_total
    assert Analysis.objects.count() == 1
