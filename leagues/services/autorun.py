"""Tournaments that run themselves (the beat task, every few seconds; safe to run twice):
a tournament with a start time closes its registration then, pairs and starts each round
once the last one's games have all ended, and finishes after its last round. Nobody is
at the admin.

A person who does not come to their game is played for by a bot after their turns time
out (games.services.play), so their partner plays on and the game counts. A pair neither
of whose players came to MISSED_ROUNDS games in a row is withdrawn (Swiss and round robin;
a knock-out ends a pair's run by itself)."""

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from core.errors import Refused
from games.results import game_result
from leagues import selectors
from leagues.models import Entrant, Pairing, Round, Tournament
from leagues.services.tournaments import (
    lock_tournament,
    registration_close,
    round_begin,
    round_pair,
    tournament_end,
)
from social import notices
from social.services import notify

logger = logging.getLogger(__name__)

MISSED_ROUNDS = 2
# The entrants are told this long before the start (an arena's who joined ahead too).
NOTICE_BEFORE = timedelta(minutes=5)


RUNNING = (Tournament.Status.REGISTRATION, Tournament.Status.CLOSED, Tournament.Status.RUNNING)


def tournaments_run(*, now: datetime | None = None) -> int:
    """Moves every tournament that runs itself and is due on by a step; how many moved."""
    now = now or timezone.now()
    due = Tournament.objects.filter(starts_at__lte=now, status__in=RUNNING).values_list(
        "pk", flat=True
    )
    moved = 0
    for pk in due:
        try:
            moved += tournament_step(tournament_id=pk, now=now)
        except Refused as why:  # e.g. an entrant still seated at another table: it waits
            logger.info("Tournament %s waits: %s", pk, why)
    return moved


@transaction.atomic
def tournaments_announce(*, now: datetime | None = None) -> int:
    """Tells the entrants of each tournament that runs itself that it starts soon (once);
    how many were announced."""
    now = now or timezone.now()
    due = list(
        Tournament.objects.select_for_update(skip_locked=True).filter(
            announced=False,
            status=Tournament.Status.REGISTRATION,
            starts_at__gt=now,
            starts_at__lte=now + NOTICE_BEFORE,
        )
    )
    for tournament in due:
        entrants = tournament.entrants.filter(withdrawn=False).select_related(
            "player_a", "player_b"
        )
        notify(
            [person for entrant in entrants for person in entrant.people],
            "{tournament} {start}",
            selectors.tournament_url(tournament),
            data={"tournament": str(tournament), "start": notices.start(tournament.starts_at)},
        )
        tournament.announced = True
        tournament.save(update_fields=["announced"])
    return len(due)


@transaction.atomic
def tournament_step(*, tournament_id: int, now: datetime) -> bool:
    """Closes the registration at the start, then starts the next round when none is
    being played, or finishes the tournament when there is no next round. True if it
    changed something."""
    tournament = lock_tournament(tournament_id)
    if not tournament.runs_itself or tournament.starts_at > now or tournament.status not in RUNNING:
        return False
    if tournament.status == Tournament.Status.REGISTRATION:
        for single in registration_close(tournament):
            _withdraw(single, tournament, "nobody was left to be your partner")
    if tournament.rounds.exclude(status=Round.Status.FINISHED).exists():
        return False  # a round is still being played
    last = tournament.rounds.order_by("-number").first()
    if last is not None and tournament.format != Tournament.Format.ELIMINATION:
        _missed_count(tournament, last)
    try:
        round_ = round_pair(tournament)
    except Refused as why:
        _end(tournament, played=last is not None, why=str(why))
        return True
    round_begin(tournament, round_, by=None)
    return True


def _end(tournament: Tournament, *, played: bool, why: str) -> None:
    tournament_end(tournament)
    if not played:  # too few partnerships at the start
        entrants = tournament.entrants.select_related("player_a", "player_b")
        notify(
            [person for entrant in entrants for person in entrant.people],
            f"{tournament} did not take place: {why.lower()}",
            selectors.tournament_url(tournament),
        )


def _missed_count(tournament: Tournament, round_: Round) -> None:
    """Counts, for each pair of the finished round, the games in a row neither of its
    players came to, and withdraws the pairs at MISSED_ROUNDS."""
    rows = round_.pairings.filter(status=Pairing.Status.FINISHED).exclude(game=None)
    for row in rows.select_related("entrant_a", "entrant_b"):
        result = game_result(row.game_id)
        away = {seat.user_id for seat in result.seats if seat.away} if result else set()
        for entrant in (row.entrant_a, row.entrant_b):
            missed = {entrant.player_a_id, entrant.player_b_id} <= away
            entrant.missed = entrant.missed + 1 if missed else 0
            entrant.save(update_fields=["missed"])
            if entrant.missed >= MISSED_ROUNDS:
                _withdraw(entrant, tournament, f"you missed {entrant.missed} rounds in a row")


def _withdraw(entrant: Entrant, tournament: Tournament, why: str) -> None:
    entrant.withdrawn = True
    entrant.save(update_fields=["withdrawn"])
    notify(
        entrant.people,
        f"You are withdrawn from {tournament}: {why}",
        selectors.tournament_url(tournament),
    )
