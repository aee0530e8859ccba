"""Results of games in league fixtures and tournament pairings: keyed by game and
idempotent, plus the periodic sweep that catches what a lost signal missed."""

from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.models import Game
from leagues.models import Fixture, Pairing, Round, Season
from leagues.services.seasons import fixture_overdue, lock_season, season_finish_if_done
from leagues.services.tournaments import round_finish_if_done


def record_game(*, game_id: int) -> bool:
    """Writes a finished game's result into its league fixture or tournament pairing.

    True when it wrote something. Running it again, or for a game whose fixture was
    decided by forfeit meanwhile, or for a game of neither, changes nothing."""
    season_id = Fixture.objects.filter(game_id=game_id).values_list("season_id", flat=True).first()
    if season_id is not None:
        return _record_fixture(season_id=season_id, game_id=game_id)
    round_id = Pairing.objects.filter(game_id=game_id).values_list("round_id", flat=True).first()
    if round_id is not None:
        return _record_pairing(round_id=round_id, game_id=game_id)
    return False


def _final_scores(game: Game) -> tuple[int, int]:
    """The final scores; they always fit the IntegerField columns (up to 2**31 - 1).

    A hand moves a score by at most engine.MAX_HAND_POINTS (9273, from the option ranges)
    and a game has at most 32767 hands (Hand.number is a PositiveSmallIntegerField), so
    no score reaches 32767 * 9273 = 303,848,391. tests/leagues/test_bounds.py records it."""
    home, away = game.state["scores"]
    return home, away


@transaction.atomic
def _record_fixture(*, season_id: int, game_id: int) -> bool:
    season = lock_season(season_id)
    fixture = Fixture.objects.select_for_update().get(game_id=game_id)
    game = Game.objects.get(pk=game_id)
    if fixture.status != Fixture.Status.PLAYING or game.status != Game.Status.FINISHED:
        return False
    fixture.home_score, fixture.away_score = _final_scores(game)
    fixture.winner_id = fixture.home_id if game.winner == 0 else fixture.away_id
    fixture.status, fixture.decided_at = Fixture.Status.PLAYED, timezone.now()
    fixture.save(update_fields=["home_score", "away_score", "winner", "status", "decided_at"])
    season_finish_if_done(season)
    return True


@transaction.atomic
def _record_pairing(*, round_id: int, game_id: int) -> bool:
    round_ = Round.objects.select_for_update().get(pk=round_id)
    pairing_ = Pairing.objects.select_for_update().get(game_id=game_id)
    game = Game.objects.get(pk=game_id)
    if pairing_.status != Pairing.Status.PLAYING or game.status != Game.Status.FINISHED:
        return False
    pairing_.score_a, pairing_.score_b = _final_scores(game)
    pairing_.winner_id = pairing_.entrant_a_id if game.winner == 0 else pairing_.entrant_b_id
    pairing_.status, pairing_.decided_at = Pairing.Status.FINISHED, timezone.now()
    pairing_.save(update_fields=["score_a", "score_b", "winner", "status", "decided_at"])
    round_finish_if_done(round_)
    return True


def sweep(*, now: datetime | None = None) -> dict:
    """The periodic safety net: records finished games whose signal was lost, and tells
    club admins once about each fixture whose deadline passed unplayed."""
    now = now or timezone.now()
    recorded = 0
    finished = Q(game__status=Game.Status.FINISHED)
    for game_id in Fixture.objects.filter(finished, status=Fixture.Status.PLAYING).values_list(
        "game_id", flat=True
    ):
        recorded += record_game(game_id=game_id)
    for game_id in Pairing.objects.filter(finished, status=Pairing.Status.PLAYING).values_list(
        "game_id", flat=True
    ):
        recorded += record_game(game_id=game_id)
    overdue = 0
    for fixture_id in Fixture.objects.filter(
        status=Fixture.Status.SCHEDULED,
        deadline__lte=now,
        overdue_notified_at=None,
        season__status=Season.Status.RUNNING,
    ).values_list("pk", flat=True):
        overdue += fixture_overdue(fixture_id=fixture_id, now=now)
    return {"recorded": recorded, "overdue": overdue}
