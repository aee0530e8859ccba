"""CPU per action outside Daphne, as a Celery worker makes a bot's move: the service
(locked read, action log, new state), then the push to the channel layer. Games of four
people play through games.services.play.game_act in this one process; PostgreSQL and Redis
as given.

Run from the repository root, with a database and a Redis database of the bench's own:
  export DATABASE_URL=postgres://postgres@127.0.0.1:5432/spades_bench
  export REDIS_URL=redis://127.0.0.1:6379/5
  python bench/actions.py [--games 4] [--actions 150]
"""

import argparse
import os
import random
import secrets
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/load.py's helpers
os.environ.setdefault("DEBUG", "0")  # the production configuration
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(40))

from load import create_tables, delete_tables, setup_django


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--actions", type=int, default=150, help="per game (default 150)")
    args = parser.parse_args()
    setup_django()
    from games.models import Game
    from games.selectors import game_payload, game_snapshot
    from games.services import play as game_play

    run = secrets.token_hex(4)
    rng = random.Random(0)
    cpu = wall = 0.0
    actions = 0
    try:
        for table in create_tables(args.games, run):
            players = [s.user for s in Game.objects.get(pk=table.game).seats.order_by("position")]
            for _ in range(args.actions):
                game = Game.objects.get(pk=table.game)
                if game.status != Game.Status.PLAYING:
                    break
                turn = game.engine_state.turn
                legal = game_payload(game_snapshot(game), turn)["legal"]
                action = dict(rng.choice([a for a in legal if a["type"] != "look"]))
                action.pop("seat", None)
                cpu_start, wall_start = time.process_time(), time.perf_counter()
                game_play.game_act(game_id=game.pk, user=players[turn], data=action)
                cpu += time.process_time() - cpu_start
                wall += time.perf_counter() - wall_start
                actions += 1
    finally:
        delete_tables(run)
    print(
        f"{actions} actions: {1000 * cpu / actions:.2f} ms CPU each (this process, all its "
        f"threads), {1000 * wall / actions:.2f} ms wall"
    )


if __name__ == "__main__":
    main()
