"""An arena runs to its end by itself with real parts: ten people as API clients playing
their own cards over the JSON WebSocket, Daphne, a real Celery worker whose beat seats them
(ten is no multiple of four: the two left over get expert bots at once, the arena's wait
set to 0) and records every result. The standings it kept match the games, streaks
included, and nobody is seated in the last seconds. Durations are settings: the arena
lasts 30 s, not an hour."""

import threading
import time
import urllib.request
from datetime import timedelta

from django.utils import timezone

from accounts.tokens import token_create
from config.processes import wait_until
from events import scoring
from events.models import ArenaGame, ArenaPlayer
from games.models import Game
from tests.events.factories import ArenaFactory
from tests.factories import UserFactory
from tests.live import Player, http

ARENA_SECONDS = 30
CLOSING_SECONDS = 10
PEOPLE = 10


def attend(server, arena_id: int, token: str, seed: int, played: list, errors: list) -> None:
    """One person: joins, then plays each game the arena seats them at until it ends."""
    try:
        status, _ = http(server, "POST", f"/api/arenas/{arena_id}/join", token, {})
        assert status == 200, status
        while True:
            status, state = http(server, "GET", f"/api/arenas/{arena_id}", token)
            assert status == 200, state
            if state["game"] is not None:
                player = Player(server, state["game"]["id"], token, seed=seed + len(played))
                player.play_until(lambda frame: frame["status"] == "finished", timeout=180)
                player.close()
                played.append(state["game"]["id"])
            elif state["arena"]["state"] == "finished":
                return
            else:
                time.sleep(0.5)
    except Exception as error:  # the test thread reports it
        errors.append(error)


def test_an_arena_of_ten_people_and_bots_runs_to_its_end_by_itself(celery_worker, servers):
    server = servers()
    now = timezone.now()
    arena = ArenaFactory(
        starts_at=now,
        ends_at=now + timedelta(seconds=ARENA_SECONDS),
        closing_seconds=CLOSING_SECONDS,
        bot_wait_seconds=0,
    )
    people = UserFactory.create_batch(PEOPLE)
    played, errors = [], []
    threads = [
        threading.Thread(
            target=attend,
            args=(server, arena.pk, token_create(user=person), number, played, errors),
        )
        for number, person in enumerate(people)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=ARENA_SECONDS + 240)
    assert not errors, errors
    assert not any(thread.is_alive() for thread in threads)

    # Every game ended and the worker recorded it (the signal's task, or the sweep).
    wait_until(
        lambda: not ArenaGame.objects.filter(status=ArenaGame.Status.PLAYING).exists(),
        60, "every arena game recorded", every=0.5,
    )  # fmt: skip
    rows = list(ArenaGame.objects.filter(arena=arena).select_related("game"))
    assert len(rows) >= 2 and set(played) <= {row.game_id for row in rows}
    assert any(row.game.seats.filter(bot_level="expert").exists() for row in rows)
    seats_until = arena.ends_at - timedelta(seconds=CLOSING_SECONDS)
    assert all(row.game.created_at <= seats_until + timedelta(seconds=1) for row in rows)
    for row in rows:
        counts = row.game.finished_at < arena.ends_at
        assert row.status == (ArenaGame.Status.COUNTED if counts else ArenaGame.Status.LATE)

    # The standings kept game by game are those of the counted games in finishing order.
    results = []
    for row in sorted(rows, key=lambda row: (row.game.finished_at, row.game_id)):
        if row.status == ArenaGame.Status.COUNTED:
            for seat in row.game.seats.filter(user__isnull=False, bot_level=""):
                won = seat.position % 2 == row.game.winner and not seat.away
                results.append((seat.user_id, won))
    kept = {player.user_id: player for player in ArenaPlayer.objects.filter(arena=arena)}
    assert set(kept) == {person.pk for person in people}  # bots earn nothing, have no row
    expected = {user_id: scoring.Score() for user_id in kept} | scoring.scores(results)
    for user_id, player in kept.items():
        score = expected[user_id]
        assert (player.points, player.games, player.wins, player.streak) == (
            score.points, score.games, score.wins, score.streak,
        )  # fmt: skip
    assert Game.objects.filter(arena_game__arena=arena, status="playing").count() == 0

    # The standings and the podium, as the API and the page show them.
    _, state = http(server, "GET", f"/api/arenas/{arena.pk}", token_create(user=people[0]))
    joined = sorted(kept.values(), key=lambda player: (player.joined_at, player.pk))
    order = scoring.standings(expected, [player.user_id for player in joined])
    names = {person.pk: person.username for person in people}
    shown = [row["username"] for row in state["standings"]]
    assert shown == [names[user_id] for user_id in order]
    with urllib.request.urlopen(f"{server.url}/arenas/{arena.pk}/", timeout=30) as response:
        page = response.read().decode()
    assert "Podium" in page and all(name in page for name in shown[:3])
