"""Every level only ever returns a legal action, whatever the game and the rules."""

import random

from hypothesis import given, settings, strategies as st

from games.bots import get_bot
from games.engine import (
    FINISHED,
    PRESETS,
    Ruleset,
    action_to_dict,
    apply_action,
    new_game,
    view_for,
)

FAST = {"random": get_bot("random"), "standard": get_bot("standard")}
# Small deterministic budgets keep the test quick: the double-dummy expert's lets it solve
# the last 8 tricks double dummy; the playout expert's buys a few playouts.
EXPERTS = {
    "expert": get_bot("expert", budget_ms=40, deterministic=True),
    "expert-mc": get_bot("expert-mc", budget_ms=4, deterministic=True),
}


def play(ruleset, seed, bots, max_actions):
    rngs = [random.Random(f"{seed}-{seat}") for seat in range(4)]
    state = new_game(ruleset, f"legal-{seed}")
    for _ in range(max_actions):
        if state.phase == FINISHED:
            break
        seat = state.turn
        view = view_for(state, seat)
        action = bots[seat](view, ruleset, rngs[seat])
        assert action.seat == seat
        assert action_to_dict(action) in view["legal"]
        state = apply_action(state, action)
    return state


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    levels=st.lists(st.sampled_from(sorted(FAST)), min_size=4, max_size=4),
    preset=st.sampled_from(sorted(PRESETS)),
)
def test_random_and_standard_play_whole_games_legally(seed, levels, preset):
    state = play(Ruleset.preset(preset), seed, [FAST[level] for level in levels], 5000)
    assert state.phase == FINISHED


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    expert_seats=st.sets(st.integers(0, 3), min_size=1),
    preset=st.sampled_from(sorted(PRESETS)),
    level=st.sampled_from(sorted(EXPERTS)),
)
def test_experts_play_legally(seed, expert_seats, preset, level):
    bots = [EXPERTS[level] if seat in expert_seats else FAST["standard"] for seat in range(4)]
    # Two hands: bidding, play, and the next deal with the scores of the first.
    play(Ruleset.preset(preset), seed, bots, 120)
