"""Benchmark of games.history: building finished games' export documents from their logs
and replaying documents with the engine, per preset; prints documents per second and their
size (the replay page embeds one, the NDJSON listing streams up to 100 a page).

Run from the repository root: python bench/history.py [--games N] [--seed S]
"""

import argparse
import gzip
import json
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make the repository root importable.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import (
    FINISHED,
    PRESETS,
    Bid,
    action_to_dict,
    apply_action,
    legal_actions,
    new_game,
)
from games.history import export_document, imported_scores

GAME = {"id": 1, "kind": "casual", "ranked": False, "created_at": None, "started_at": None,
        "finished_at": None}  # fmt: skip
SEATS = [{"seat": seat, "name": f"player{seat}", "bot": None} for seat in range(4)]


def random_log(preset: str, seed: bytes, rng: random.Random) -> list[tuple[int, dict]]:
    state = new_game(PRESETS[preset], seed)
    log = []
    while state.phase != FINISHED:
        actions = legal_actions(state)
        # Low bids, as people bid: uniform bids are mostly set and end games in a hand or two.
        low = [a for a in actions if type(a) is Bid and a.tricks <= 4]
        action = rng.choice(low if low and rng.random() < 0.9 else actions)
        log.append((action.seat, action_to_dict(action)))
        state = apply_action(state, action)
    return log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("per preset: hands a game; hands exported and imported a second; size a hand")
    print(f"{'preset':<18} {'hands':>6} {'export/s':>9} {'import/s':>9} {'KB':>6} {'KB gz':>6}")
    for preset in PRESETS:
        games = []
        for _ in range(args.games):
            seed = rng.randbytes(32)
            games.append((seed, random_log(preset, seed, rng)))
        game = {**GAME, "preset": preset, "ruleset": PRESETS[preset].to_dict()}
        start = time.perf_counter()
        documents = [
            export_document(game=game, seats=SEATS, seed=seed, log=log) for seed, log in games
        ]
        exported = time.perf_counter() - start
        start = time.perf_counter()
        for document in documents:
            imported_scores(document)
        imported = time.perf_counter() - start
        sizes = [json.dumps(d, separators=(",", ":")).encode() for d in documents]
        hands = sum(len(d["hands"]) for d in documents)
        raw = sum(map(len, sizes)) / hands / 1024
        packed = sum(len(gzip.compress(s)) for s in sizes) / hands / 1024
        print(
            f"{preset:<18} {hands / len(games):>6.1f} {hands / exported:>9.0f} "
            f"{hands / imported:>9.0f} {raw:>6.2f} {packed:>6.2f}"
        )


if __name__ == "__main__":
    main()
