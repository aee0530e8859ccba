"""A bot's search budget, and what a double-dummy solve costs by the cards left.

Budget counts units of work in deterministic mode, else watches the wall clock; the
costs decide whether solving fits. The playout search (games.bots.expert) counts its own
units (cards played).

In deterministic mode a unit is one node of the solver's search (`Solver.nodes`), so the
same view and seed always give the same search, whatever the machine's load; drawing a
deal costs `DEAL_COST` units. NODES_PER_MS is about two thirds of what one core of the
development machine searches (bench/doubledummy.py), so budget_ms stays roughly the time
taken; re-measure it when the solver changes (its history: bench/RESULTS.md).
"""

import time

NODES_PER_MS = 3500
DEAL_COST = 400  # units charged for each deal drawn by sampling.sample_world
TIME_SHARE = 0.85  # stop starting solves this far into a timed budget

# Median solver nodes to value every card of a position by the cards left in the hand of
# the seat to act (games.engine.doubledummy.Solver.card_values on random deals, a fresh
# Solver each), measured on the solver of 7be6bca. Later solvers search fewer, but
# planning with their medians sent solves earlier and their tails took decisions over
# budget (figures: bench/RESULTS.md): kept until the plan allows for the tails.
_NODES_BY_CARDS = (1, 20, 40, 60, 90, 120, 400, 500, 2000, 12_000, 15_000, 40_000, 250_000)
FULL_DEAL_NODES = 500_000  # a 13-card deal: card_values
FULL_DEAL_TRICKS_NODES = 300_000  # a 13-card deal: its tricks alone (a bid's solve)
SAFETY = 1.5  # solves vary: plan for this much more than the median


def solve_cost(cards: int) -> int:
    """Planned units of one card_values solve with `cards` cards in the hand to act."""
    nodes = FULL_DEAL_NODES if cards >= 13 else _NODES_BY_CARDS[max(cards, 0)]
    return int(SAFETY * nodes) + DEAL_COST


def deal_cost() -> int:
    """Planned units of one full deal's tricks (a bid's solve)."""
    return int(SAFETY * FULL_DEAL_TRICKS_NODES) + DEAL_COST


def deterministic_cap_ms(budget_ms: float) -> float:
    """The wall-clock safety cap of a deterministic search (which counts units of work): a
    search cut by it is no longer determined by the view and seed, so it is generous
    enough for a busy machine (twice the budget once cut a 5 ms bid under heavy load)."""
    return 5 * budget_ms + 1000


class Budget:
    """When to stop: units of work (deterministic) or the wall clock. A unit is a solver
    node by default; the playout search passes its own `units_per_ms`."""

    def __init__(
        self,
        start: float,
        budget_ms: float,
        deterministic: bool,
        *,
        units_per_ms: float = NODES_PER_MS,
        time_share: float = TIME_SHARE,
    ) -> None:
        self.start = start
        self.deterministic = deterministic
        self.units = 0
        if deterministic:
            self.max_units = max(1, int(budget_ms * units_per_ms))
            self.deadline = start + deterministic_cap_ms(budget_ms) / 1000
            self.sampling_deadline = None  # drawing deals must not depend on the clock
        else:
            self.max_units = 1 << 60
            self.deadline = self.sampling_deadline = start + budget_ms / 1000 * time_share
        self.capacity = budget_ms * units_per_ms  # planning: units the budget buys

    def affords(self, solves: int, cost: int) -> bool:
        """Can the whole budget pay for `solves` solves of `cost` units each?"""
        return solves * cost <= self.capacity

    def room_for(self, cost: float, seconds: float) -> bool:
        """May one more solve start now, expected to cost `cost` units (deterministic)
        or `seconds` (timed)?"""
        if self.units + cost > self.max_units:
            return False
        now = time.perf_counter()
        if self.deterministic:
            return now < self.deadline
        return now + seconds <= self.deadline

    def exhausted(self, cost: int) -> bool:
        """Would `cost` more units of work overrun the budget?"""
        return self.units + cost > self.max_units or time.perf_counter() >= self.deadline

    def out_of_time(self) -> bool:
        return time.perf_counter() >= self.deadline
