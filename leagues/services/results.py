"""Results of games in league fixtures and tournament pairings: one recording step for
both, keyed by game and idempotent, plus the periodic sweep that catches what a lost
signal missed."""

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.models import Game
from games.results import GameResult, game_result
from leagues.models import Entrant, Fixture, Pairing, Round, Season, Team, Tournament
from leagues.services.matches import finish_if_done
from leagues.services.seasons import fixture_overdue, lock_season, season_finish_if_done
from leagues.services.tournaments import lock_round

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _Kind:
    """How recording reaches a kind of match (a fixture or a pairing): the season or round
    it belongs to, locked first and ended after its last match, and its played status.
    Its sides and scores are named by the model (SIDES, SCORES)."""

    model: type[Fixture] | type[Pairing]
    parent: str  # the field of the season or round the match belongs to
    lock: Callable[[int], Season | Round]
    finish: Callable[[Season | Round], object]  # ends the parent after its last match
    played: str  # the status of a match its game decided
    # Who goes through a drawn game (a limited number of hands that ended level): none
    # (a draw), but a knock-out's better seed.
    draw_winner: Callable[[Fixture | Pairing], Team | Entrant | None]


_KINDS = (
    _Kind(
        model=Fixture,
        parent="season",
        lock=lock_season,
        finish=season_finish_if_done,
        played=Fixture.Status.PLAYED,
        draw_winner=lambda fixture: None,
    ),
    _Kind(
        model=Pairing,
        parent="round",
        lock=lock_round,
        finish=lambda round_: finish_if_done(round_, round_.pairings.all()),
        played=Pairing.Status.FINISHED,
        draw_winner=lambda pairing: (
            _better_seed(pairing)
            if pairing.round.tournament.format == Tournament.Format.ELIMINATION
            else None
        ),
    ),
)


def _better_seed(pairing: Pairing) -> Entrant:
    return min((pairing.entrant_a, pairing.entrant_b), key=lambda entrant: entrant.seed or 0)


def record_game(*, game_id: int) -> bool:
    """Writes a finished game's result into its league fixture or tournament pairing.

    True when it wrote something. Running it again, or for a game whose fixture was
    decided by forfeit meanwhile, or for a game of neither, changes nothing."""
    for kind in _KINDS:
        parent_id = (
            kind.model.objects.filter(game_id=game_id)
            .values_list(f"{kind.parent}_id", flat=True)
            .first()
        )
        if parent_id is not None:
            return _record(kind, parent_id=parent_id, game_id=game_id)
    return False


def _team_of_first(result: GameResult, first: Team | Entrant, second: Team | Entrant) -> int | None:
    """The team the first side played for, from where its players sat (or where the
    second side's did); None when the seats do not tell the two sides apart."""
    first_team, second_team = (
        result.team_of((side.player_a_id, side.player_b_id)) for side in (first, second)
    )
    if first_team is None and second_team is not None:
        first_team = 1 - second_team
    return None if first_team is None or first_team == second_team else first_team


@transaction.atomic
def _record(kind: _Kind, *, parent_id: int, game_id: int) -> bool:
    parent = kind.lock(parent_id)
    match = kind.model.objects.select_for_update().get(game_id=game_id)
    result = game_result(game_id)
    if match.status != kind.model.Status.PLAYING or result is None:
        return False
    first, second = (getattr(match, side) for side in kind.model.SIDES)
    team = _team_of_first(result, first, second)
    if team is None:
        logger.warning("Game %s: its seats do not match %s; not recorded", game_id, match)
        return False
    # The scores always fit the IntegerField columns (up to 2**31 - 1): a hand moves a
    # score by at most engine.MAX_HAND_POINTS (9273, from the option ranges) and a game
    # has at most 32767 hands (Hand.number is a PositiveSmallIntegerField), so no score
    # reaches 32767 * 9273 = 303,848,391. tests/leagues/test_bounds.py records it.
    scores = (result.scores[team], result.scores[1 - team])
    for name, score in zip(kind.model.SCORES, scores, strict=True):
        setattr(match, name, score)
    if result.winner is None:
        match.winner = kind.draw_winner(match)
    else:
        match.winner = first if result.winner == team else second
    match.status, match.decided_at = kind.played, timezone.now()
    match.save(update_fields=[*kind.model.SCORES, "winner", "status", "decided_at"])
    kind.finish(parent)
    return True


def sweep(*, now: datetime | None = None) -> dict:
    """The periodic safety net: records finished games whose signal was lost, and tells
    club admins once about each fixture whose deadline passed unplayed."""
    now = now or timezone.now()
    recorded = 0
    for kind in _KINDS:
        for game_id in kind.model.objects.filter(
            game__status=Game.Status.FINISHED, status=kind.model.Status.PLAYING
        ).values_list("game_id", flat=True):
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
