"""Spades bots at three levels, each a `choose_action(view, ruleset, rng) -> action`.

A bot sees only what `games.engine.view_for(state, seat)` shows its seat and returns
one of `view["legal"]` as an engine action (Bid, Look or Play), or in the Nil pass, where
`legal` is `[{"type": "nil_pass", "count": k}]`, a NilPass of k of its cards (the
engine's `seats_to_act` says who owes one: it is nobody's turn). Every level plays every
variant of the ruleset it is given (RULES.md "Variants": the Joker deck, Mirror and Whiz
bids, Solo, the Nil pass, spades led anytime, the minimum team bid):

- "random": a uniformly random legal action (baseline);
- "standard": fast rule-based bidding and play (games.bots.policy);
- "expert": sampled deals searched with the double-dummy solver where it judges well,
  played out with the standard policy where it does not (games.bots.searcher).

BENCH_LEVELS adds levels for benches only, not offered on the site:

- "expert-mc": the expert before the double-dummy one (issue #25), determinized Monte
  Carlo with standard-policy playouts at every decision (games.bots.expert), kept so
  that bench/arena.py can measure the expert against it again.
"""

import functools
import random
from collections.abc import Callable

from games.engine import Action, Ruleset

from . import expert, randombot, searcher, standard

LEVELS = ("random", "standard", "expert")
BENCH_LEVELS = (*LEVELS, "expert-mc")
DEFAULT_BUDGET_MS = searcher.DEFAULT_BUDGET_MS

Bot = Callable[[dict, Ruleset, random.Random], Action]


def get_bot(
    level: str, *, budget_ms: float = DEFAULT_BUDGET_MS, deterministic: bool = False
) -> Bot:
    """The choose_action of a level (of BENCH_LEVELS); budget_ms and deterministic only
    matter to the experts."""
    if level == "random":
        return randombot.choose_action
    if level == "standard":
        return standard.choose_action
    if level == "expert":
        return functools.partial(
            searcher.choose_action, budget_ms=budget_ms, deterministic=deterministic
        )
    if level == "expert-mc":
        return functools.partial(
            expert.choose_action, budget_ms=budget_ms, deterministic=deterministic
        )
    raise ValueError(f"Unknown bot level {level!r} (known: {', '.join(BENCH_LEVELS)})")


def choose_action(
    view: dict,
    ruleset: Ruleset,
    rng: random.Random,
    *,
    level: str = "standard",
    budget_ms: float = DEFAULT_BUDGET_MS,
) -> Action:
    """The action a bot of `level` takes for the viewing seat (whose turn it must be, or
    which owes its Nil pass)."""
    return get_bot(level, budget_ms=budget_ms)(view, ruleset, rng)


__all__ = ["BENCH_LEVELS", "DEFAULT_BUDGET_MS", "LEVELS", "Bot", "choose_action", "get_bot"]
