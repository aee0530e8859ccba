"""Benchmark of the daily challenge: scoring a day, rendering its ranking, and the worker
CPU of one entrant's boards.

Run from the repository root:
python bench/duplicate.py [--entries 10000] [--boards 8] [--variants classic,jokers,...]

1. Matchpoints and standings of a day (duplicate.matchpoints, pure): `--entries` entries
   with a result on each of `--boards` boards (board results drawn as play gives them:
   most near the par of the board, some sets and failed Nils).
2. The same day in a throwaway SQLite database (each result a board game row), and the
   ranking page rendered through the site's view while the day is open (matchpoints
   worked out from the rows on every request) and once it is closed (kept scores).
3. The worker CPU of one entrant's boards, in each variant of the daily's week (a day of
   each, duplicate.variants): a person plays the day's boards in this one process (their
   own moves through games.services.play.game_act) and the daily's bots answer through
   games.services.play.game_autoplay, the very call of the worker's bot-move task; the CPU
   of those calls is what one entrant costs the workers.
"""

import argparse
import random
import sys
import time
from datetime import timedelta
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make the repository root importable.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.helpers.scratch_site import setup_scratch_site
from duplicate.matchpoints import standings


def day_results(entries: int, boards: int, seed: int) -> dict[int, dict[int, int]]:
    """{board: {entry: result}}: results around each board's par, a tail of disasters."""
    rng = random.Random(seed)
    day = {}
    for board in range(boards):
        par = rng.randrange(-150, 151, 10)
        results = {}
        for entry in range(entries):
            roll = rng.random()
            if roll < 0.7:
                result = par + rng.choice((-2, -1, 0, 0, 1, 2)) * 10 + rng.randrange(-3, 4)
            elif roll < 0.95:
                result = par - rng.randrange(60, 160, 10)  # set
            else:
                result = par + rng.choice((-200, 200))  # a Nil made or failed
            results[entry] = result
        day[board] = results
    return day


def bench_scoring(entries: int, boards: int, seed: int) -> float:
    day = day_results(entries, boards, seed)
    started = time.perf_counter()
    lines = standings(day, range(entries))
    elapsed = time.perf_counter() - started
    assert len(lines) == entries and lines[0].rank == 1
    return elapsed


def setup_django() -> None:
    setup_scratch_site("duplicate-bench-")
    from celery import current_app

    # No broker here: the bot moves are played by this process, not queued.
    current_app.send_task = lambda *args, **kwargs: None


def bench_page(entries: int, boards: int, seed: int) -> tuple[float, float, float]:
    """(seconds to store the day, ms per render of the open day's ranking, ms per render
    of the closed day's)."""
    from django.test import Client
    from django.utils import timezone

    from accounts.models import User
    from duplicate.kinds import DUPLICATE
    from duplicate.models import BoardGame, Entry, Event
    from duplicate.services import daily as daily_services
    from games.models import Game

    started = time.perf_counter()
    event = daily_services.event_make_daily(day=timezone.now().date(), boards=boards, solve=False)
    users = User.objects.bulk_create(
        [User(username=f"entrant{n}") for n in range(entries)], batch_size=2000
    )
    rows = Entry.objects.bulk_create(
        [Entry(event=event, user=user) for user in users], batch_size=2000
    )
    day = day_results(entries, boards, seed)
    for board, number in zip(event.boards.order_by("number"), range(boards), strict=True):
        games = Game.objects.bulk_create(
            [Game(kind=DUPLICATE, status=Game.Status.FINISHED) for _ in rows],
            batch_size=2000,
        )
        BoardGame.objects.bulk_create(
            [
                BoardGame(
                    entry=entry,
                    board=board,
                    game=game,
                    direction=BoardGame.Direction.NORTH_SOUTH,
                    finished=True,
                    result=day[number][index],
                    finished_at=timezone.now(),
                )
                for index, (entry, game) in enumerate(zip(rows, games, strict=True))
            ],
            batch_size=2000,
        )
    stored = time.perf_counter() - started
    client = Client()
    client.force_login(users[-1])
    path = f"/daily/{event.day.isoformat()}/standings"
    open_ms = _render(client, path)
    Event.objects.filter(pk=event.pk).update(closes_at=timezone.now() - timedelta(seconds=1))
    daily_services.events_close_due()
    closed_ms = _render(client, path)
    return stored, open_ms, closed_ms


