"""Benchmark of arenas: seating a crowd and recomputing standings.

Run from the repository root: python bench/events.py [--people N] [--games N] [--seed S]

Pairs N waiting people (random ratings, waits, last partners, and one block in ten
people) into tables with events.pairing.tables, as one seating run of a crowded arena
does, and recomputes the standings of an arena of G games (four people each, in the
order they finished) with events.scoring. Prints the CPU time of each, the median of 5.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make the repository root importable.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from events.pairing import Waiting, tables
from events.scoring import scores, standings

RUNS = 5


def crowd(people: int, rng: random.Random) -> tuple[list[Waiting], set[frozenset[int]]]:
    waiting = [
        Waiting(
            user_id=person,
            mu=rng.gauss(25, 4),
            waited=rng.uniform(0, 60),
            last_partner=rng.randrange(people) if rng.random() < 0.8 else None,
        )
        for person in range(people)
    ]
    blocked = {frozenset(rng.sample(range(people), 2)) for _ in range(people // 10)}
    return waiting, blocked


def results(games: int, people: int, rng: random.Random) -> list[tuple[int, bool]]:
    """(person, won) of each seat of `games` games, in finishing order."""
    found = []
    for _ in range(games):
        table = rng.sample(range(people), 4)
        winners = rng.randrange(2)
        found += [(person, seat % 2 == winners) for seat, person in enumerate(table)]
    return found


def cpu_median(work) -> tuple[float, object]:
    times, answer = [], None
    for _ in range(RUNS):
        start = time.process_time()
        answer = work()
        times.append(time.process_time() - start)
    return statistics.median(times), answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=1000, help="people waiting to be seated")
    parser.add_argument("--games", type=int, default=10_000, help="games of the arena")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    waiting, blocked = crowd(args.people, rng)
    seconds, seated = cpu_median(lambda: tables(waiting, blocked=blocked))
    print(
        f"pairing: {args.people:,} waiting people into {len(seated):,} tables in "
        f"{seconds:.3f} s CPU (median of {RUNS})"
    )

    played = results(args.games, max(4, args.games // 5), rng)
    order = sorted({person for person, _ in played})
    seconds, _ = cpu_median(lambda: standings(scores(played), order))
    print(
        f"standings: {args.games:,} games ({len(played):,} results) recomputed in "
        f"{seconds:.3f} s CPU (median of {RUNS})"
    )


if __name__ == "__main__":
    main()
