"""The bots' Table (games.bots.table) follows a hand exactly as the engine plays it."""

import random

from hypothesis import given, settings, strategies as st

from games.bots.table import Table, mask_of_codes
from games.engine import CARDS, Play, Ruleset, apply_action, legal_actions, new_game, view_for
from games.engine.bits import SUIT_MASK, cards_in

PRESETS = ["classic", "suicide", "blind-nil-anytime"]


def test_mask_of_codes():
    assert cards_in(mask_of_codes(["AS", "2C", "10D"])) == [0, 21, 51]


def bid_randomly(state, rng):
    while state.phase == "bidding":
        state = apply_action(state, rng.choice(legal_actions(state)))
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(PRESETS))
def test_table_plays_a_hand_exactly_as_the_engine(seed, preset):
    ruleset = Ruleset.preset(preset)
    rng = random.Random(seed)
    state = bid_randomly(new_game(ruleset, f"table-{seed}"), rng)
    table = Table.from_view(view_for(state, state.turn), ruleset)
    table.hands = [mask_of_codes(view_for(state, s)["hand"]) for s in range(4)]
    hand_number = state.hand_number
    while state.phase == "playing" and state.hand_number == hand_number:
        seat = state.turn
        view = view_for(state, seat)
        assert table.turn == seat
        engine_legal = {action.card.index for action in legal_actions(state)}
        assert set(cards_in(table.legal(seat))) == engine_legal
        # What the seat's view rebuilds is what the table has tracked card by card.
        rebuilt = Table.from_view(view, ruleset)
        assert rebuilt.hands[seat] == table.hands[seat]
        for name in ("played", "played_by", "voids", "trick", "leader", "done", "taken"):
            assert getattr(rebuilt, name) == getattr(table, name), name
        assert rebuilt.spades_broken == table.spades_broken == view["spades_broken"]
        # A void the table infers is real.
        for other in range(4):
            for suit in range(4):
                if table.voids[other] >> suit & 1:
                    assert not table.hands[other] & SUIT_MASK[suit]
        card = rng.choice(sorted(engine_legal))
        table.play(card)
        state = apply_action(state, Play(seat, CARDS[card]))
    result = view_for(state, 0)["hands"][-1]
    assert table.done == 13
    assert table.taken == result["tricks"]
