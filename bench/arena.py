"""Bot arena: two teams of bots play duplicated games; prints their strength and speed.

    python bench/arena.py --a expert --b standard --games 400 --seed 1 --budget-ms 250
    python bench/arena.py --a expert --b expert-mc --games 400 --budget-ms 250
    python bench/arena.py --a expert --b expert-mc --budget-ms 250 --budget-ms-b 1000

Team A sits at seats 0 and 2, team B at 1 and 3; then the same game seed (hence the same
deals, hand by hand) is played again with the teams' seats swapped, so the luck of the
cards cancels. `--games` counts every game played, both seatings included. A team may
mix levels ("standard,random": seat 0 or 1 standard, its partner random). The last line
printed is a JSON summary. Run it from the repository root.

Levels are the site's (games.bots.LEVELS) and the bench-only "expert-mc", the playout
expert the site played before; `--budget-ms` applies to both teams' experts unless
`--budget-ms-b` gives team B's (a level is then named with its budget: expert@1000ms).
Per team it prints what a Spades player reads: contracts made and sets, tricks bid and
taken, Nil bids and Nils made (and the chance the bots' Nil model, policy.nil_chance,
gave those hands), bags per hand, and tricks lost per hand against double-dummy play
(each card played judged by the analysis solver: the tricks its side could still take
with the best card less those it takes with the card played, a Nil bidder's ducks
included, as on the analysis page; `--no-double-dummy` skips this, the dearest part);
and each level's time per decision (median, 95th percentile).
"""

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make the repository root importable.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import BENCH_LEVELS, get_bot
from games.bots.policy import nil_chance
from games.engine import (
    FINISHED,
    PLAYING,
    Play,
    Ruleset,
    apply_action,
    new_game,
    view_for,
)
from games.engine.dealing import deal_masks
from games.engine.doubledummy import Position, Solver

Z95 = 1.959963984540054


@dataclass
class PairResult:
    """Both seatings of one game seed, from team A's side."""

    index: int
    wins_a: int = 0
    wins_b: int = 0
    hands: int = 0
    point_diff: int = 0  # A minus B, summed over the hands of both games
    contracts: dict = field(default_factory=lambda: {"a": [0, 0], "b": [0, 0]})  # made, bid
    bags: dict = field(default_factory=lambda: {"a": 0, "b": 0})
    bid: dict = field(default_factory=lambda: {"a": 0, "b": 0})  # the partners' bids summed
    taken: dict = field(default_factory=lambda: {"a": 0, "b": 0})  # tricks taken
    lost: dict = field(default_factory=lambda: {"a": 0, "b": 0})  # tricks lost to DD play
    # "bidder/partner[/blind]" -> [made, bid, the Nil model's chances summed]
    nils: dict = field(default_factory=dict)
    times: dict = field(default_factory=dict)  # level -> decision times in ms
    cpu_times: dict = field(default_factory=dict)  # level -> their CPU times in ms


def parse_team(spec: str) -> tuple[str, str]:
    levels = [part.strip() for part in spec.split(",")]
    if len(levels) == 1:
        levels *= 2
    if len(levels) != 2 or any(level not in BENCH_LEVELS for level in levels):
        raise argparse.ArgumentTypeError(
            f"{spec!r}: a level ({', '.join(BENCH_LEVELS)}) or two separated by a comma"
        )
    return levels[0], levels[1]


def budgets(options: dict) -> dict[str, float]:
    """Each team's expert budget in ms (B's is A's unless given)."""
    return {"a": options["budget_ms"], "b": options.get("budget_ms_b") or options["budget_ms"]}


def labels(options: dict) -> dict[tuple[str, str], str]:
    """What each (team, level) is called in the results: its level, with its budget when
    the teams' budgets differ (expert at 250 ms against expert at 1000 ms)."""
    budget = budgets(options)
    return {
        (side, level): level if budget["a"] == budget["b"] else f"{level}@{budget[side]:g}ms"
        for side in ("a", "b")
        for level in options[side]
    }