def _render(client, path: str, times: int = 3) -> float:
    client.get(path)  # the first render also compiles the templates
    started = time.perf_counter()
    for _ in range(times):
        response = client.get(path)
        assert response.status_code == 200, response.status_code
    return 1000 * (time.perf_counter() - started) / times


def bench_entrant(
    boards: int, seed: int, variant: str, ahead: int
) -> tuple[float, int, float, float]:
    """(worker CPU seconds of one entrant's boards, bot moves, CPU ms per bot move, the
    person's CPU seconds) with the daily's bots, on a day of `boards` boards in `variant`,
    `ahead` days from today."""
    from django.utils import timezone

    from accounts.models import User
    from duplicate.models import Event
    from duplicate.services import daily as daily_services
    from games.bots import get_bot
    from games.engine import action_to_dict, view_for
    from games.models import Game
    from games.services import play as game_play

    day = timezone.now().date() + timedelta(days=ahead)
    event = daily_services.event_make_daily(day=day, boards=boards, variant=variant, solve=False)
    # A day ahead, opened now: today's is the one of the ranking above.
    Event.objects.filter(pk=event.pk).update(opens_at=timezone.now() - timedelta(seconds=1))
    person = User.objects.create(username=f"person{seed}-{variant}")
    rng = random.Random(seed)
    worker = mine = 0.0
    moves = 0
    for number in range(1, boards + 1):
        game = daily_services.daily_board_start(user=person, day=day, number=number)
        while True:
            game = Game.objects.get(pk=game.pk)
            if game.status == Game.Status.FINISHED:
                break
            seat = game.seats.get(position=game.state["turn"])
            started = time.process_time()
            if seat.user_id == person.pk:
                view = view_for(game.engine_state, seat.position)
                action = action_to_dict(get_bot("standard")(view, game.rules, rng))
                game_play.game_act(game_id=game.pk, user=person, data=action)
                mine += time.process_time() - started
            else:
                game_play.game_autoplay(game_id=game.pk, version=game.version, timeout=False)
                worker += time.process_time() - started
                moves += 1
    return worker, moves, 1000 * worker / moves, mine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--boards", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--variants",
        default="classic,jokers,whiz,mirror,suicide",
        help="the variants whose entrant's CPU is measured, comma-separated",
    )
    args = parser.parse_args()
    entries, boards = args.entries, args.boards

    seconds = bench_scoring(entries, boards, args.seed)
    print(
        f"matchpoints and standings: {entries:,} entries x {boards} boards in {seconds:.3f} s "
        f"({entries * boards / seconds:,.0f} results/s)"
    )
    setup_django()
    stored, open_ms, closed_ms = bench_page(entries, boards, args.seed)
    print(f"day stored (SQLite): {entries * boards:,} board games in {stored:.1f} s")
    print(f"ranking page, open day (matchpoints from the rows): {open_ms:,.0f} ms per render")
    print(f"ranking page, closed day (kept scores): {closed_ms:,.0f} ms per render")
    for ahead, variant in enumerate(args.variants.split(","), start=1):
        worker, moves, per_move, mine = bench_entrant(boards, args.seed, variant, ahead)
        print(
            f"one entrant's {boards} boards, {variant}: {worker:.2f} s worker CPU for "
            f"{moves} bot moves ({per_move:.1f} ms each); the person's own {mine:.2f} s"
        )


if __name__ == "__main__":
    main()
