"""The arena's games: one game seed played twice, the seats swapped, and tallied.

Two teams of bots play it; what each team did is tallied (bench/arena.py runs and sums
these)."""

import random
import time
from dataclasses import dataclass, field

from games.bots import get_bot
from games.bots.policy import nil_chance
from games.engine import FINISHED, PLAYING, Play, Ruleset, apply_action, new_game, view_for
from games.engine.dealing import deal_masks
from games.engine.doubledummy import Position, Solver


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
                solver, hand_number = Solver(solo=ruleset.solo), state.hand_number
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