def play_pair(index: int, options: dict) -> PairResult:
    """Play game seed `index` twice, team A first at seats 0/2, then at 1/3."""
    ruleset = Ruleset.preset(options["preset"])
    budget = budgets(options)
    named = labels(options)
    bots = {
        label: get_bot(level, budget_ms=budget[side], deterministic=options["deterministic"])
        for (side, level), label in named.items()
    }
    result = PairResult(index)
    game_seed = f"arena-{options['seed']}-{index}"
    for swap in (0, 1):
        seat_levels = [""] * 4
        side_of_team = ("a", "b") if not swap else ("b", "a")
        for team, side in enumerate(side_of_team):
            first, second = options[side]
            seat_levels[team] = named[side, first]
            seat_levels[team + 2] = named[side, second]
        rngs = [random.Random(f"{game_seed}/{swap}/{seat}") for seat in range(4)]
        state = new_game(ruleset, game_seed)
        solver, hand_number = None, -1
        while state.phase != FINISHED:
            seat = state.turn
            level = seat_levels[seat]
            view = view_for(state, seat)
            judging = options.get("double_dummy", True) and state.phase == PLAYING
            if judging and hand_number != state.hand_number:
                # One solver per hand: what it learns of one position serves the next.
                solver, hand_number = Solver(), state.hand_number
            start, cpu = time.perf_counter(), time.thread_time()
            action = bots[level](view, ruleset, rngs[seat])
            elapsed = (time.perf_counter() - start) * 1000
            cpu = (time.thread_time() - cpu) * 1000
            result.times.setdefault(level, []).append(elapsed)
            result.cpu_times.setdefault(level, []).append(cpu)
            if solver is not None and state.phase == PLAYING and type(action) is Play:
                best, _, played = solver.judge(Position.of_state(state), action.card.index)
                result.lost[side_of_team[seat & 1]] += best - played
            state = apply_action(state, action)
        winner_side = side_of_team[state.winner]
        if winner_side == "a":
            result.wins_a += 1
        else:
            result.wins_b += 1
        for hand in state.results:
            outcome = hand.outcome
            result.hands += 1
            team_a = side_of_team.index("a")
            result.point_diff += hand.points[team_a] - hand.points[1 - team_a]
            for team, side in enumerate(side_of_team):
                if outcome.contract[team]:
                    result.contracts[side][1] += 1
                    result.contracts[side][0] += outcome.made[team]
                result.bags[side] += outcome.bags_taken[team]
                result.bid[side] += hand.bids[team] + hand.bids[team + 2]
                result.taken[side] += hand.tricks[team] + hand.tricks[team + 2]
            dealt = deal_masks(hand.seed, hand.dealer)
            for seat in range(4):
                if outcome.nil_made[seat] is not None:
                    key = f"{seat_levels[seat]}/{seat_levels[seat ^ 2]}"
                    if hand.blind[seat]:
                        key += "/blind"
                    tally = result.nils.setdefault(key, [0, 0, 0.0])
                    tally[0] += outcome.nil_made[seat]
                    tally[1] += 1
                    tally[2] += nil_chance(dealt[seat])
    return result


