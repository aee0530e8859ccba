"""Benchmark of the double-dummy analysis (analysis.review): a whole bot game of at least
10 hands analysed on one core; prints seconds per game and per hand, the slowest solve,
and how much of it the expert's suggestions take.

    python bench/analysis.py [--seed S] [--hands 10]

Target: a 10-hand game in at most 20 s. The game is played by standard bots from a fixed
seed with a target score high enough for the hands asked for. Run from the repository root.
"""

import argparse
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make the repository root importable.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis import review
from games.bots import get_bot
from games.engine import FINISHED, Ruleset, apply_action, new_game, view_for
from games.engine.doubledummy import Solver


def bot_game(seed: str, hands: int) -> tuple[Ruleset, bytes, list]:
    """A game of standard bots that lasts at least `hands` hands (target 1000, no losing
    score); its seed and action log."""
    ruleset = Ruleset(target_score=1000, losing_score=None)
    bot = get_bot("standard")
    game_seed = seed.encode()
    state = new_game(ruleset, game_seed)
    actions = []
    while state.phase != FINISHED and len(state.results) < hands:
        action = bot(view_for(state, state.turn), ruleset, random.Random(f"{seed}:{state.version}"))
        actions.append(action)
        state = apply_action(state, action)
    return ruleset, game_seed, actions


class Timed(Solver):
    """The solver, timing each call the review makes (CPU seconds). A call made inside
    another (judge asks tricks first) is part of the outer one, not counted twice."""

    slowest = 0.0
    total = 0.0
    visited = 0
    _depth = 0

    def _timed(self, method, *args):
        Timed._depth += 1
        start, nodes = time.process_time(), self.nodes
        try:
            return method(*args)
        finally:
            Timed._depth -= 1
            if Timed._depth == 0:
                spent = time.process_time() - start
                Timed.total += spent
                Timed.slowest = max(Timed.slowest, spent)
                Timed.visited += self.nodes - nodes

    def tricks(self, position):
        return self._timed(super().tricks, position)

    def judge(self, position, card):
        return self._timed(super().judge, position, card)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="bench-analysis", help="game seed (text)")
    parser.add_argument("--hands", type=int, default=10, help="hands in the game (default 10)")
    args = parser.parse_args()
    ruleset, seed, actions = bot_game(args.seed, args.hands)
    review.Solver = Timed  # the review builds one solver per hand: time its calls
    per_hand = []
    start = time.process_time()
    for hand_start, hand_actions in review.split_hands(ruleset, seed, actions):
        begin = time.process_time()
        review.review_hand(hand_start, hand_actions, bot_seed=f"bench:{hand_start.hand_number}")
        per_hand.append(time.process_time() - begin)
        print(f"hand {len(per_hand):2}: {per_hand[-1]:6.1f} s", flush=True)
    total = time.process_time() - start
    print(f"{len(per_hand)} hands analysed in {total:.1f} s CPU (target for 10 hands: 20 s)")
    print(f"{total / len(per_hand):.2f} s per hand, slowest hand {max(per_hand):.1f} s")
    print(f"double-dummy solving {Timed.total:.1f} s, slowest single solve {Timed.slowest:.2f} s")
    rate = Timed.visited / Timed.total / 1e6 if Timed.total else 0.0
    print(f"{Timed.visited:,} search nodes, {rate:.1f} million a second")
    print(f"expert suggestions and replay {total - Timed.total:.1f} s")


if __name__ == "__main__":
    main()
