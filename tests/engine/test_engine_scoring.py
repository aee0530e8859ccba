"""Scoring one hand (RULES.md "Scoring one hand"), worked examples first."""

import json
import random

import pytest
from hypothesis import given, strategies as st

from games.engine import (
    GameState,
    HandResult,
    NilScore,
    Ruleset,
    apply_action,
    bags_before_penalty,
    hand_breakdown,
    hand_outcome,
    legal_actions,
    new_game,
    score_hand,
    side_contract,
)

CLASSIC = Ruleset()
NO_BLIND = (False, False, False, False)


def team0(rules=CLASSIC, *, bids, tricks, score=0, bags=0, blind=NO_BLIND):
    """Score a hand and return team 0's (points, score, bags, penalties, boston)."""
    # Team 1 bids 1 + 1 and takes what is left, so team 0's numbers stand alone.
    result = score_hand(
        rules,
        bids=(bids[0], 1, bids[1], 1),
        blind=blind,
        tricks=(tricks[0], 13 - sum(tricks), tricks[1], 0),
        scores=(score, 0),
        bags=(bags, 0),
    )
    return (
        result.points[0],
        result.scores[0],
        result.bags[0],
        result.penalties[0],
        result.boston[0],
    )


@pytest.mark.parametrize(
    ("taken", "score", "bags", "points"),
    [(7, 389, 9, 52), (8, 290, 0, 53 - 100), (9, 291, 1, 54 - 100)],
)
def test_worked_examples_bid_5(taken, score, bags, points):
    # Team at 337 points with 7 bags bids 5 (3 + 2).
    got = team0(bids=(3, 2), tricks=(taken - 2, 2), score=337, bags=7)
    assert got[:3] == (points, score, bags)
    assert got[3] == (1 if taken >= 8 else 0)


def test_worked_example_set():
    assert team0(bids=(4, 3), tricks=(3, 2), score=100)[:3] == (-70, 30, 0)


def test_made_exactly_and_overtricks():
    assert team0(bids=(4, 2), tricks=(4, 2))[:3] == (60, 60, 0)
    assert team0(bids=(4, 2), tricks=(5, 3))[:3] == (62, 62, 2)


def test_nil_made_and_failed():
    # Nil made: +100 on top of the partner's contract.
    assert team0(bids=(0, 4), tricks=(0, 5))[:3] == (100 + 41, 141, 1)
    # Nil failed: -100, and its 2 tricks are bags (+1 point each) that do not help
    # the partner's contract, which is still made with their own 4.
    assert team0(bids=(0, 4), tricks=(2, 4))[:3] == (-100 + 2 + 40, -58, 2)


def test_set_with_failed_nil():
    # The partner takes 2 of 4; the Nil bidder's 2 tricks do not count for them.
    assert team0(bids=(0, 4), tricks=(2, 2))[:3] == (-100 + 2 - 40, -138, 2)


def test_nil_tricks_count_for_partner_option():
    rules = Ruleset(nil_tricks_count_for_partner=True)
    # Now the Nil bidder's 2 tricks make the contract and are not bags on their own.
    assert team0(rules, bids=(0, 4), tricks=(2, 2))[:3] == (-100 + 40, -60, 0)
    assert team0(rules, bids=(0, 4), tricks=(2, 3))[:3] == (-100 + 41, -59, 1)
    # Made Nil: nothing changes.
    assert team0(rules, bids=(0, 4), tricks=(0, 5))[:3] == (141, 141, 1)


def test_blind_nil():
    blind = (True, False, False, False)
    assert team0(bids=(0, 3), tricks=(0, 3), blind=blind)[:3] == (230, 230, 0)
    assert team0(bids=(0, 3), tricks=(1, 3), blind=blind)[:3] == (-200 + 1 + 30, -169, 1)


def test_nil_values_are_options():
    rules = Ruleset(nil_value=50, blind_nil_value=150)
    assert team0(rules, bids=(0, 3), tricks=(0, 3))[0] == 80
    assert team0(rules, bids=(0, 3), tricks=(0, 3), blind=(True,) + (False,) * 3)[0] == 180


