"""A whole game of each variant preset (and of the Nil pass) played by bots through the
services, to its end: the hands stored per side, the winner a side."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import archive
from games.engine import Ruleset
from games.models import Game
from games.results import game_result
from games.services import play as play_service, tables
from tests.factories import UserFactory
from tests.games.finished import finished_game, play

pytestmark = pytest.mark.django_db

SHORT = {"hands": 2}  # a fixed number of hands keeps each game short


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
def test_a_variant_game_plays_to_its_end(preset, options):
    # Random bots beside standard ones: odd bids and Nils beside sensible ones, in one game.
    players = ["random", "standard", "standard", "random"]
    game = play(tables.game_create_seated(players=players, preset=preset, options=options))
    rules = Ruleset.from_dict(game.ruleset)
    assert game.status == Game.Status.FINISHED
    hands = list(game.hands.all())
    assert 1 <= len(hands) <= 2  # a losing score may end it sooner
    for hand in hands:
        assert len(hand.points) == len(hand.scores) == len(hand.bags) == rules.sides
        assert len(hand.penalties) == len(hand.boston) == rules.sides
    assert game.winner is None or 0 <= game.winner < rules.sides
    assert list(hands[-1].scores) == game.state["scores"]


def test_a_solo_game_is_recorded_per_seat_in_results_and_the_archive():
    alice = UserFactory()
    game = finished_game([alice, "random", "random", "random"], preset="solo", options=SHORT)
    result = game_result(game.pk) if game.winner is not None else None
    if result is not None:
        assert [seat.team for seat in result.seats] == [0, 1, 2, 3]
        assert len(result.scores) == 4 and result.team_of([alice.pk]) == 0
    won = archive.archive(alice, alice.pk, kind="", result="won", page=None)["rows"]
    lost = archive.archive(alice, alice.pk, kind="", result="lost", page=None)["rows"]
    assert len(won) + len(lost) == 1
    row = (won or lost)[0]
    assert row["won"] == (game.winner == 0) and bool(won) == (game.winner == 0)
    assert row["partner"] is None and len(row["opponents"]) == 3
    scores = game.state["scores"]
    assert (row["score"], row["opponent_score"]) == (scores[0], max(scores[1:]))


def test_classic_results_keep_their_teams():
    alice = UserFactory()
    game = finished_game([alice, "random", "random", "random"], preset="quick")
    result = game_result(game.pk)
    assert [seat.team for seat in result.seats] == [0, 1, 0, 1]
    assert len(result.scores) == 2 and len(game.hands.first().scores) == 2


@pytest.mark.parametrize("preset", ["mirror", "whiz"])
def test_a_missed_mirror_or_whiz_bid_is_the_spade_count(preset):
    """RULES.md: when the turn clock runs out, Whiz bids the spade count (Nil with no
    spade), as Mirror must."""
    game = tables.game_create_seated(players=UserFactory.create_batch(4), preset=preset)
    for _ in range(4):
        state = game.engine_state
        seat = state.turn
        spades = sum(card.suit == "S" for card in state.cards(seat))
        Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
        assert play_service.fire_turn_timeouts() == 1
        game.refresh_from_db()
        assert game.engine_state.bids[seat] == spades
        assert game.actions.last().source == "timeout"
