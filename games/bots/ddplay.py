"""Card play by double-dummy sampling: each legal card valued over sampled deals by what
the hand is then worth, not by raw tricks.

For each deal drawn (sampling.sample_world: consistent with the cards played and voids
shown, weighted by how well it explains the bids) one solve gives every legal card's
double-dummy tricks (`Solver.card_values`); the tricks become the hand's worth to the
team (worth.worth_of_tricks by winchance.value: the chance of winning the game from the
scores the hand leaves). Cards are compared paired over the same deals, and the standard
policy's card stands unless another is better by `SWITCH_Z` standard errors: double
dummy sees every card, so a card that is only better when the hidden cards lie just so
(a finesse that always works) must show it over many deals, not a few.
"""

import random
import time

from games.engine import Ruleset
from games.engine.bits import team_of
from games.engine.doubledummy import NilSolver, Position, Solver

from .ddbudget import DEAL_COST, Budget, solve_cost
from .sampling import sample_world
from .table import Table
from .winchance import value
from .worth import worth_of_tricks

SWITCH_Z = 1.0
MAX_WORLDS = 200
# From this many deals on, stop once one card is clearly best or all play alike.
SETTLE_AT = 24
SETTLE_Z = 3.0


def solver_knows(ruleset: Ruleset) -> bool:
    """Does the expert search these rules with the double-dummy solver? Every variant but
    Solo: the solver values one seat against three there (Solver(solo=True)), but the
    expert's worth of a card is a partnership's, so in Solo it plays out with the
    standard policy (the searcher's fallback). The one place to change for Solo."""
    return not ruleset.solo


def live_nils(t: Table) -> list[int]:
    """The seats whose Nil is still to be decided (their bidder has taken no trick yet)."""
    return [s for s in range(4) if t.bids[s] == 0 and t.taken[s] == 0]


def search_play(
    t: Table,
    seat: int,
    candidates: list[int],
    default: int,
    rng: random.Random,
    budget: Budget,
    nil: int | None = None,
) -> int:
    """Index in `candidates` of the card worth most over sampled deals (`default`, the
    policy's card, unless another is clearly better). `nil`: the seat of a live Nil,
    whose fate each deal's NilSolver decides beside the tricks."""
    team = team_of(seat)
    cost = solve_cost(t.counts[seat])
    worths: list[list[float]] = [[] for _ in candidates]
    cache: dict[tuple[int, bool], float] = {}
    left = t.counts[seat]
    spent = 0.0
    worlds = 0
    while worlds < MAX_WORLDS:
        mean_cost = budget.units / worlds if worlds else cost
        mean_seconds = spent / worlds if worlds else 0.0
        if not budget.room_for(mean_cost, mean_seconds):
            break
        clock = time.perf_counter()
        hands, tries = sample_world(t, seat, rng)
        solver = Solver(solo=t.ruleset.solo)
        broken = t.spades_broken or t.ruleset.spades_lead == "anytime"
        position = Position(tuple(hands), tuple(t.trick), t.leader, broken)
        values = solver.card_values(position)
        budget.units += solver.nodes + DEAL_COST * tries
        fails = {}
        if nil is not None:
            nil_solver = NilSolver(nil, solo=t.ruleset.solo)
            fails = nil_solver.card_fails(position)
            budget.units += nil_solver.nodes
        for i, card in enumerate(candidates):
            key = values[card], fails.get(card, False)
            if key not in cache:
                ours, failed = key
                cache[key] = worth_of_tricks(
                    t, team, ours, left - ours, value, nil if failed else None
                )
            worths[i].append(cache[key])
        worlds += 1
        spent += time.perf_counter() - clock
        if worlds >= SETTLE_AT and settled(worths):
            break
    return choose(worths, default, SWITCH_Z)


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of a - b over the deals both were valued on."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


def leader(worths: list[list[float]], default: int) -> int:
    return max(range(len(worths)), key=lambda i: (sum(worths[i]), i == default, -i))


def choose(worths: list[list[float]], default: int, z: float) -> int:
    """The best candidate if it beats `default` by more than z standard errors."""
    if not worths[default]:
        return default
    best = leader(worths, default)
    if best == default:
        return default
    mean, se = paired(worths[best], worths[default])
    return best if mean > z * se else default


def settled(worths: list[list[float]]) -> bool:
    """Does every other candidate trail the leader by more than SETTLE_Z standard errors,
    or play exactly alike?"""
    best = leader(worths, 0)
    for i in range(len(worths)):
        if i != best:
            mean, se = paired(worths[best], worths[i])
            if se == 0 and mean == 0:
                continue
            if mean <= SETTLE_Z * se:
                return False
    return True
