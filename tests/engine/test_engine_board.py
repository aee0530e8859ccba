"""A duplicate board: a game of one hand (Ruleset.hands) and its board score (board_score)."""

import random

import pytest

from games.engine import FINISHED, Ruleset, board_score, hand_breakdown, new_game, replay

from .factories import bid_all, play_out, sweep

BOARD = Ruleset(hands=1, bag_limit=0, blind_nil=False)
NO_BLIND = (False, False, False, False)


def test_a_one_hand_game_ends_after_its_hand_with_the_higher_score_winning():
    rng = random.Random(7)
    for seed in range(20):
        state = play_out(new_game(BOARD, f"board {seed}", first_dealer=seed % 4), rng)
        assert state.phase == FINISHED and state.turn is None and len(state.results) == 1
        high = max(state.scores)
        expected = None if min(state.scores) == high else state.scores.index(high)
        assert state.winner == expected


def test_equal_scores_after_the_last_hand_are_a_draw():
    # Seat 0 holds every spade and takes all 13 tricks. Team 0 bid 2 + 1: 30 and 10 bags;
    # team 1 made a Nil (+100) and was set on 6 (-60): 40 to 40.
    state = bid_all(sweep(0, ruleset=BOARD), {0: 2, 1: 0, 2: 1, 3: 6})
    state = play_out(state, random.Random(1))
    assert state.phase == FINISHED and state.turn is None
    assert state.scores == (40, 40) and state.winner is None
    # The board counts those 10 bags against team 0.
    hand = state.results[0]
    score = board_score(BOARD, bids=hand.bids, blind=hand.blind, tricks=hand.tricks)
    assert score.points == (20, 40) and score.result == (-20, 20)


def test_a_game_without_a_hand_limit_goes_on_after_equal_scores():
    state = new_game(Ruleset(), "x", first_dealer=0)
    assert state.ruleset.hands == 0
    rng = random.Random(3)
    state = play_out(state, rng)
    assert state.phase != FINISHED or max(state.scores) >= 500


def test_the_hand_limit_is_checked_like_every_option():
    assert Ruleset(hands=50).hands == 50
    with pytest.raises(ValueError, match=r"^Hands must be between 0 and 50"):
        Ruleset(hands=51)
    with pytest.raises(ValueError, match=r"^Hands must be a whole number"):
        Ruleset(hands=True)


@pytest.mark.parametrize(
    ("bids", "tricks", "points"),
    [
        # Team 0 made 5 with 2 overtricks: 50 - 2 (a bag costs a point). Team 1 made its
        # 4 (+40) but its Nil took 2 tricks: -100, and those 2 tricks are bags (-2).
        ((3, 4, 2, 0), (4, 4, 3, 2), (48, -62)),
        # Team 0 made exactly; team 1 with one overtrick.
        ((3, 3, 3, 3), (3, 3, 3, 4), (60, 59)),
    ],
)
def test_board_score_costs_a_point_a_bag(bids, tricks, points):
    score = board_score(BOARD, bids=bids, blind=NO_BLIND, tricks=tricks)
    teams = hand_breakdown(BOARD, bids=bids, blind=NO_BLIND, tricks=tricks, bags=(0, 0))
    for team in (0, 1):
        # The game's count of the hand, with each bag's +1 turned into -1.
        assert score.points[team] == teams[team].points - 2 * teams[team].bags_taken
    assert score.points == points
    assert score.result == (points[0] - points[1], points[1] - points[0])


def test_board_score_of_nils_and_failed_nils():
    # Seat 0 bid Nil and took 2 (failed: -100, and its 2 tricks are bags: -2); seat 2 bid
    # 4 and took 4 (+40). Team 1 bid 3 + 3 and took 7: 60 - 1.
    score = board_score(BOARD, bids=(0, 3, 4, 3), blind=NO_BLIND, tricks=(2, 4, 4, 3))
    assert score.points == (40 - 100 - 2, 60 - 1)
    assert score.result == (-62 - 59, 59 + 62)
    assert sum(score.result) == 0


def test_blind_nil_doubles_and_no_bag_penalty_ever_applies():
    rules = Ruleset(hands=1, bag_limit=1, bag_penalty=500, blind_nil_min_deficit=0)
    score = board_score(
        rules, bids=(0, 1, 1, 1), blind=(True, False, False, False), tricks=(0, 11, 1, 1)
    )
    # Blind Nil made (+200), seat 2 made 1 exactly; team 1 bid 2, took 12: 20 - 10 bags.
    assert score.points == (200 + 10, 20 - 10)


def test_a_played_board_scores_from_its_own_result():
    rng = random.Random(11)
    for seed in range(10):
        state = play_out(new_game(BOARD, f"b{seed}", first_dealer=1), rng)
        hand = state.results[0]
        score = board_score(BOARD, bids=hand.bids, blind=hand.blind, tricks=hand.tricks)
        assert sum(score.result) == 0
        # The game counted bags at +1 with no bag limit: exactly 2 points a bag apart.
        for team in (0, 1):
            assert hand.points[team] - score.points[team] == 2 * hand.outcome.bags_taken[team]
        assert replay(BOARD, f"b{seed}", [], first_dealer=1).hand_seed == hand.seed