def wilson(successes: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def ratio_ci(diffs: list[int], hands: list[int]) -> tuple[float, float | None, float | None]:
    """Mean point difference per hand, and its 95% interval (None from fewer than two
    duplicated pairs), clustering by pair: the hands of one deal pair are not independent."""
    total_hands = sum(hands)
    if not total_hands:
        return 0.0, None, None
    mean = sum(diffs) / total_hands
    n = len(diffs)
    if n < 2:
        return mean, None, None
    residuals = sum((d - mean * h) ** 2 for d, h in zip(diffs, hands, strict=True))
    se = math.sqrt(residuals * n / (n - 1)) / total_hands
    return mean, mean - Z95 * se, mean + Z95 * se


def summarize(results: list[PairResult], options: dict) -> dict:
    games = 2 * len(results)
    wins_a = sum(r.wins_a for r in results)
    wins_b = sum(r.wins_b for r in results)
    hands = sum(r.hands for r in results)
    mean, low, high = ratio_ci([r.point_diff for r in results], [r.hands for r in results])
    times: dict[str, list[float]] = {}
    cpu_times: dict[str, list[float]] = {}
    nils: dict[str, list] = {}
    contracts = {"a": [0, 0], "b": [0, 0]}
    bags = {"a": 0, "b": 0}
    bid_total = {"a": 0, "b": 0}
    taken_total = {"a": 0, "b": 0}
    lost = {"a": 0, "b": 0}
    for r in results:
        for level, values in r.times.items():
            times.setdefault(level, []).extend(values)
            cpu_times.setdefault(level, []).extend(r.cpu_times[level])
        for key, tally in r.nils.items():
            total = nils.setdefault(key, [0, 0, 0.0])
            for i, count in enumerate(tally):
                total[i] += count
        for side in ("a", "b"):
            contracts[side][0] += r.contracts[side][0]
            contracts[side][1] += r.contracts[side][1]
            bags[side] += r.bags[side]
            bid_total[side] += r.bid[side]
            taken_total[side] += r.taken[side]
            lost[side] += r.lost[side]
    budget = budgets(options)
    budget_of = {label: budget[side] for (side, _), label in labels(options).items()}
    ms = {}
    for level, values in sorted(times.items()):
        values.sort()
        ms[level] = {
            "median": round(statistics.median(values), 3),
            "p95": round(values[min(len(values) - 1, int(0.95 * len(values)))], 3),
            "p99": round(values[min(len(values) - 1, int(0.99 * len(values)))], 3),
            "max": round(values[-1], 3),
            # Wall time includes waiting for a core on a busy machine; CPU time does not.
            "cpu_max": round(max(cpu_times[level]), 3),
            "cpu_median": round(statistics.median(cpu_times[level]), 3),
            "cpu_p95": round(
                sorted(cpu_times[level])[min(len(values) - 1, int(0.95 * len(values)))], 3
            ),
            "decisions": len(values),
        }
        if level.startswith("expert"):
            limit = 1.2 * budget_of[level]
            ms[level]["over_budget_20pct"] = sum(v > limit for v in values)
            ms[level]["over_budget_20pct_cpu"] = sum(v > limit for v in cpu_times[level])
    win_rate = wins_a / games if games else 0.0
    return {
        "a": ",".join(options["a"]),
        "b": ",".join(options["b"]),
        "preset": options["preset"],
        "seed": options["seed"],
        "budget_ms": options["budget_ms"],
        "budget_ms_b": budget["b"],
        "deterministic": options["deterministic"],
        "games": games,
        "hands": hands,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "win_rate_a": round(win_rate, 4),
        "win_rate_a_ci95": [round(x, 4) for x in wilson(wins_a, games)],
        "point_diff_per_hand": round(mean, 2),
        "point_diff_ci95": None if low is None else [round(low, 2), round(high, 2)],
        "made_contract_rate": {
            side: round(made / bid, 4) if bid else None for side, (made, bid) in contracts.items()
        },
        "contracts": {
            side: {"bid": bid, "made": made, "set": bid - made}
            for side, (made, bid) in contracts.items()
        },
        "bags_per_hand": {side: round(bags[side] / hands, 3) if hands else None for side in bags},
        "bid_per_hand": {
            side: round(bid_total[side] / hands, 3) if hands else None for side in bid_total
        },
        "tricks_per_hand": {
            side: round(taken_total[side] / hands, 3) if hands else None for side in taken_total
        },
        "tricks_lost_per_hand": (
            {side: round(lost[side] / hands, 3) if hands else None for side in lost}
            if options.get("double_dummy", True)
            else None
        ),
        "nil": {
            key: {
                "bids": bid,
                "made": made,
                "rate": round(made / bid, 4),
                "model_rate": round(expected / bid, 4),
            }
            for key, (made, bid, expected) in sorted(nils.items())
        },
        "ms_per_decision": ms,
    }


def report(summary: dict) -> str:
    a, b = summary["a"], summary["b"]
    low, high = summary["win_rate_a_ci95"]
    diff_ci = "n/a"
    if summary["point_diff_ci95"]:
        dlow, dhigh = summary["point_diff_ci95"]
        diff_ci = f"{dlow:+.2f} .. {dhigh:+.2f}"
    budget = ""
    if "expert" in f"{a},{b}":
        mode = ", deterministic" if summary["deterministic"] else ""
        a_ms, b_ms = summary["budget_ms"], summary["budget_ms_b"]
        shown = f"{a_ms:g} ms" if a_ms == b_ms else f"A {a_ms:g} ms, B {b_ms:g} ms"
        budget = f", expert budget {shown}{mode}"
    lines = [
        f"A = {a}, B = {b}; preset {summary['preset']}, seed {summary['seed']}{budget}",
        f"games: {summary['games']} ({summary['games'] // 2} game seeds x 2 seatings), "
        f"{summary['hands']} hands",
        f"wins: A {summary['wins_a']}, B {summary['wins_b']}; A win rate "
        f"{100 * summary['win_rate_a']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)",
        f"point difference per hand (A - B): {summary['point_diff_per_hand']:+.2f} "
        f"(95% CI {diff_ci})",
    ]
    for side, name in (("a", a), ("b", b)):
        rate = summary["made_contract_rate"][side]
        bags = summary["bags_per_hand"][side]
        bid, taken = summary["bid_per_hand"][side], summary["tricks_per_hand"][side]
        contracts = summary["contracts"][side]
        lost = summary["tricks_lost_per_hand"]
        lines.append(
            f"team {side.upper()} ({name}): made contracts {contracts['made']}/"
            f"{contracts['bid']} ({'-' if rate is None else f'{100 * rate:.1f}%'}), "
            f"sets {contracts['set']}, bid {bid} and took {taken} tricks a hand, "
            f"bags per hand {bags}"
            + ("" if lost is None else f", tricks lost per hand to double dummy {lost[side]}")
        )
    if summary["nil"]:
        for key, nil in summary["nil"].items():
            bidder, partner, *blind = key.split("/")
            lines.append(
                f"{'blind ' if blind else ''}nil by {bidder} (partner {partner}): "
                f"{nil['made']}/{nil['bids']} made ({100 * nil['rate']:.1f}%; the Nil model "
                f"gave these hands {100 * nil['model_rate']:.1f}%)"
            )
    else:
        lines.append("no nil bids")
    for level, ms in summary["ms_per_decision"].items():
        extra = ""
        if "over_budget_20pct" in ms:
            extra = (
                f", over budget +20%: {ms['over_budget_20pct']}"
                f" (by CPU time: {ms['over_budget_20pct_cpu']})"
            )
        lines.append(
            f"ms per decision, {level}: median {ms['median']:.3f}, p95 {ms['p95']:.2f}, "
            f"p99 {ms['p99']:.2f}, "
            f"max {ms['max']:.2f} (CPU median {ms['cpu_median']:.3f}, p95 {ms['cpu_p95']:.2f}, "
            f"max {ms['cpu_max']:.2f}; {ms['decisions']} decisions{extra})"
        )
    return "\n".join(lines)


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
    pairs = max(1, (options["games"] + 1) // 2)
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
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: cores)"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.add_argument(
        "--no-double-dummy",
        action="store_true",
        help="skip judging each card by the double-dummy solver (tricks lost per hand)",
    )
    args = parser.parse_args(argv)
    try:
        Ruleset.preset(args.preset)
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
        "workers": args.workers,
        "double_dummy": not args.no_double_dummy,
    }
    summary = run(options, progress=not args.no_progress)
    print(report(summary))
    print(json.dumps(summary, sort_keys=True), flush=True)
    return summary


if __name__ == "__main__":
    main()