def test_double_nil():
    # Both partners Nil: contract 0; each Nil is scored on its own.
    assert team0(bids=(0, 0), tricks=(0, 0))[:3] == (200, 200, 0)
    assert team0(bids=(0, 0), tricks=(0, 3))[:3] == (100 - 100 + 3, 3, 3)
    assert team0(bids=(0, 0), tricks=(2, 3))[:3] == (-200 + 5, -195, 5)
    rules = Ruleset(nil_tricks_count_for_partner=True)
    assert team0(rules, bids=(0, 0), tricks=(2, 3))[:3] == (-200 + 5, -195, 5)


def test_several_bag_penalties_in_one_hand():
    # Contract 1 and a made Nil; 12 overtricks on top of 9 bags: 21 -> 2 penalties.
    got = team0(bids=(1, 0), tricks=(13, 0), score=0, bags=9)
    assert got == (10 + 12 + 100 - 200, -78, 1, 2, True)
    small = Ruleset(bag_limit=3, bag_penalty=50)
    # 2 + 12 = 14 bags: 4 penalties, 2 left.
    assert team0(small, bids=(1, 0), tricks=(13, 0), bags=2)[1:4] == (122 - 200, 2, 4)


def test_bag_limit_zero_means_no_penalty():
    rules = Ruleset(bag_limit=0)
    assert team0(rules, bids=(1, 0), tricks=(13, 0), bags=30)[1:4] == (122, 42, 0)


def test_failed_nil_bags_count_toward_penalty():
    # 9 bags + 1 trick of a failed Nil = 10: penalty.
    assert team0(bids=(0, 3), tricks=(1, 3), bags=9)[1:4] == (-100 + 1 + 30 - 100, 0, 1)


def test_boston():
    assert team0(bids=(6, 7), tricks=(6, 7))[4] is True
    assert team0(bids=(6, 6), tricks=(6, 6))[4] is False
    bonus = Ruleset(boston_bonus=250)
    assert team0(bonus, bids=(6, 7), tricks=(6, 7))[:2] == (130 + 250, 380)
    # A failed Nil's tricks are still the team's: all 13 is a Boston.
    assert team0(bids=(0, 7), tricks=(5, 8))[4] is True


def test_both_teams_at_once():
    result = score_hand(
        CLASSIC,
        bids=(3, 4, 2, 0),
        blind=(False, False, False, True),
        tricks=(3, 6, 4, 0),
        scores=(100, -50),
        bags=(8, 0),
    )
    assert result.points == (52 - 100, 42 + 200)
    assert result.scores == (52, 192)
    assert result.bags == (0, 2)
    assert result.penalties == (1, 0)
    assert result.boston == (False, False)


def test_wrong_lengths():
    with pytest.raises(ValueError):
        score_hand(
            CLASSIC, bids=(1, 1, 1), blind=NO_BLIND, tricks=(1,) * 4, scores=(0, 0), bags=(0, 0)
        )


def reference(rules, bids, blind, tricks, scores, bags):
    """RULES.md's steps 1-5 written out again, per team."""
    out = []
    for team in (0, 1):
        seats = [team, team + 2]
        nils = [s for s in seats if bids[s] == 0]
        others = [s for s in seats if bids[s] != 0]
        contract = sum(bids[s] for s in others)
        if rules.nil_tricks_count_for_partner:
            counted = sum(tricks[s] for s in seats)
        else:
            counted = sum(tricks[s] for s in others)
        new_bags = bags[team]
        if counted >= contract:
            points = 10 * contract + (counted - contract)
            new_bags += counted - contract
        else:
            points = -10 * contract
        for s in nils:
            value = rules.blind_nil_value if blind[s] else rules.nil_value
            points += value if tricks[s] == 0 else -value
            if not rules.nil_tricks_count_for_partner:
                points += tricks[s]
                new_bags += tricks[s]
        penalties = 0
        while rules.bag_limit and new_bags >= rules.bag_limit:
            new_bags -= rules.bag_limit
            points -= rules.bag_penalty
            penalties += 1
        boston = sum(tricks[s] for s in seats) == 13
        if boston:
            points += rules.boston_bonus
        out.append((points, scores[team] + points, new_bags, penalties, boston))
    return out


