"""A scheduled Swiss runs round after round with nobody at the admin, through a beat that
was down at its start: a real Celery worker with its beat (killed before the start and
started again after it), Daphne, and eight people as API clients playing their own cards
over the JSON WebSocket. Beat creates the tournament ahead from the schedule; after the
restart it closes registration late, pairs and starts each round as the last one ends,
and finishes; every game is recorded and the standings match the games. Durations are
settings: the schedule and the tournaments' steps tick every second, games are one hand."""

import threading
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tokens import token_create
from config.processes import wait_until
from events.models import EventSchedule, ScheduledTournament
from games.models import Game
from leagues import selectors
from leagues.models import Pairing, Round, Tournament
from tests.factories import UserFactory
from tests.leagues.factories import partnership
from tests.live import Player

ROUNDS = 2


@pytest.fixture
def quick_beat(monkeypatch):
    """Beat's schedule and tournament steps every second (set before the worker starts)."""
    monkeypatch.setenv("EVENTS_SCHEDULE_SECONDS", "1")
    monkeypatch.setenv("TOURNAMENTS_STEP_SECONDS", "1")


def play_round(server, round_: Round, tokens: dict[int, str]) -> None:
    """Each person of the round plays their own cards to the end of their game."""
    errors = []

    def attend(game_id: int, token: str, seed: int) -> None:
        try:
            player = Player(server, game_id, token, seed=seed)
            player.play_until(lambda frame: frame["status"] == "finished", timeout=120)
            player.close()
        except Exception as error:  # the test thread reports it
            errors.append(error)

    threads = [
        threading.Thread(target=attend, args=(seat.game_id, tokens[seat.user_id], seat.pk))
        for row in round_.pairings.exclude(game=None)
        for seat in row.game.seats.all()
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=150)
    assert not errors, errors
    assert not any(thread.is_alive() for thread in threads)


def test_a_scheduled_swiss_runs_itself_through_a_beat_that_was_down_at_its_start(
    quick_beat, celery_worker, servers
):
    server = servers()
    EventSchedule.objects.create(
        name="Live Cup", kind="swiss", every="hour", preset="quick", rounds=ROUNDS, hands=1,
        turn_seconds=15, first_start=timezone.now() + timedelta(seconds=15), ahead_minutes=60,
    )  # fmt: skip
    wait_until(ScheduledTournament.objects.exists, 30, "beat created the Swiss ahead", every=0.2)
    cup = ScheduledTournament.objects.select_related("tournament").get().tournament
    people = UserFactory.create_batch(8)
    for a, b in zip(people[::2], people[1::2], strict=True):
        partnership(cup, a, b)
    tokens = {person.pk: token_create(user=person) for person in people}

    celery_worker.kill()  # beat is down at the start
    time.sleep(max(0.0, (cup.starts_at - timezone.now()).total_seconds()) + 2)
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.REGISTRATION and not cup.rounds.exists()
    back = timezone.now()
    celery_worker.start()

    for number in range(1, ROUNDS + 1):
        wait_until(
            lambda n=number: cup.rounds.filter(number=n, status=Round.Status.RUNNING).exists(),
            60, f"round {number} started by itself", every=0.2,
        )  # fmt: skip
        round_ = cup.rounds.get(number=number)
        assert round_.started_at >= back  # late, after beat came back: not skipped
        play_round(server, round_, tokens)

    wait_until(
        lambda: Tournament.objects.filter(pk=cup.pk, status=Tournament.Status.FINISHED).exists(),
        60, "the tournament finished by itself", every=0.2,
    )  # fmt: skip
    cup.refresh_from_db()
    assert cup.rounds.count() == ROUNDS and cup.entrants.filter(withdrawn=True).count() == 0
    # Every game was played out and recorded as it ended: the standings match the games.
    rows = list(Pairing.objects.filter(round__tournament=cup).select_related("game"))
    assert len(rows) == 2 * ROUNDS
    for row in rows:
        game = row.game
        assert game.status == Game.Status.FINISHED and row.status == Pairing.Status.FINISHED
        assert [row.score_a, row.score_b] == game.state["scores"]
        a_won = game.winner == 0  # entrant A sits at seats 0 and 2
        expected = None if game.winner is None else (row.entrant_a if a_won else row.entrant_b)
        assert row.winner == expected
    table = selectors.tournament_standings(cup)
    assert sum(line.score for line in table) == len(rows)  # one point a game, shared if drawn
    assert all(line.played == ROUNDS for line in table)
