"""A whole game of each variant preset (and of the Nil pass) played by bots through the
services, to its end: the hands stored per side, the winner a side."""

import pytest

from games.engine import Ruleset
from games.models import Game
from games.services import tables
from tests.games.finished import play

pytestmark = pytest.mark.django_db

SHORT = {"hands": 3}  # a fixed number of hands keeps each game short


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("jokers", SHORT),
        ("mirror", SHORT),
        ("whiz", SHORT),
        ("solo", SHORT),
        ("classic", {**SHORT, "nil_pass": 2}),
        ("suicide", {**SHORT, "nil_pass": 1}),
    ],
)
@pytest.mark.parametrize("level", ["random", "standard"])
def test_a_variant_game_plays_to_its_end(preset, options, level):
    game = play(tables.game_create_seated(players=[level] * 4, preset=preset, options=options))
    rules = Ruleset.from_dict(game.ruleset)
    assert game.status == Game.Status.FINISHED
    hands = list(game.hands.all())
    assert 1 <= len(hands) <= 3  # a losing score may end it sooner
    for hand in hands:
        assert len(hand.points) == len(hand.scores) == len(hand.bags) == rules.sides
        assert len(hand.penalties) == len(hand.boston) == rules.sides
    assert game.winner is None or 0 <= game.winner < rules.sides
    assert list(hands[-1].scores) == game.state["scores"]
