"""The arena's games: one game seed played in each seating (the partnerships swapped, or
in Solo team A's one player in each of the four seats), and tallied.

Two teams of bots play it; what each team did is tallied (bench/arena.py runs and sums
these)."""

import random
import time
from dataclasses import dataclass, field

from games.bots import get_bot
from games.bots.ddplay import solver_knows
from games.bots.policy import nil_chance
from games.engine import (
    FINISHED,
    PLAYING,
    Play,
    Ruleset,
    apply_action,
    new_game,
    seats_to_act,
    view_for,
)
from games.engine.dealing import deal_masks
from games.engine.doubledummy import Position, Solver


@dataclass
class PairResult:
    """Every seating of one game seed, from team A's side."""

    index: int
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    hands: int = 0
    point_diff: float = 0  # A minus B (Solo: B's mean), summed over the hands of all games
    contracts: dict = field(default_factory=lambda: {"a": [0, 0], "b": [0, 0]})  # made, bid
    bags: dict = field(default_factory=lambda: {"a": 0, "b": 0})
    bid: dict = field(default_factory=lambda: {"a": 0, "b": 0})  # the partners' bids summed
    taken: dict = field(default_factory=lambda: {"a": 0, "b": 0})  # tricks taken
    lost: dict = field(default_factory=lambda: {"a": 0, "b": 0})  # tricks lost to DD play
    # "bidder/partner[/blind]" -> [made, bid, the Nil model's chances summed]
    nils: dict = field(default_factory=dict)
    times: dict = field(default_factory=dict)  # level -> decision times in ms
    cpu_times: dict = field(default_factory=dict)  # level -> their CPU times in ms
    seat_wins: dict = field(default_factory=dict)  # Solo: A's seat -> [won, played]


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


def ruleset_of(options: dict) -> Ruleset:
    """The preset with the house rules of `options["options"]` (a dict) on top."""
    base = Ruleset.preset(options["preset"]).to_dict()
    return Ruleset.from_dict({**base, **(options.get("options") or {})})


def seatings(ruleset: Ruleset) -> list[list[str]]:
    """Each seating of a game seed, as the team ("a" or "b") of each seat: the teams'
    partnerships swapped, or in Solo team A's one player rotated through the four seats
    against three of team B's."""
    if ruleset.solo:
        return [["a" if seat == turn else "b" for seat in range(4)] for turn in range(4)]
    return [["a", "b", "a", "b"], ["b", "a", "b", "a"]]


def seat_levels_of(ruleset: Ruleset, teams: list[str], options: dict) -> list[tuple[str, str]]:
    """(team, level) of each seat: a partnership's first and second level, or in Solo the
    three players of team B taking its levels in turn."""
    levels, used = [], {"a": 0, "b": 0}
    for seat, team in enumerate(teams):
        if ruleset.solo:
            levels.append((team, options[team][used[team] % 2]))
            used[team] += 1
        else:
            levels.append((team, options[team][seat // 2]))
    return levels


def play_pair(index: int, options: dict) -> PairResult:
    """Play game seed `index` in each seating (seatings: team A first at seats 0/2, then
    at 1/3; Solo: team A's player at seat 0, 1, 2, then 3)."""
    ruleset = ruleset_of(options)
    budget = budgets(options)
    named = labels(options)
    bots = {
        label: get_bot(level, budget_ms=budget[side], deterministic=options["deterministic"])
        for (side, level), label in named.items()
    }
    result = PairResult(index)
    game_seed = f"arena-{options['seed']}-{index}"
    judge = options.get("double_dummy", True) and solver_knows(ruleset)
    for swap, teams in enumerate(seatings(ruleset)):
        seat_levels = [named[pair] for pair in seat_levels_of(ruleset, teams, options)]
        rngs = [random.Random(f"{game_seed}/{swap}/{seat}") for seat in range(4)]
        state = new_game(ruleset, game_seed)
        solver, hand_number = None, -1
        while state.phase != FINISHED:
            # In the Nil pass it is nobody's turn: each seat that owes a pass gives it.
            seat = seats_to_act(state)[0]
            level = seat_levels[seat]
            view = view_for(state, seat)
            judging = judge and state.phase == PLAYING
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
                result.lost[teams[seat]] += best - played
            state = apply_action(state, action)
        tally_game(result, ruleset, state, teams, seat_levels)
    return result


def tally_game(result: PairResult, ruleset: Ruleset, state, teams, seat_levels) -> None:
    """Add a finished game to the tallies, from team A's side."""
    a_seat = teams.index("a")
    result.games += 1
    if state.winner is not None:
        won = teams[ruleset.seats_of(state.winner)[0]]
        result.wins_a += won == "a"
        result.wins_b += won == "b"
        if ruleset.solo:
            seat_tally = result.seat_wins.setdefault(a_seat, [0, 0])
            seat_tally[0] += won == "a"
    if ruleset.solo:
        result.seat_wins.setdefault(a_seat, [0, 0])[1] += 1
    a_side = ruleset.side_of(a_seat)
    b_sides = [side for side in range(ruleset.sides) if side != a_side]
    for hand in state.results:
        outcome = hand.outcome
        result.hands += 1
        # Against several B players (Solo): A's points less their mean.
        b_points = sum(hand.points[side] for side in b_sides) / len(b_sides)
        result.point_diff += hand.points[a_side] - b_points
        for side in range(ruleset.sides):
            seats = ruleset.seats_of(side)
            team = teams[seats[0]]
            if outcome.contract[side]:
                result.contracts[team][1] += 1
                result.contracts[team][0] += outcome.made[side]
            result.bags[team] += outcome.bags_taken[side]
            result.bid[team] += sum(hand.bids[seat] for seat in seats)
            result.taken[team] += sum(hand.tricks[seat] for seat in seats)
        dealt = deal_masks(hand.seed, hand.dealer, ruleset.deck)
        for seat in range(4):
            if outcome.nil_made[seat] is not None:
                partner = "none" if ruleset.solo else seat_levels[seat ^ 2]
                key = f"{seat_levels[seat]}/{partner}"
                if hand.blind[seat]:
                    key += "/blind"
                tally = result.nils.setdefault(key, [0, 0, 0.0])
                tally[0] += outcome.nil_made[seat]
                tally[1] += 1
                tally[2] += nil_chance(dealt[seat])
