"""Bidding by double-dummy simulation: each candidate bid valued over sampled deals.

One solve per deal drawn (sampling.sample_world, weighted by the bids so far) gives the
tricks each team takes double dummy from the opening lead; every candidate bid is then
scored on that deal (the seats still to bid bidding as the standard bot would on their
sampled hands, given ours), so all candidates share the deals and one solve serves all.

Double dummy cannot value a Nil (it counts a side's tricks, not whose), so each Nil bid
on the table, ours among the candidates, is made with the chance the standard policy's
Nil model gives its hand (policy.nil_chance, fitted on playouts of the bots that cover
and attack Nils), and the Nil's partner is credited the team's double-dummy tricks less
those the Nil hand would have taken (policy.estimate_tricks): a correction, the Nil hand
ducking instead of winning. A failed Nil takes one trick.
"""

import itertools
import random
import time

from games.engine.bits import team_of, tricks_per_side
from games.engine.doubledummy import Position, Solver

from .ddbudget import DEAL_COST, Budget, deal_cost
from .ddplay import choose
from .expert import bid_the_rest, nil_candidate
from .policy import choose_bid, estimate_tricks, nil_chance_of
from .sampling import sample_world
from .table import Table
from .winchance import value

SWITCH_Z = 1.0
MAX_DEALS = 64
NIL_CANDIDATE = 0.3  # nil_chance from which Nil is worth valuing


def candidates(t: Table, seat: int, legal_bids: list[int]) -> tuple[list[int], int]:
    """The bids worth valuing (the standard bid, its neighbours, Nil when the hand may
    make it) and the index of the standard bid among them."""
    base = choose_bid(t, seat, legal_bids)
    found = {b for b in (base - 1, base, base + 1, base + 2) if b in legal_bids and b > 0}
    nil_ok = nil_candidate(t, seat, NIL_CANDIDATE)
    if 0 in legal_bids and (base == 0 or nil_ok):
        found.add(0)
    found.add(base)
    ordered = sorted(found)
    return ordered, ordered.index(base)


def search_bid(
    t: Table, seat: int, legal_bids: list[int], rng: random.Random, budget: Budget
) -> int:
    """The candidate bid worth most over sampled deals (the standard bid unless another
    is better by SWITCH_Z standard errors)."""
    bids, default = candidates(t, seat, legal_bids)
    if len(bids) == 1:
        return bids[0]
    worths: list[list[float]] = [[] for _ in bids]
    spent = 0.0
    deals = 0
    while deals < MAX_DEALS:
        mean_cost = budget.units / deals if deals else deal_cost()
        if not budget.room_for(mean_cost, spent / deals if deals else 0.0):
            break
        clock = time.perf_counter()
        hands, tries = sample_world(t, seat, rng)
        solver = Solver(solo=t.ruleset.solo)
        position = Position(tuple(hands), (), t.leader, t.ruleset.spades_lead == "anytime")
        # The tricks of the seat's side (in Solo its own, against the three others).
        team_tricks = tricks_per_side(seat, solver.tricks(position, seat))
        budget.units += solver.nodes + DEAL_COST * tries
        world = t.copy()
        world.hands = hands
        for i, bid in enumerate(bids):
            worths[i].append(bid_worth(world, seat, bid, team_tricks))
        deals += 1
        spent += time.perf_counter() - clock
    return bids[choose(worths, default, SWITCH_Z)]


def bid_worth(world: Table, seat: int, bid: int, team_tricks: list[int]) -> float:
    """The hand's expected worth to the seat's team on a dealt world if it bids `bid`."""
    sim = world.copy()
    sim.bids[seat] = bid
    bid_the_rest(sim, seat)
    nils = [s for s in range(4) if sim.bids[s] == 0]
    chances = [nil_chance_of(sim, s) for s in nils]
    total = 0.0
    for outcome in itertools.product((True, False), repeat=len(nils)):
        weight = 1.0
        for made, chance in zip(outcome, chances, strict=True):
            weight *= chance if made else 1 - chance
        if weight == 0:
            continue
        sim.taken = tricks_by_seat(sim, team_tricks, dict(zip(nils, outcome, strict=True)))
        total += weight * value(sim, team_of(seat))
    return total


def tricks_by_seat(sim: Table, team_tricks: list[int], nils: dict[int, bool]) -> list[int]:
    """Each seat's tricks: a Nil bidder 0 (made) or 1 (failed), the rest of the team's
    double-dummy tricks, less what the Nil hands would have won, to its partner."""
    taken = [0, 0, 0, 0]
    for team in (0, 1):
        seats = (team, team + 2)
        rest = team_tricks[team]
        for s in seats:
            if s in nils:
                taken[s] = 0 if nils[s] else 1
                rest -= round(estimate_tricks(sim.hands[s], sim.deck))
        others = [s for s in seats if s not in nils]
        if others:
            taken[others[0]] = max(0, rest)
    return taken
