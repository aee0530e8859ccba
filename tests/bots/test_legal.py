"""Every level only ever returns a legal action, whatever the game and the rules."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from games.bots import get_bot
from games.engine import (
    FINISHED,
    PRESETS,
    Ruleset,
    action_to_dict,
    apply_action,
    new_game,
    seats_to_act,
    view_for,
)

FAST = {"random": get_bot("random"), "standard": get_bot("standard")}
# Small deterministic budgets keep the test quick: the double-dummy expert's lets it solve
# the last 8 tricks double dummy; the playout expert's buys a few playouts.
EXPERTS = {
    "expert": get_bot("expert", budget_ms=40, deterministic=True),
    "expert-mc": get_bot("expert-mc", budget_ms=4, deterministic=True),
}
HAND_AND_A_BIT = 70

# Every preset, and the house rules on Classic (and mixed with the variants they may join).
RULESETS = {
    **PRESETS,
    "nil-pass": Ruleset(nil_pass=2),
    "spades-anytime": Ruleset(spades_lead="anytime"),
    "min-team-bid": Ruleset(min_team_bid=4),
    "suicide-pass-3": Ruleset(suicide=True, nil_pass=3),
    "whiz-jokers-pass": Ruleset(bidding="whiz", deck="jokers", nil_pass=1),
    "solo-jokers-anytime": Ruleset(solo=True, deck="jokers", spades_lead="anytime"),
}


def play(ruleset, seed, bots, max_actions):
    rngs = [random.Random(f"{seed}-{seat}") for seat in range(4)]
    state = new_game(ruleset, f"legal-{seed}")
    for _ in range(max_actions):
        if state.phase == FINISHED:
            break
        # In the Nil pass it is nobody's turn: every seat that owes its pass may act.
        seat = seats_to_act(state)[0]
        view = view_for(state, seat)
        action = bots[seat](view, ruleset, rngs[seat])
        assert action.seat == seat
        if view["legal"][0]["type"] == "nil_pass":
            given = [card.code for card in action.cards]
            assert len(given) == view["legal"][0]["count"] and set(given) <= set(view["hand"])
        else:
            assert action_to_dict(action) in view["legal"]
        state = apply_action(state, action)
    return state


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    levels=st.lists(st.sampled_from(sorted(FAST)), min_size=4, max_size=4),
    rules=st.sampled_from(sorted(RULESETS)),
)
def test_random_and_standard_play_whole_games_legally(seed, levels, rules):
    state = play(RULESETS[rules], seed, [FAST[level] for level in levels], 5000)
    assert state.phase == FINISHED


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    expert_seats=st.sets(st.integers(0, 3), min_size=1),
    rules=st.sampled_from(sorted(RULESETS)),
    level=st.sampled_from(sorted(EXPERTS)),
)
def test_experts_play_legally(seed, expert_seats, rules, level):
    bots = [EXPERTS[level] if seat in expert_seats else FAST["standard"] for seat in range(4)]
    # A hand (its passes and bids, 52 cards), then the next deal's first actions with the
    # scores of the first.
    play(RULESETS[rules], seed, bots, HAND_AND_A_BIT)


@pytest.mark.parametrize("rules", sorted(RULESETS))
def test_each_level_plays_each_variant(rules):
    """Every variant met at least once by every level (hypothesis samples only some)."""
    bots = [EXPERTS["expert"], FAST["random"], EXPERTS["expert-mc"], FAST["standard"]]
    state = play(RULESETS[rules], 11, bots, HAND_AND_A_BIT)
    assert state.hand_number >= 1 or state.phase == "finished"
