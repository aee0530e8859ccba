"""Benchmark of ranked ratings: simulated games rated through the recompute path's core.

Run from the repository root: python bench/ratings.py [--games N] [--db-games N] [--seed S]

Rates N simulated ranked games (random tables from a pool of people with a hidden skill,
winners drawn from it, some bot seats and abandonments) with ranked.ratings.rate_games,
the very function `manage.py recompute_ratings` runs, and prints games per second. Then
times the full database recompute of a smaller history, on a throwaway SQLite database
(each game row with the final state of an engine game its winner won; an in-process
channel layer takes the game pages' refreshes), and the same games rated as they end.
"""

import argparse
import math
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make the repository root importable.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.helpers.scratch_site import setup_scratch_site
from ranked.ratings import GameInput, SeatInput, Skill, display, rate_games

BOT_LEVELS = ("random", "standard", "expert")
BOT_ACCOUNTS = {level: -1 - index for index, level in enumerate(BOT_LEVELS)}


def simulate(count: int, *, people: int, seed: int, solo: bool = False) -> list[GameInput]:
    """`count` games, each ending a few minutes to hours after the previous one; `solo`:
    Solo games (four individuals placed by a noisy performance of their skill)."""
    rng = random.Random(seed)
    skill = [rng.gauss(0, 0.5) for _ in range(people)]
    bot_skill = {"random": -1.5, "standard": 0.0, "expert": 0.6}
    games, at = [], datetime(2025, 1, 1, tzinfo=UTC).timestamp()
    for number in range(count):
        bots = 0 if rng.random() < 0.8 else rng.randint(1, 3)  # tables filled after a wait
        seats, strength = [], []
        for player in rng.sample(range(people), 4 - bots):
            seats.append(SeatInput(player, "", rng.random() < 0.01))
            strength.append(skill[player])
        for _ in range(bots):
            level = rng.choice(BOT_LEVELS)
            seats.append(SeatInput(BOT_ACCOUNTS[level], level))
            strength.append(bot_skill[level])
        if solo:
            # Normal noise on each skill: the best performance comes first.
            performance = [s + rng.gauss(0, 1) for s in strength]
            places = tuple(1 + sum(o > p for o in performance) for p in performance)
            at += rng.expovariate(1 / 30)
            games.append(GameInput(number, at, places.index(1), tuple(seats), "solo", places))
            continue
        edge = strength[0] + strength[2] - strength[1] - strength[3]
        winner = 0 if rng.random() < 1 / (1 + math.exp(-edge)) else 1
        at += rng.expovariate(1 / 30)  # a busy site: a game ends every 30 s on average
        games.append(GameInput(number, at, winner, tuple(seats)))
    return games


def finished_states(seed: int, per_winner: int = 20) -> tuple[list[dict], list[dict]]:
    """The stored states (Game.state) of finished games, played out by the engine with
    random legal actions and mostly low bids (as people bid), by winning team. A finished
    game's row always holds its state: games.results reads its final scores there."""
    from games.engine import FINISHED, Bid, Ruleset, apply_action, legal_actions, new_game

    rng = random.Random(f"states-{seed}")
    ruleset = Ruleset()
    by_winner: tuple[list[dict], list[dict]] = ([], [])
    while min(len(states) for states in by_winner) < per_winner:
        state = new_game(ruleset, rng.randbytes(32))
        while state.phase != FINISHED:
            actions = legal_actions(state)
            low = [a for a in actions if type(a) is Bid and a.tricks <= 4]
            state = apply_action(state, rng.choice(low if low and rng.random() < 0.9 else actions))
        by_winner[state.winner].append(state.to_dict())
    return by_winner[0][:per_winner], by_winner[1][:per_winner]


def bench_core(count: int, seed: int, *, solo: bool = False) -> tuple[float, dict[int, Skill]]:
    history = simulate(count, people=max(50, count // 20), seed=seed, solo=solo)
    skills: dict[str, dict[int, Skill]] = {}
    started = time.perf_counter()
    for _game, _outcomes in rate_games(history, skills):
        pass
    return time.perf_counter() - started, skills["solo" if solo else "classic"]


def bench_database(count: int, seed: int) -> tuple[float, float, int]:
    """(seconds of `ratings_recompute`, seconds the rating task spent on the same games
    rated ten at a time, games) on a fresh SQLite database in a temporary directory."""
    # Rating a game pushes its page again (games.game_refresh: the rating changes show):
    # to nobody here, through the scratch site's in-process channel layer.
    setup_scratch_site("ratings-bench-")
    from accounts.models import User
    from accounts.services import bots_ensure
    from games.engine import Ruleset
    from games.models import Game, Seat
    from ranked.models import Rating
    from ranked.services import ratings

    bots = {bot.bot_level: bot for bot in bots_ensure()}
    history = simulate(count, people=max(40, count // 20), seed=seed)
    people = User.objects.bulk_create(
        [User(username=f"bench{n}") for n in range(max(40, count // 20))]
    )
    ruleset = Ruleset().to_dict()
    states = finished_states(seed)  # a finished game's row holds its final state
    incremental = 0.0
    for index in range(0, count, 10):  # games end, and the task rates them, ten at a time
        batch = history[index : index + 10]
        rows = Game.objects.bulk_create(
            [
                Game(
                    ruleset=ruleset,
                    status=Game.Status.FINISHED,
                    ranked=True,
                    winner=game.winner,
                    state=states[game.winner][game.game_id % len(states[game.winner])],
                    finished_at=datetime.fromtimestamp(game.finished_at, UTC),
                    started_at=datetime.fromtimestamp(game.finished_at, UTC)
                    - timedelta(minutes=15),
                )
                for game in batch
            ]
        )
        Seat.objects.bulk_create(
            [
                Seat(
                    game=row,
                    position=position,
                    user=None if seat.bot_level else people[seat.player],
                    bot_level=seat.bot_level,
                    away=seat.away,
                )
                for row, game in zip(rows, batch, strict=True)
                for position, seat in enumerate(game.seats)
            ]
        )
        started = time.perf_counter()
        ratings.ratings_rate_pending()
        incremental += time.perf_counter() - started
    before = sorted(Rating.objects.values_list("user_id", "mu", "sigma"))
    started = time.perf_counter()
    rated = ratings.ratings_recompute()
    recompute = time.perf_counter() - started
    assert sorted(Rating.objects.values_list("user_id", "mu", "sigma")) == before, "mismatch"
    assert len(bots) == 3
    return recompute, incremental, rated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--db-games", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    for name, solo in (("core", False), ("core, Solo", True)):
        seconds, skills = bench_core(args.games, args.seed, solo=solo)
        people = [skill for player, skill in skills.items() if player >= 0]
        rate = args.games / seconds
        print(f"{name}: {args.games:,} games rated in {seconds:.2f} s = {rate:,.0f} games/s")
        top = max(display(skill.mu) for skill in people)
        low = min(display(skill.mu) for skill in people)
        print(f"      {len(people):,} players, ratings from {low} to {top}")
    if args.db_games:
        recompute, incremental, rated = bench_database(args.db_games, args.seed)
        print(
            f"database recompute (SQLite): {rated:,} games in {recompute:.2f} s "
            f"= {rated / recompute:,.0f} games/s"
        )
        print(
            f"database incremental, 10 games a task: {rated:,} games in "
            f"{incremental:.2f} s = {rated / incremental:,.0f} games/s "
            "(same ratings as the recompute)"
        )


if __name__ == "__main__":
    main()