@st.composite
def hands(draw):
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    tricks = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
    bids = tuple(draw(st.lists(st.integers(0, 13), min_size=4, max_size=4)))
    blind = tuple(draw(st.booleans()) and bid == 0 for bid in bids)
    return bids, blind, tricks


rulesets = st.builds(
    Ruleset,
    nil_value=st.integers(0, 300),
    blind_nil_value=st.integers(0, 400),
    bag_limit=st.integers(0, 12),
    bag_penalty=st.integers(0, 200),
    nil_tricks_count_for_partner=st.booleans(),
    boston_bonus=st.integers(0, 500),
)


@given(
    rules=rulesets,
    hand=hands(),
    scores=st.tuples(st.integers(-500, 800), st.integers(-500, 800)),
    bags=st.tuples(st.integers(0, 9), st.integers(0, 9)),
)
def test_matches_reference(rules, hand, scores, bags):
    bids, blind, tricks = hand
    result = score_hand(rules, bids=bids, blind=blind, tricks=tricks, scores=scores, bags=bags)
    expected = reference(rules, bids, blind, tricks, scores, bags)
    assert [
        (result.points[t], result.scores[t], result.bags[t], result.penalties[t], result.boston[t])
        for t in (0, 1)
    ] == expected


def test_outcome_contracts_bags_and_nils():
    # Team 0: Nil failed with 2 tricks, partner bid 4 took 4; team 1: bid 3 + 4, took 3.
    outcome = hand_outcome(CLASSIC, (0, 3, 4, 4), (2, 3, 4, 0))
    assert outcome.contract == (4, 7)
    assert outcome.made == (True, False)
    assert outcome.bags_taken == (2, 0)  # the failed Nil's tricks
    assert outcome.nil_made == (False, None, None, None)
    assert side_contract(CLASSIC, (0, 3, 4, 4), (2, 3, 4, 0), 0) == (4, 4)
    # When a Nil's tricks count for the partner, they are not bags but count to the contract.
    counting = Ruleset(nil_tricks_count_for_partner=True)
    assert hand_outcome(counting, (0, 3, 5, 4), (2, 3, 4, 0)).made == (True, False)
    assert hand_outcome(counting, (0, 3, 5, 4), (2, 3, 4, 0)).bags_taken == (1, 0)
    assert side_contract(counting, (0, 3, 5, 4), (2, 3, 4, 0), 0) == (5, 6)
    # Seats still to bid add nothing (bots ask in the middle of the bidding).
    assert side_contract(CLASSIC, (None, 3, 5, None), (0, 0, 0, 0), 1) == (3, 0)


def test_both_nil_team_has_no_contract_and_makes_it():
    outcome = hand_outcome(CLASSIC, (0, 6, 0, 7), (0, 6, 1, 6))
    assert outcome.contract == (0, 13)
    assert outcome.made == (True, False)
    assert outcome.bags_taken == (1, 0)
    assert outcome.nil_made == (True, None, False, None)


@given(rules=rulesets, hand=hands(), bags=st.tuples(st.integers(0, 9), st.integers(0, 9)))
def test_outcome_is_what_the_score_counts(rules, hand, bags):
    bids, blind, tricks = hand
    result = score_hand(rules, bids=bids, blind=blind, tricks=tricks, scores=(0, 0), bags=bags)
    outcome = hand_outcome(rules, bids, tricks)
    assert result.outcome == outcome
    for team in (0, 1):
        contract, counted = side_contract(rules, bids, tricks, team)
        assert (outcome.contract[team], outcome.made[team]) == (contract, counted >= contract)
        # Bags after the hand, plus what the penalties took off, minus those before.
        taken = result.bags[team] + rules.bag_limit * result.penalties[team] - bags[team]
        assert outcome.bags_taken[team] == taken
    for seat in range(4):
        assert outcome.nil_made[seat] == (tricks[seat] == 0 if bids[seat] == 0 else None)


