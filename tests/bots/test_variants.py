"""What the bots make of each variant of RULES.md "Variants": Jokers, Mirror, Whiz, Solo,
the Nil pass, spades led anytime, the minimum team bid."""

import random

import pytest

from games.bots import get_bot
from games.bots.ddplay import solver_knows
from games.bots.passing import nil_bidder_pass, partner_pass
from games.bots.policy import choose_bid, estimate_tricks, nil_chance, nil_chance_of
from games.bots.sampling import sample_hands, sample_world
from games.bots.table import Table
from games.bots.worth import rival, value
from games.engine import (
    PASSING,
    PLAYING,
    Bid,
    Card,
    NilPass,
    Play,
    Ruleset,
    apply_action,
    new_game,
    seats_to_act,
    view_for,
)
from games.engine.bits import JOKER_DECK, SPADES, SUIT_MASK
from games.engine.cards import mask_of
from tests.bots.factories import act, deal, view

STANDARD = get_bot("standard")
LEVELS = {
    "random": get_bot("random"),
    "standard": STANDARD,
    "expert": get_bot("expert", budget_ms=20, deterministic=True),
}


def codes(cards: list[int]) -> set[str]:
    return {Card.from_index(card).code for card in cards} if cards else set()


def masked(text: str) -> int:
    return mask_of(text.split())


def play_until(state, ruleset, done, bots=None, seed=1):
    """Play with the standard bot (or `bots` per seat) until done(state)."""
    rngs = [random.Random(f"{seed}-{seat}") for seat in range(4)]
    while not done(state):
        seat = seats_to_act(state)[0]
        bot = (bots or [STANDARD] * 4)[seat]
        state = apply_action(state, bot(view_for(state, seat), ruleset, rngs[seat]))
    return state


# Jokers


def test_jokers_are_sure_tricks_and_the_ace_is_not():
    classic = estimate_tricks(masked("AS 2H 3H 4H 5H 6H 7D 8D 9D 3C 4C 5C 6C"))
    jokers = estimate_tricks(masked("AS 2H 3H 4H 5H 6H 7D 8D 9D 3C 4C 5C 6C"), JOKER_DECK)
    assert classic >= 1 > jokers, "two Jokers are out above the ace"
    big = masked("BJ LJ AS 2H 3H 4H 5H 6H 7D 8D 9D 3C 4C")
    assert estimate_tricks(big, JOKER_DECK) >= 3


def test_the_unseen_cards_are_the_decks():
    ruleset = Ruleset.preset("jokers")
    state = new_game(ruleset, "jokers-unseen")
    state = play_until(state, ruleset, lambda s: s.phase == PLAYING and len(s.trick) == 2)
    seat = state.turn
    table = Table.from_view(view_for(state, seat), ruleset)
    assert table.deck == JOKER_DECK
    for draw in range(20):
        hands = sample_hands(table, seat, random.Random(draw))
        dealt = hands[0] | hands[1] | hands[2] | hands[3]
        assert dealt | table.played == JOKER_DECK
        assert sum(h.bit_count() for h in hands) == sum(table.counts)


def test_a_jokers_bid_counts_the_jokers():
    ruleset = Ruleset.preset("jokers")
    state = new_game(ruleset, "jokers-bid")
    seat = state.turn
    big = masked("BJ LJ AS KS 3H 4H 5H 6H 7H 8D 9D 3C 4C")
    state = state._replace(holdings=tuple(big if s == seat else 0 for s in range(4)))
    table = Table.from_view(view_for(state, seat), ruleset)
    assert choose_bid(table, seat, list(range(1, 14))) >= 4


# Mirror and Whiz


def test_mirror_bids_the_spade_count_at_every_level():
    ruleset = Ruleset.preset("mirror")
    state = new_game(ruleset, "mirror")
    for name, bot in LEVELS.items():
        seat = state.turn
        spades = (state.holdings[seat] & SUIT_MASK[SPADES]).bit_count()
        action = bot(view_for(state, seat), ruleset, random.Random(1))
        assert action == Bid(seat, spades), name


