"""The provably fair deal: pinned known answers and an independent re-implementation."""

import hashlib
import hmac
import itertools
from unittest.mock import patch

import pytest
from hypothesis import given, strategies as st

from games.engine import Card, Ruleset, commitment, deal, dealing, first_dealer, hand_seed, new_game

# Computed once from the implementation and checked against reference_deal below;
# if any of these change, every published deal would stop verifying.
TEST_SEED_HAND_1 = "2d7c85ee7cb246a74e5c5b5d549db1852e64d0c1174e9d78b79fe32cef9fec8c"
TEST_COMMITMENT_1 = "de9f78c49a43e37c2e20a2a7aa4ba9f1e11484b6dd3b22faa9cd2f43b65aa6b0"
TEST_HANDS_1 = [  # seed "test", hand 1, dealer 3 (the first dealer of "test")
    "5C 6C 7C 9C 3D AD 3H 7H 9H QH 2S 5S AS",
    "3C QC KC AC 2D 4D 5D 4H 5H TH 7S 9S TS",
    "2C 4C TC JC 6D TD QD 2H 6H JH KH 3S 4S",
    "8C 7D 8D 9D JD KD 8H AH 6S 8S JS QS KS",
]


def reference_stream(seed: bytes):
    """RULES.md's random stream, written out plainly."""
    for k in itertools.count():
        block = hashlib.sha256(seed + k.to_bytes(4, "big")).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i : i + 4], "big")


def reference_shuffle(numbers) -> list[str]:
    deck = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]
    for i in range(51, 0, -1):
        while True:
            x = next(numbers)
            if x < 2**32 - (2**32 % (i + 1)):
                break
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def reference_deal(game_seed: bytes, n: int, dealer: int) -> list[list[str]]:
    seed = hmac.new(game_seed, b"hand:" + str(n).encode(), hashlib.sha256).digest()
    hands = [[], [], [], []]
    for k, card in enumerate(reference_shuffle(reference_stream(seed))):
        hands[(dealer + 1 + k) % 4].append(card)
    return hands


def codes(hand: list[Card]) -> list[str]:
    return [str(card) for card in hand]


def test_known_answer_for_seed_test_hand_1():
    assert first_dealer("test") == 3
    seed = hand_seed("test", 1)
    assert seed.hex() == TEST_SEED_HAND_1
    assert commitment(seed) == TEST_COMMITMENT_1
    assert [" ".join(codes(hand)) for hand in deal(seed, 3)] == TEST_HANDS_1


def test_known_answer_matches_reference():
    expected = [sorted(h, key=lambda c: Card.parse(c).index) for h in reference_deal(b"test", 1, 3)]
    assert [hand.split() for hand in TEST_HANDS_1] == expected


@given(
    seed=st.binary(max_size=40) | st.text(max_size=20),
    n=st.integers(min_value=1, max_value=10**6),
    dealer=st.integers(0, 3),
)
def test_deal_matches_reference(seed, n, dealer):
    raw = seed.encode() if isinstance(seed, str) else seed
    expected = reference_deal(raw, n, dealer)
    hands = deal(hand_seed(seed, n), dealer)
    assert [codes(hand) for hand in hands] == [
        sorted(h, key=lambda c: Card.parse(c).index) for h in expected
    ]
    assert first_dealer(seed) == hmac.new(raw, b"dealer", hashlib.sha256).digest()[0] % 4


@given(
    big=st.lists(st.booleans(), min_size=56, max_size=56),
    small=st.lists(st.integers(0, 2**32 - 49), min_size=56, max_size=56),
)
def test_rejection_sampling(big, small):
    """Numbers at or above the limit are skipped, even if more blocks must be hashed."""
    seed = hand_seed("reject", 1)
    # 2**32 - 1 is rejected unless i + 1 is a power of two; the small numbers never
    # are. Runs of rejections force the stream past the seven blocks read up front.
    rigged = tuple(2**32 - 1 if b else x for b, x in zip(big, small, strict=True))
    real = reference_stream(seed)
    for _ in range(56):
        next(real)
    expected = reference_shuffle(itertools.chain(rigged, real))
    with patch.object(dealing, "_UNPACK_FIRST", lambda data: rigged):
        shuffled = dealing.shuffle(seed)
    assert [Card.from_index(i).code for i in shuffled] == expected


def test_deal_gives_thirteen_distinct_cards_from_left_of_dealer():
    seed = hand_seed("order", 4)
    shuffled = dealing.shuffle(seed)
    for dealer in range(4):
        hands = deal(seed, dealer)
        assert all(len(hand) == 13 for hand in hands)
        assert len({card for hand in hands for card in hand}) == 52
        # The first card of the shuffled deck goes to the left of the dealer.
        assert Card.from_index(shuffled[0]) in hands[(dealer + 1) % 4]
        assert Card.from_index(shuffled[1]) in hands[(dealer + 2) % 4]


def test_text_seed_is_utf8():
    assert hand_seed("pique-dame ♠", 2) == hand_seed("pique-dame ♠".encode(), 2)
    assert first_dealer("♠") == first_dealer("♠".encode())


def test_hand_seeds_differ_and_commitment_is_sha256():
    seeds = {hand_seed("g", n) for n in range(1, 50)}
    assert len(seeds) == 49
    seed = hand_seed("g", 3)
    assert len(seed) == 32
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()


def test_new_game_uses_seed_dealer_unless_given():
    assert new_game(Ruleset(), "test").dealer == first_dealer("test") == 3
    assert new_game(Ruleset(), "test", first_dealer=1).dealer == 1
    with pytest.raises(ValueError):
        new_game(Ruleset(), "test", first_dealer=4)


@pytest.mark.parametrize("bad", [0, -1, "1", 1.0])
def test_hand_numbers_start_at_one(bad):
    with pytest.raises(ValueError):
        hand_seed("g", bad)


def test_deal_of_new_game_is_the_published_deal():
    state = new_game(Ruleset(), "test")
    assert [codes(state.cards(seat)) for seat in range(4)] == [h.split() for h in TEST_HANDS_1]
