"""Bot arena: two teams of bots play duplicated games; prints their strength and speed.

    python bench/arena.py --a expert --b standard --games 400 --seed 1 --budget-ms 250
    python bench/arena.py --a expert --b expert-mc --games 400 --budget-ms 250
    python bench/arena.py --a expert --b expert-mc --budget-ms 250 --budget-ms-b 1000

    python bench/arena.py --a standard --b random --games 40 --preset whiz
    python bench/arena.py --a standard --b standard --options '{"nil_pass": 2}'
    python bench/arena.py --a expert --b standard --preset solo --games 400

Team A sits at seats 0 and 2, team B at 1 and 3; then the same game seed (hence the same
deals, hand by hand) is played again with the teams' seats swapped, so the luck of the
cards cancels. In Solo team A is one player against three of team B, and each game seed
is played four times, A's player in each seat in turn (its win rate by seat is printed;
25% is even). `--games` counts every game played, all seatings included. A team may
mix levels ("standard,random": seat 0 or 1 standard, its partner random). `--preset`
names the rules and `--options` adds house rules to them (JSON, as a table's ruleset);
a Nil pass is played by each seat that owes one. The last line printed is a JSON
summary. Run it from the repository root.

Levels are the site's (games.bots.LEVELS) and the bench-only "expert-mc", the playout
expert the site played before; `--budget-ms` applies to both teams' experts unless
`--budget-ms-b` gives team B's (a level is then named with its budget: expert@1000ms).
Per team it prints what a Spades player reads: contracts made and sets, tricks bid and
taken, Nil bids and Nils made (and the chance the bots' Nil model, policy.nil_chance,
gave those hands), bags per hand, and tricks lost per hand against double-dummy play
(each card played judged by the analysis solver: the tricks its side could still take
with the best card less those it takes with the card played, a Nil bidder's ducks
included, as on the analysis page; `--no-double-dummy` skips this, the dearest part, and
so do the rules the solver does not know yet: games.bots.ddplay.solver_knows);
and each level's time per decision (median, 95th percentile).
"""

import argparse
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make the repository root importable.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.helpers.arena_play import PairResult, play_pair, ruleset_of, seatings
from bench.helpers.arena_stats import report, summarize
from games.bots import BENCH_LEVELS


def parse_team(spec: str) -> tuple[str, str]:
    levels = [part.strip() for part in spec.split(",")]
    if len(levels) == 1:
        levels *= 2
    if len(levels) != 2 or any(level not in BENCH_LEVELS for level in levels):
        raise argparse.ArgumentTypeError(
            f"{spec!r}: a level ({', '.join(BENCH_LEVELS)}) or two separated by a comma"
        )
    return levels[0], levels[1]


class Progress:
    """A progress bar on stderr; a line per tenth when stderr is not a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.start = self.shown = time.monotonic()
        self.tty = sys.stderr.isatty()
        self.tenths = -1

    def update(self, done: int) -> None:
        now = time.monotonic()
        elapsed = now - self.start
        eta = elapsed / done * (self.total - done) if done else 0
        text = f"{done}/{self.total} deals, {elapsed:.0f}s elapsed, ~{eta:.0f}s left"
        if self.tty:
            if done < self.total and now - self.shown < 0.2:
                return
            filled = 30 * done // self.total
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {text}")
            if done == self.total:
                sys.stderr.write("\n")
        elif 10 * done // self.total > self.tenths:
            self.tenths = 10 * done // self.total
            sys.stderr.write(text + "\n")
        self.shown = now
        sys.stderr.flush()


def run(options: dict, progress: bool = True) -> dict:
    per_seed = len(seatings(ruleset_of(options)))
    pairs = max(1, -(-options["games"] // per_seed))
    workers = max(1, min(options["workers"], pairs))
    results: list[PairResult] = []
    bar = Progress(pairs) if progress else None
    if bar:
        bar.update(0)
    if workers == 1:
        iterator = (play_pair(i, options) for i in range(pairs))
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(workers)
        iterator = pool.imap_unordered(_play_pair_star, [(i, options) for i in range(pairs)])
    try:
        for result in iterator:
            results.append(result)
            if bar:
                bar.update(len(results))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    results.sort(key=lambda r: r.index)
    return summarize(results, options)


def _play_pair_star(args: tuple[int, dict]) -> PairResult:
    return play_pair(*args)


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(
        prog="python bench/arena.py", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--a", type=parse_team, required=True, help="level(s) of team A")
    parser.add_argument("--b", type=parse_team, required=True, help="level(s) of team B")
    parser.add_argument("--games", type=int, default=100, help="games, both seatings counted")
    parser.add_argument("--seed", default="1", help="arena seed (game seeds derive from it)")
    parser.add_argument("--budget-ms", type=float, default=100.0, help="expert time per decision")
    parser.add_argument(
        "--budget-ms-b", type=float, help="team B's expert time per decision (default: --budget-ms)"
    )
    parser.add_argument(
        "--deterministic",
        action="store_true",
        help="expert counts playouts instead of watching the clock (same seed, same games)",
    )
    parser.add_argument("--preset", default="classic", help="ruleset preset (default classic)")
    parser.add_argument(
        "--options",
        type=json.loads,
        default={},
        help="house rules over the preset, as JSON: '{\"nil_pass\": 2}'",
    )
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: cores)"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.add_argument(
        "--no-double-dummy",
        action="store_true",
        help="skip judging each card by the double-dummy solver (tricks lost per hand)",
    )
    args = parser.parse_args(argv)
    if not isinstance(args.options, dict):
        parser.error("--options must be a JSON object of ruleset options")
    try:
        ruleset_of({"preset": args.preset, "options": args.options})
    except ValueError as error:
        parser.error(str(error))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.budget_ms <= 0 or (args.budget_ms_b is not None and args.budget_ms_b <= 0):
        parser.error("budgets must be positive (ms)")
    options = {
        "a": args.a,
        "b": args.b,
        "games": args.games,
        "seed": args.seed,
        "budget_ms": args.budget_ms,
        "budget_ms_b": args.budget_ms_b,
        "deterministic": args.deterministic,
        "preset": args.preset,
        "options": args.options,
        "workers": args.workers,
        "double_dummy": not args.no_double_dummy,
    }
    summary = run(options, progress=not args.no_progress)
    print(report(summary))
    print(json.dumps(summary, sort_keys=True), flush=True)
    return summary


if __name__ == "__main__":
    main()
