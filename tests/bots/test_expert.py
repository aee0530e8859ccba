"""The expert's search: candidates, sampled deals, determinism."""

import random

from games.bots import expert
from games.bots.policy import nil_chance
from games.bots.sampling import sample_hands, sample_world
from games.bots.table import Table
from games.engine import CARDS, Ruleset, apply_action, legal_actions, new_game, view_for
from games.engine.bits import FULL_DECK, SUIT_MASK
from tests.bots.factories import act, deal, view

RULES = Ruleset()


def codes(cards):
    return [CARDS[c].code for c in cards]


def test_candidates_are_one_card_per_run_of_equivalent_cards():
    hands = [
        "2C 3C 5C 9H TH JH AH 2D 3D 4D 5D 6D 7D",
        "4C 6C 7C 8C 2H 3H 4H 8D 9D TD JD QD KD",
        "9C TC JC QC KC AC 5H 6H 7H AD 2S 3S 4S",
        "8H QH KH 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    state = act(deal(hands, dealer=3), 3, 3, 3, 3, "2C", "4C", "9C")
    table = Table.from_view(view(state, 3), RULES)
    # Seat 3 holds no club: 8H / QH-KH are two runs, the spades one run.
    assert codes(expert.distinct_cards(table, 3)) == ["8H", "QH", "5S"]
    state = act(deal(hands, dealer=3), 3, 3, 3, 3, "5C", "8C")
    table = Table.from_view(view(state, 2), RULES)
    # The 8C in the trick splits 9C.. from the lower clubs seat 2 does not hold anyway.
    assert codes(expert.distinct_cards(table, 2)) == ["9C"]


def test_a_card_in_the_trick_separates_runs():
    hands = [
        "9H 2D 3D 4D 5D 6D 7D 2C 3C 4C 5C 6C 2S",
        "4H 5H KC AC 8D 9D TD 8S 9S TS JS QS KS",
        "6H 7H 8H TH JH QH KH AH JD QD KD AD AS",
        "2H 3H 7C 8C 9C TC JC QC 3S 4S 5S 6S 7S",
    ]
    state = act(deal(hands, dealer=2), 2, 0, 4, 6, "3H", "9H", "4H")
    table = Table.from_view(view(state), RULES)
    assert codes(expert.distinct_cards(table, 2)) == ["6H", "TH"]


def midgame_table(seed: int, plays: int) -> tuple[Table, int]:
    rng = random.Random(seed)
    state = new_game(RULES, f"sampling-{seed}")
    while state.phase == "bidding":
        state = apply_action(state, rng.choice(legal_actions(state)))
    for _ in range(plays):
        state = apply_action(state, rng.choice(legal_actions(state)))
    seat = state.turn
    return Table.from_view(view_for(state, seat), RULES), seat


def test_sampled_hands_fit_everything_the_seat_has_seen():
    for seed in range(30):
        table, seat = midgame_table(seed, 25)
        rng = random.Random(seed)
        for _ in range(10):
            hands = sample_hands(table, seat, rng)
            assert hands[seat] == table.hands[seat]
            seen = table.played
            for other in range(4):
                assert hands[other].bit_count() == table.counts[other]
                assert not hands[other] & seen
                seen |= hands[other]
                for suit in range(4):
                    if table.voids[other] >> suit & 1:
                        assert not hands[other] & SUIT_MASK[suit]
            assert seen == FULL_DECK


def test_a_nil_bid_makes_low_hands_likelier():
    hands = [
        "AS KS QS JS AC KC QC AD KD QD AH KH QH",
        "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S",
        "6C 7C 8C 9C 6D 7D 8D 9D 6H 7H 8H 9H 3S",
        "TC JC TD JD TH JH 4S 5S 6S 7S 8S 9S TS",
    ]
    state = act(deal(hands, dealer=0), 0)  # seat 1 bids Nil
    table = Table.from_view(view(state), RULES)
    rng = random.Random(5)
    plain = [nil_chance(sample_hands(table, 2, rng)[1]) for _ in range(200)]
    informed = [nil_chance(sample_world(table, 2, rng)[0][1]) for _ in range(200)]
    assert sum(informed) > 1.5 * sum(plain)


def test_same_seed_and_budget_give_the_same_choice():
    rng = random.Random(3)
    state = new_game(RULES, "determinism")
    decisions = 0
    while decisions < 12:
        v = view_for(state, state.turn)
        if len(v["legal"]) > 1:
            choices = {
                expert.choose_action(v, RULES, random.Random(9), budget_ms=15, deterministic=True)
                for _ in range(3)
            }
            assert len(choices) == 1
            decisions += 1
        state = apply_action(state, rng.choice(legal_actions(state)))


def test_bids_with_a_search():
    hands = [
        "AS KS QS JS TS AC KC QC AD KD AH KH QH",
        "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S",
        "6C 7C 8C 9C 6D 7D 8D 9D 6H 7H 8H 9H 3S",
        "TC JC JD TD QD TH JH 4S 5S 6S 7S 8S 9S",
    ]
    state = deal(hands, dealer=3)
    action = expert.choose_action(
        view(state), RULES, random.Random(1), budget_ms=60, deterministic=True
    )
    assert action.tricks >= 9