def test_stored_results_get_their_outcome_under_the_games_ruleset():
    # A finished hand as Game.state stores it: the outcome is not stored but worked out.
    # Team 0's Nil fails with 2 tricks, its partner bid 5 and took 4.
    stored = {
        "hand_number": 1,
        "dealer": 3,
        "bids": [0, 3, 5, 4],
        "blind": [False, False, False, False],
        "tricks": [2, 3, 4, 4],
        "points": [-100 + 2 - 50, 70],
        "scores": [-148, 70],
        "bags": [2, 0],
        "penalties": [0, 0],
        "boston": [False, False],
        "seed": "00" * 32,
        "commitment": "0" * 64,
    }
    result = HandResult.from_dict(stored, CLASSIC)
    assert result.outcome == hand_outcome(CLASSIC, (0, 3, 5, 4), (2, 3, 4, 4))
    assert result.outcome.made == (False, True) and result.outcome.bags_taken == (2, 0)
    assert result.to_dict() == stored
    counting = Ruleset(nil_tricks_count_for_partner=True)
    assert HandResult.from_dict(stored, counting).outcome.made == (True, True)


def test_a_stored_game_loads_with_the_outcomes_of_its_hands():
    rules = Ruleset(nil_tricks_count_for_partner=True, losing_score=None)
    state = new_game(rules, "outcomes")
    rng = random.Random(2)
    while len(state.results) < 3:
        state = apply_action(state, rng.choice(legal_actions(state)))
    data = json.loads(json.dumps(state.to_dict()))
    assert all(set(hand) == set(data["results"][0]) for hand in data["results"])
    assert "outcome" not in data["results"][0]
    loaded = GameState.from_dict(data)
    assert loaded == state
    for result in loaded.results:
        assert result.outcome == hand_outcome(rules, result.bids, result.tricks)


# The line-by-line breakdown (the hand-result panel) is what score_hand adds up.


def test_breakdown_of_a_made_contract_a_failed_blind_nil_and_a_bag_penalty():
    # Team 0: 5 + Blind Nil, takes 6 + 1 (the Blind Nil fails); bags 8 before the hand.
    # Team 1: 3 + 2, takes 3 + 3.
    team, other = hand_breakdown(
        CLASSIC,
        bids=(5, 3, 0, 2),
        blind=(False, False, True, False),
        tricks=(6, 3, 1, 3),
        bags=(8, 0),
    )
    assert (team.contract, team.counted, team.made, team.contract_points) == (5, 6, True, 50)
    assert team.bags_taken == 2  # one overtrick, one trick of the failed Blind Nil
    assert team.nils == (NilScore(seat=2, blind=True, made=False, points=-200),)
    assert (team.penalties, team.penalty_points, team.bags) == (1, -100, 0)
    assert team.points == 50 + 2 - 200 - 100
    assert (other.contract, other.counted, other.made, other.contract_points) == (5, 6, True, 50)
    assert (other.bags_taken, other.points, other.bags) == (1, 51, 1)


def test_a_set_contract_scores_minus_ten_a_trick_bid_and_takes_no_bags():
    team, _ = hand_breakdown(
        CLASSIC, bids=(4, 1, 3, 1), blind=NO_BLIND, tricks=(3, 5, 2, 3), bags=(0, 0)
    )
    assert (team.made, team.contract_points, team.bags_taken, team.points) == (False, -70, 0, -70)


def test_bags_before_penalty():
    assert bags_before_penalty(CLASSIC, 7) == 3
    assert bags_before_penalty(Ruleset(bag_limit=0), 7) is None


@given(
    bids=st.tuples(*[st.integers(0, 13)] * 4),
    cuts=st.lists(st.integers(0, 13), min_size=3, max_size=3).map(sorted),
    blind=st.tuples(*[st.booleans()] * 4),
    bags=st.tuples(st.integers(0, 9), st.integers(0, 9)),
)
def test_score_hand_is_the_sum_of_the_breakdown(bids, cuts, blind, bags):
    # 13 tricks cut in four piles.
    tricks = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
    teams = hand_breakdown(CLASSIC, bids=bids, blind=blind, tricks=tricks, bags=bags)
    score = score_hand(CLASSIC, bids=bids, blind=blind, tricks=tricks, scores=(0, 0), bags=bags)
    assert score.points == tuple(team.points for team in teams)
    assert score.bags == tuple(team.bags for team in teams)
    for team in teams:
        assert team.points == (
            team.contract_points
            + team.bags_taken
            + sum(nil.points for nil in team.nils)
            + team.penalty_points
            + team.boston_points
        )
