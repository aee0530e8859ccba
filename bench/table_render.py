"""Benchmark of the table push: what the consumer does per viewer per change, i.e.
games.selectors.game_payload + games.presenters.table + rendering the table template
(games.frames.table_html).

Run from the repository root: python bench/table_render.py [--renders N] (DEBUG=0 unless set)

Renders the table of a game in its fifth hand, mid-trick (score sheet, hand result and
all), for a player and for a spectator, and prints milliseconds per render. No database:
the snapshot is built from an engine state, as games.selectors.game_snapshot builds it.
"""

import argparse
import os
import random
import secrets
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "0")  # the production configuration (templates not reloaded)
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(40))


def mid_game_state():
    from games.engine import Ruleset, apply_action, legal_actions, new_game

    rng = random.Random(7)
    state = new_game(Ruleset(target_score=1000, losing_score=-1000), b"\x05" * 32)
    while not (state.hand_number == 5 and state.phase == "playing" and len(state.tricks) == 6):
        actions = [a for a in legal_actions(state) if type(a).__name__ != "Look"]
        state = apply_action(state, rng.choice(actions))
    return state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--renders", type=int, default=3000)
    args = parser.parse_args()

    import django

    django.setup()
    from games.frames import table_html
    from games.selectors import game_payload

    state = mid_game_state()
    snapshot = {
        "id": 1, "status": "playing", "version": state.version, "private": False,
        "preset": "classic", "ranked": True, "ruleset": state.ruleset.to_dict(),
        "extras": {"ratings": [1500, 1490, 1520, 1510]}, "state": state.to_dict(),
        "turn_deadline": None, "winner": None, "rematch": None, "owner_seat": None,
        "held_seats": [],
        "seats": [
            {"seat": n, "user_id": n + 1, "name": f"player{n}", "bot": None, "away": False}
            for n in range(4)
        ],
    }  # fmt: skip
    for label, seat in (("player", state.turn), ("spectator", None)):
        started = time.perf_counter()
        for _ in range(args.renders):
            payload = game_payload(snapshot, seat)
            html = table_html(payload, invite=None, logged_in=True, oob=True)
        ms = (time.perf_counter() - started) * 1000 / args.renders
        print(f"{label:9}: {ms:.2f} ms per push ({len(html) / 1024:.1f} KB of HTML), hand 5")


if __name__ == "__main__":
    main()
