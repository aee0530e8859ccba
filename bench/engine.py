"""Benchmark of games.engine: random legal games, printing hands and actions per second.

Run from the repository root: python bench/engine.py [--games N] [--seed S]
Then hands per second for each preset and house rule (RULES.md "Variants"), Classic
first: the rules take turns, a round of games each, five rounds, and each rate is the
median of its five (so the machine's ups and downs fall on every rule alike). Also
prints how fast a bot plays a hand out from a mid-hand view, the way the expert does
(games.bots: a sampled deal of the unseen cards on the seat's Table, then the engine's
rules on ints), with random legal cards and with the standard policy.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make the repository root importable.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots.policy import choose_card
from games.bots.sampling import sample_hands
from games.bots.table import Table
from games.engine import (
    FINISHED,
    PASSING,
    PLAYING,
    PRESETS,
    NilPass,
    Ruleset,
    apply_action,
    legal_actions,
    new_game,
    seats_to_act,
    view_for,
)
from games.engine.bits import cards_in
from games.engine.cards import cards_of


def play_random_game(ruleset: Ruleset, seed: str, rng: random.Random) -> tuple[int, int]:
    """Play one game with random legal actions; return (hands, actions)."""
    state = new_game(ruleset, seed)
    choice = rng.choice
    actions = 0
    while state.phase != FINISHED:
        if state.phase == PASSING:
            # Nobody's turn: the first seat owing its cards gives random ones, drawn as a
            # player or bot does (the view names the count, not every choice of cards).
            seat = seats_to_act(state)[0]
            cards = rng.sample(cards_of(state.holdings[seat]), ruleset.nil_pass)
            state = apply_action(state, NilPass(seat, cards))
        else:
            state = apply_action(state, choice(legal_actions(state)))
        actions += 1
    return state.hand_number, actions


# Every preset, then the house rules on Classic.
VARIANTS = {
    **PRESETS,
    "nil_pass=2": Ruleset(nil_pass=2),
    "spades_lead=anytime": Ruleset(spades_lead="anytime"),
    "min_team_bid=4": Ruleset(min_team_bid=4),
}
ROUNDS = 5


def variant_rates(games: int, seed: int) -> dict[str, float]:
    """Hands per CPU second of each variant: ROUNDS interleaved rounds of `games` games
    each, the median round."""
    rates: dict[str, list[float]] = {name: [] for name in VARIANTS}
    for round_number in range(ROUNDS):
        for name, ruleset in VARIANTS.items():
            rng = random.Random(f"{seed}-{name}-{round_number}")
            hands = 0
            cpu = time.process_time()
            for game in range(games):
                seed_text = f"bench-{seed}-{name}-{round_number}-{game}"
                hands += play_random_game(ruleset, seed_text, rng)[0]
            rates[name].append(hands / (time.process_time() - cpu))
    return {name: statistics.median(values) for name, values in rates.items()}


def playouts_per_second(
    ruleset: Ruleset, rng: random.Random, count: int, policy: bool = False
) -> float:
    """Deal the cards one seat cannot see after 3 tricks and play the hand out, `count`
    times: random legal cards, or the standard policy's (`policy`)."""
    state = new_game(ruleset, "playouts")
    while not (state.phase == PLAYING and len(state.tricks) == 3):
        state = apply_action(state, rng.choice(legal_actions(state)))
    seat = state.turn
    table = Table.from_view(view_for(state, seat), ruleset)
    cpu = time.process_time()
    for _ in range(count):
        world = table.copy()
        world.hands = sample_hands(table, seat, rng)
        while world.done < 13:
            turn = world.turn
            world.play(
                choose_card(world, turn) if policy else rng.choice(cards_in(world.legal(turn)))
            )
    return count / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games to play (default 5000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    args = parser.parse_args()
    ruleset = Ruleset()
    rng = random.Random(args.seed)
    hands = actions = 0
    # CPU time is what one core spends; wall time also counts other processes' turns.
    wall, cpu = time.perf_counter(), time.process_time()
    for game in range(args.games):
        game_hands, game_actions = play_random_game(ruleset, f"bench-{args.seed}-{game}", rng)
        hands += game_hands
        actions += game_actions
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{args.games} games, {hands} hands, {actions} actions")
    print(f"{cpu:.2f} s CPU ({wall:.2f} s wall)")
    print(f"{hands / cpu:,.0f} hands/s")
    print(f"{actions / cpu:,.0f} actions/s")
    rate = playouts_per_second(ruleset, rng, max(1, args.games // 5))
    print(f"{rate:,.0f} bot mid-hand play-outs/s (10 tricks each, random legal cards)")
    rate = playouts_per_second(ruleset, rng, max(1, args.games // 25), policy=True)
    print(f"{rate:,.0f} bot mid-hand play-outs/s (10 tricks each, standard policy)")
    per_round = max(1, args.games // (ROUNDS * len(VARIANTS)))
    print(f"hands/s by rules ({ROUNDS} interleaved rounds of {per_round} games, median):")
    rates = variant_rates(per_round, args.seed)
    classic = rates["classic"]
    for name, rate in rates.items():
        print(f"  {name:<20} {rate:>10,.0f} hands/s  {100 * rate / classic:5.1f}% of classic")


if __name__ == "__main__":
    main()
