"""Finished games to analyse, played through the real services by standard bots."""

from django.db import transaction

from games.engine import new_game
from games.models import Game
from games.services import tables
from tests.games.finished import play

# Short games (one team reaches 100 or falls to -50) on a fixed seed whose deals the
# solver works through in seconds, so that the tests stay quick.
OPTIONS = {"target_score": 100, "losing_score": -50}
SEED = "03" * 32


def playing_game(players: list, *, private: bool = False, seed: str = SEED) -> Game:
    """A game in play on a fixed seed; people's seats are played by a bot (away).

    One transaction: a worker that is running gets the first bot move only once the
    seed is in place."""
    with transaction.atomic():
        game = tables.game_create_seated(
            players=players, options=OPTIONS, private=private, created_by=None
        )
        game.seed = seed
        game.state = new_game(game.rules, bytes.fromhex(seed)).to_dict()
        game.save()
        game.seats.filter(user__isnull=False).update(away=True)
    return game


def finished_game(players: list, *, private: bool = False, seed: str = SEED) -> Game:
    return play(playing_game(players, private=private, seed=seed))
