"""The expert (the site's "expert" since issue #25): samples the hidden hands and
searches them with the double-dummy solver.

For each decision it draws deals of the cards it cannot see, consistent with everything
seen (sampling.sample_world: cards played, voids shown, weighted by how well each deal
explains the bids), and values its candidates over them by what the hand is then worth:
the chance of winning the game from the scores it leaves (winchance.value: contracts made
or set, bags at their share of the penalty, each Nil made or failed, points weighing more
the nearer the end), the standard policy's choice standing unless another is clearly
better:

- card play (ddplay): one double-dummy solve per deal values every legal card; while a
  Nil is live, a second solve (NilSolver) says after each card whether the Nil fails,
  its side keeping it from every trick and the other side making it take one, and the
  worth counts the Nil made or failed beside the tricks;
- bids (ddbid): one solve per deal gives each team's tricks; every candidate bid (the
  standard bid, its neighbours, Nil) is scored on it.

Where double dummy misleads, it plays out with the standard policy instead (the
playout search of games.bots.expert, the bench's "expert-mc"):

- while two Nils are live: each side then plays for its own Nil and against the other
  at once, which the solve of one Nil cannot weigh;
- early in the hand, when a deal's solve costs so much that the budget buys fewer than
  MIN_WORLDS deals (with this solver, the first two tricks at 250 ms, three with a live
  Nil): few deals of a position with many unknown cards is where double dummy's perfect
  information misleads most (a finesse always right), and playouts there are the tested
  search. A faster solver moves the switch earlier on its own (ddbudget.solve_cost).

- in Solo (ddplay.solver_knows: the expert's worth of a card is a partnership's).

Blind Nil or looking at the cards is played out over deals of all 52 cards, with a
bid's budget (a Nil is the playouts' to judge). Bids are valued by double dummy only
when the budget buys MIN_DEALS full-deal solves (a bid may take BID_SHARE budgets); with
this solver that needs about 600 ms a card, so at 250 ms bids are still the playout
search's.

How strong this is against the playout expert and the standard bot, and the variants
tried and not kept: bench/RESULTS.md (games/bots/searcher.py).

Deterministic mode counts work instead of time (solver nodes here, cards played in the
playout search), so the same view and seed always give the same action.
"""

import random
import time

from games.engine import Action, Ruleset

from . import ddbid, ddplay, expert, winchance
from .ddbudget import Budget, deal_cost, solve_cost
from .policy import choose_card
from .table import Table

DEFAULT_BUDGET_MS = 250
BID_SHARE = 3  # a bid, once a hand, may take this many times a card's budget
MIN_WORLDS = 12  # fewest deals worth solving for a card; fewer: playouts instead
MIN_DEALS = 10  # the same for a bid


def choose_action(
    view: dict,
    ruleset: Ruleset,
    rng: random.Random,
    *,
    budget_ms: float = DEFAULT_BUDGET_MS,
    deterministic: bool = False,
) -> Action:
    """The expert's action for the viewing seat; it must be that seat's turn."""
    start = time.perf_counter()
    return expert.decide(
        view,
        ruleset,
        rng,
        bid=lambda table, seat, bids: choose_bid(
            table, seat, bids, rng, start, budget_ms, deterministic
        ),
        play=lambda table, seat: choose_play(table, seat, rng, start, budget_ms, deterministic),
        blind_nil=lambda table, seat, standard_says: choose_blind_nil(
            table, seat, standard_says, rng, start, budget_ms, deterministic
        ),
    )


def choose_play(
    t: Table, seat: int, rng: random.Random, start: float, budget_ms: float, deterministic: bool
) -> int:
    """The card to play: double-dummy sampling where it fits (see the module), else the
    playout search."""
    candidates = expert.distinct_cards(t, seat)
    if len(candidates) == 1:
        return candidates[0]
    budget = Budget(start, budget_ms, deterministic)
    nils = ddplay.live_nils(t)
    # A live Nil's solve (NilSolver) costs about as much as the tricks' at the median.
    cost = solve_cost(t.counts[seat]) * (1 + len(nils))
    if len(nils) > 1 or not budget.affords(MIN_WORLDS, cost) or not ddplay.solver_knows(t.ruleset):
        return expert.search_play(
            t, seat, rng, expert.playout_budget(start, budget_ms, deterministic), winchance.value
        )
    policy_card = choose_card(t, seat)
    default = max(i for i, card in enumerate(candidates) if card <= policy_card)
    best = ddplay.search_play(t, seat, candidates, default, rng, budget, *nils)
    return policy_card if best == default else candidates[best]


def choose_bid(
    t: Table,
    seat: int,
    legal_bids: list[int],
    rng: random.Random,
    start: float,
    budget_ms: float,
    deterministic: bool,
) -> int:
    """The bid: double-dummy simulation if the budget buys MIN_DEALS full-deal solves,
    else the playout simulation."""
    budget_ms *= BID_SHARE
    budget = Budget(start, budget_ms, deterministic)
    if budget.affords(MIN_DEALS, deal_cost()) and ddplay.solver_knows(t.ruleset):
        return ddbid.search_bid(t, seat, legal_bids, rng, budget)
    return expert.search_bid(
        t,
        seat,
        legal_bids,
        rng,
        expert.playout_budget(start, budget_ms, deterministic),
        winchance.value,
    )


def choose_blind_nil(
    t: Table,
    seat: int,
    standard_says: bool,
    rng: random.Random,
    start: float,
    budget_ms: float,
    deterministic: bool,
) -> bool:
    """Blind Nil or look, by the playout search (with a bid's budget): double dummy
    cannot tell the Nil's tricks from its partner's."""
    budget = expert.playout_budget(start, budget_ms * BID_SHARE, deterministic)
    return expert.search_blind_nil(t, seat, standard_says, rng, budget, winchance.value)
