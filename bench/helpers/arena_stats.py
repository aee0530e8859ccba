"""The arena's figures: the summary of its games and the report printed from it.

Rates with 95% intervals (in Solo also by the seat of team A's player), contracts, Nils,
bags, tricks lost to double dummy (where the solver knows the rules), time per decision."""

import json
import math
import statistics

from bench.helpers.arena_play import PairResult, budgets, labels, ruleset_of, seatings
from games.bots.ddplay import solver_knows

Z95 = 1.959963984540054


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
    ruleset = ruleset_of(options)
    judged = options.get("double_dummy", True) and solver_knows(ruleset)
    games = sum(r.games for r in results)
    seat_wins: dict[int, list[int]] = {}
    for r in results:
        for seat, (won, played) in r.seat_wins.items():
            tally = seat_wins.setdefault(seat, [0, 0])
            tally[0] += won
            tally[1] += played
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
        "options": options.get("options") or {},
        "solo": ruleset.solo,
        "seatings": len(seatings(ruleset)),
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
            if judged
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
        # Solo: team A's player's wins by the seat it sat in.
        "win_rate_a_by_seat": {
            str(seat): {"won": won, "games": played, "rate": round(won / played, 4)}
            for seat, (won, played) in sorted(seat_wins.items())
        },
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
    house = summary["options"]
    rules = f"preset {summary['preset']}" + (f" with {json.dumps(house)}" if house else "")
    seatings = summary["seatings"]
    b_side = "B's mean" if summary["solo"] else "B"
    lines = [
        f"A = {a}, B = {b}; {rules}, seed {summary['seed']}{budget}",
        f"games: {summary['games']} ({summary['games'] // seatings} game seeds x "
        f"{seatings} seatings), {summary['hands']} hands",
        f"wins: A {summary['wins_a']}, B {summary['wins_b']}; A win rate "
        f"{100 * summary['win_rate_a']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)",
        f"point difference per hand (A - {b_side}): {summary['point_diff_per_hand']:+.2f} "
        f"(95% CI {diff_ci})",
    ]
    for seat, tally in summary["win_rate_a_by_seat"].items():
        lines.append(
            f"A's player at seat {seat}: won {tally['won']}/{tally['games']} "
            f"({100 * tally['rate']:.1f}%)"
        )
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
        bids = sum(nil["bids"] for nil in summary["nil"].values())
        made = sum(nil["made"] for nil in summary["nil"].values())
        lines.append(f"nils, every seat: {made}/{bids} made ({100 * made / bids:.1f}%)")
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