WHIZ = Ruleset.preset("whiz")
NIL_HAND = "2S 3H 4H 5H 2D 3D 4D 6D 2C 3C 4C 5C 7C"
STRONG = "AS KS QS JS 9S AH KH AD KD AC 6H 6D 6C"


def table_for(hand: str, ruleset: Ruleset = WHIZ) -> Table:
    rest = sorted(Card.from_index(card).code for card in range(52) if not masked(hand) >> card & 1)
    hands = [hand, " ".join(rest[:13]), " ".join(rest[13:26]), " ".join(rest[26:])]
    return Table.from_view(view(deal(hands, dealer=3, ruleset=ruleset)), ruleset)


def test_whiz_bids_nil_when_nil_beats_the_spade_count():
    assert choose_bid(table_for(NIL_HAND), 0, [0, 1]) == 0
    assert choose_bid(table_for(STRONG), 0, [0, 5]) == 5


# The Nil pass


def test_the_nil_bidder_passes_its_dangers_and_the_partner_its_lowest():
    hand = masked("AS 4S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C KC")
    given = codes(nil_bidder_pass(hand, 2, nil_chance))
    assert given == {"AS", "KC"}
    partner = masked("AH KH QH 7H AD KD 9D 6C 7C 8C 3S 5S QS")
    assert codes(partner_pass(partner, 2)) == {"6C", "7C"}


def test_nil_pass_makes_nil_worth_more():
    hand = "AS 4S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C KC"
    without = nil_chance_of(table_for(hand, Ruleset()), 0)
    with_pass = nil_chance_of(table_for(hand, Ruleset(nil_pass=2)), 0)
    assert with_pass > without + 0.2


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_passes_its_cards_and_stays_deterministic(level):
    ruleset = Ruleset(nil_pass=2)
    bot = LEVELS[level]
    for seed in range(30):
        state = new_game(ruleset, f"pass-{seed}")
        state = play_until(state, ruleset, lambda s: s.phase != "bidding")
        if state.phase == PASSING:
            break
    else:
        pytest.fail("no Nil in 30 deals")
    for seat in seats_to_act(state):
        seen = view_for(state, seat)
        action = bot(seen, ruleset, random.Random(seat))
        assert type(action) is NilPass and len(action.cards) == 2
        assert {card.code for card in action.cards} <= set(seen["hand"])
        assert bot(seen, ruleset, random.Random(seat)) == action
        if level != "random":
            assert action == STANDARD(seen, ruleset, random.Random(0))
        state = apply_action(state, action)
    assert state.phase == PLAYING


def test_the_partner_holds_the_cards_we_gave_in_every_sample():
    ruleset = Ruleset(nil_pass=2)
    for seed in range(30):
        state = new_game(ruleset, f"known-{seed}")
        state = play_until(state, ruleset, lambda s: s.phase == PLAYING)
        if state.passes[0] is not None:
            break
    given = state.passes[0]
    table = Table.from_view(view_for(state, 0), ruleset)
    assert table.known[2] == given
    for draw in range(10):
        assert sample_hands(table, 0, random.Random(draw))[2] & given == given


# Spades led anytime


def test_an_early_spade_lead_shows_no_void_where_spades_may_be_led_anytime():
    hands = [
        "2S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C",
        "3S 6H 7H 8H 9H 6D 7D 8D 9D 6C 7C 8C 9C",
        "4S TH JH QH KH TD JD QD KD TC JC QC KC",
        "5S 6S 7S 8S 9S TS JS QS KS AS AH AD AC",
    ]
    anytime = Ruleset(spades_lead="anytime")
    state = act(deal(hands, dealer=3, ruleset=anytime), 1, 1, 1, 9)
    state = apply_action(state, Play(0, "2S"))
    table = Table.from_view(view_for(state, 1), anytime)
    assert table.voids[0] == 0 and table.spades_broken


