"""The rules of play on plain ints (games.engine.bits), shared by the engine and the bots."""

import random

from hypothesis import given, strategies as st

from games.engine import CARDS, Card
from games.engine.bits import (
    ABOVE,
    BELOW,
    FULL_DECK,
    RANK,
    SUIT_MASK,
    SUIT_OF,
    breaks_spades,
    cards_in,
    high,
    legal_mask,
    low,
    shown_voids,
    trick_winner,
)
from games.engine.cards import mask_of

C, D, H, S = range(4)


def cards(text: str) -> list[int]:
    return [Card.parse(code).index for code in text.split()]


def mask(text: str) -> int:
    return mask_of(text.split())


def test_card_indices_are_the_cards():
    for index, card in enumerate(CARDS):
        assert card.index == index
        assert "CDHS"[SUIT_OF[index]] == card.suit
        assert RANK[index] + 2 == card.rank
        assert ABOVE[index] | BELOW[index] | 1 << index == SUIT_MASK[SUIT_OF[index]]
        assert all(RANK[above] > RANK[index] for above in cards_in(ABOVE[index]))
    assert cards_in(mask("AS 2C TD")) == [0, 21, 51]
    assert cards_in(FULL_DECK) == list(range(52))
    assert (high(mask("3C QH 5D")), low(mask("3C QH 5D"))) == (Card.parse("QH").index, 1)


def test_follow_suit_if_able():
    hand = mask("2C KC 3H AS")
    assert legal_mask(hand, C, False) == mask("2C KC")
    assert legal_mask(hand, H, True) == mask("3H")
    # Void in the suit led: anything, a spade included, broken or not.
    assert legal_mask(hand, D, False) == hand


def test_no_spade_lead_until_broken_unless_only_spades():
    assert legal_mask(mask("2C 3H AS"), None, False) == mask("2C 3H")
    assert legal_mask(mask("2C 3H AS"), None, True) == mask("2C 3H AS")
    assert legal_mask(mask("2S AS"), None, False) == mask("2S AS")


def test_trick_winner_highest_spade_else_highest_of_suit_led():
    assert trick_winner(cards("5H KH AD 2H"), 1) == (2, Card.parse("KH").index)
    assert trick_winner(cards("5H KH 2S 3S"), 1) == (0, Card.parse("3S").index)
    # A trick in progress: its leader's card wins until beaten.
    assert trick_winner(cards("TD"), 3) == (3, Card.parse("TD").index)
    assert trick_winner(cards("TD AC"), 3) == (3, Card.parse("TD").index)


def test_spades_break_with_any_spade():
    assert all(breaks_spades(card) == (SUIT_OF[card] == S) for card in range(52))


hands = st.integers(1, FULL_DECK)
leds = st.none() | st.integers(0, 3)


@given(hand=hands, led=leds, broken=st.booleans())
def test_legal_cards_are_held_and_never_none(hand, led, broken):
    legal = legal_mask(hand, led, broken)
    assert legal and legal & ~hand == 0


@given(hand=hands, led=leds, broken=st.booleans(), pick=st.randoms(use_true_random=False))
def test_a_legal_card_shows_only_real_voids(hand, led, broken, pick: random.Random):
    legal = cards_in(legal_mask(hand, led, broken))
    card = pick.choice(legal)
    voids = shown_voids(card, led, broken)
    for suit in range(4):
        if voids >> suit & 1:
            assert not hand & SUIT_MASK[suit]
    # Playing off the suit led always shows that void.
    if led is not None and SUIT_OF[card] != led:
        assert voids == 1 << led
