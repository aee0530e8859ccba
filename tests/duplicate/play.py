"""Playing a daily board in-process, as the worker and a person would, for the tests."""

import random

from django.test import TestCase

from games.bots import get_bot
from games.engine import action_to_dict, view_for
from games.models import Game
from games.services import play


def person_move(game: Game, seat: int, rng: random.Random) -> dict:
    """What the person at `seat` plays: the standard bot's choice with their own rng (a
    person is no bot: the tests only need someone whose moves they can repeat)."""
    view = view_for(game.engine_state, seat)
    return action_to_dict(get_bot("standard")(view, game.rules, rng))


def play_board(game_id: int, user, *, seed: int = 0, moves: int | None = None) -> Game:
    """Plays the game on: the bots' moves through games' own autoplay (as the worker runs
    it), the person's through game_act. Stops at the end, or after `moves` of the person's.
    The on-commit hooks run as they would after a real commit (games.signals.game_finished
    records the board), also inside a test's transaction."""
    rng = random.Random(seed)
    made = 0
    while True:
        game = Game.objects.get(pk=game_id)
        if game.status == Game.Status.FINISHED:
            return game
        seat = game.seats.get(position=game.state["turn"])
        if seat.user_id == user.pk and not seat.away:
            if moves is not None and made >= moves:
                return game
            with TestCase.captureOnCommitCallbacks(execute=True):
                data = person_move(game, seat.position, rng)
                play.game_act(game_id=game_id, user=user, data=data)
            made += 1
        else:
            with TestCase.captureOnCommitCallbacks(execute=True):
                play.game_autoplay(game_id=game_id, version=game.version, timeout=False)


def play_out(game_id: int, *, seed: int = 0) -> Game:
    """Plays a game to its end: each person seated plays their own cards (person_move),
    the bots move through games' autoplay; on-commit hooks run as after a real commit."""
    rng = random.Random(seed)
    while True:
        game = Game.objects.get(pk=game_id)
        if game.status == Game.Status.FINISHED:
            return game
        seat = game.seats.select_related("user").get(position=game.state["turn"])
        with TestCase.captureOnCommitCallbacks(execute=True):
            if seat.user_id is not None and not seat.away:
                data = person_move(game, seat.position, rng)
                play.game_act(game_id=game_id, user=seat.user, data=data)
            else:
                play.game_autoplay(game_id=game_id, version=game.version, timeout=False)