# Solo


def test_solo_has_no_partner_and_values_against_the_leader():
    ruleset = Ruleset.preset("solo")
    state = new_game(ruleset, "solo")
    table = Table.from_view(view_for(state, 0), ruleset)
    assert table.partner(0) is None and table.opponents(0) == (1, 2, 3)
    assert table.side(2) == 2 and table.rivals(0) == (1, 2, 3)
    finished = table.copy()
    finished.bids, finished.taken = [3, 3, 3, 3], [3, 3, 3, 4]
    finished.scores = [0, 0, 0, 200]
    # Seat 3 leads: seat 0's hand (30) is measured against its 31 and its bag (10).
    assert rival(finished, (30, 30, 30, 231), 0) == 3
    assert value(finished, 0) == 30 - 31 + 10


def test_solo_never_blind_nils_and_bids_its_own_tricks():
    ruleset = Ruleset.preset("solo")
    state = new_game(ruleset, "solo-bid")
    state = state._replace(scores=(0, 0, 240, 0))
    for name, bot in LEVELS.items():
        action = bot(view_for(state, state.turn), ruleset, random.Random(3))
        assert type(action) is Bid and not action.blind, name


def test_the_solver_is_used_only_where_it_knows_the_rules():
    for name in ("classic", "mirror", "whiz", "suicide", "jokers"):
        assert solver_knows(Ruleset.preset(name))
    assert solver_knows(Ruleset(nil_pass=2, spades_lead="anytime", min_team_bid=4))
    assert not solver_knows(Ruleset.preset("solo"))


# The minimum team bid


def test_min_team_bid_takes_the_nearest_legal_bid():
    ruleset = Ruleset(min_team_bid=6)
    weak = "2S 3H 4H 5H 9H 2D 3D 4D 6D 2C 3C 4C 7C"
    table = table_for(weak, ruleset)
    table.bids[2] = 2
    assert choose_bid(table, 0, [0, *range(4, 14)]) in (0, 4)


def spades_dealt(table: Table, hands: list[int], seat: int) -> int:
    """The spades a seat was dealt in a sample: those it holds and those it played."""
    return ((hands[seat] | table.played_by[seat]) & SUIT_MASK[SPADES]).bit_count()


@pytest.mark.parametrize("cards_played", [0, 9])
def test_mirror_bids_give_each_seat_its_spades_in_every_sample(cards_played):
    ruleset = Ruleset.preset("mirror")
    state = play_until(new_game(ruleset, "mirror-sample"), ruleset, lambda s: s.phase == PLAYING)
    for _ in range(cards_played):
        state = apply_action(state, STANDARD(view_for(state, state.turn), ruleset, random.Random()))
    seat = state.turn
    table = Table.from_view(view_for(state, seat), ruleset)
    rng = random.Random(5)
    for _ in range(20):
        hands, tries = sample_world(table, seat, rng)
        assert tries == 1
        assert sum(map(int.bit_count, hands)) == 52 - table.played.bit_count()
        for other in range(4):
            if other != seat:
                assert spades_dealt(table, hands, other) == table.bids[other]


def test_a_whiz_nil_may_hold_spades_the_trick_bids_do_not():
    ruleset = Ruleset.preset("whiz")
    table = table_for("2S 3S 4H 5H 9H 2D 3D 4D 6D 2C 3C 4C 7C", ruleset)
    table.bids = [2, 0, 5, 3]
    rng = random.Random(1)
    seen = set()
    for _ in range(30):
        hands = sample_hands(table, 0, rng)
        assert spades_dealt(table, hands, 2) == 5 and spades_dealt(table, hands, 3) == 3
        seen.add(spades_dealt(table, hands, 1))
    assert seen == {3}  # the 13 - 2 - 5 - 3 spades left over
