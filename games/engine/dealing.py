"""The provably fair deal of RULES.md: seeds, commitments, the pinned shuffle."""

import hashlib
import hmac
import struct
from operator import ge, mod

from .bits import BIG_JOKER, LITTLE_JOKER
from .cards import BIT, Card, cards_of

_UNPACK_BLOCK = struct.Struct(">8I").unpack


def seed_bytes(seed: str | bytes) -> bytes:
    """A game seed as bytes: text is UTF-8 encoded."""
    if isinstance(seed, str):
        return seed.encode("utf-8")
    if isinstance(seed, (bytes, bytearray)):
        return bytes(seed)
    raise ValueError(f"A seed must be str or bytes, not {type(seed).__name__}")


def first_dealer(game_seed: str | bytes) -> int:
    """The dealer of hand 1 when the game does not name one."""
    return hmac.digest(seed_bytes(game_seed), b"dealer", "sha256")[0] % 4


def hand_seed(game_seed: str | bytes, n: int) -> bytes:
    """The 32-byte seed of hand n (1-based); revealed once the hand is over."""
    if type(n) is not int or n < 1:
        raise ValueError(f"Hands are numbered from 1, not {n!r}")
    return hmac.digest(seed_bytes(game_seed), b"hand:" + str(n).encode("ascii"), "sha256")


def commitment(hand_seed: bytes) -> str:
    """SHA-256 of a hand seed, as lowercase hex: public before the hand is played."""
    return hashlib.sha256(hand_seed).hexdigest()


def _stream_block(hand_seed: bytes, k: int) -> tuple[int, ...]:
    return _UNPACK_BLOCK(hashlib.sha256(hand_seed + k.to_bytes(4, "big")).digest())


# 51 draws are needed and a rejection is a 1-in-10**7 event, so the first seven
# blocks (56 numbers) almost always suffice; more are hashed only if they run out.
_FIRST_BLOCKS = 7
_COUNTERS = tuple(k.to_bytes(4, "big") for k in range(_FIRST_BLOCKS))
_UNPACK_FIRST = struct.Struct(f">{8 * _FIRST_BLOCKS}I").unpack
# _LIMIT[n]: the draws below it are used for a swap with one of n positions.
_LIMIT = tuple(2**32 - 2**32 % n if n else 0 for n in range(53))
# Step k of the shuffle (k = 0..50) swaps position i = 51 - k with one of i + 1.
_STEPS = tuple(range(51, 0, -1))
_SIZES = tuple(i + 1 for i in _STEPS)
_LIMITS = tuple(_LIMIT[n] for n in _SIZES)


# The ordered decks the shuffle starts from: the standard one, and the Joker deck (the
# standard one without 2C and 2D, then LJ and BJ: RULES.md "Variants", `deck`).
ORDERED_DECKS = {
    "standard": tuple(range(52)),
    "jokers": (*(i for i in range(52) if i not in (0, 13)), LITTLE_JOKER, BIG_JOKER),
}


def ordered_deck(deck: str) -> tuple[int, ...]:
    """The unshuffled deck named `deck` ("standard" or "jokers") as card indices."""
    try:
        return ORDERED_DECKS[deck]
    except (KeyError, TypeError):
        raise ValueError(f"Unknown deck {deck!r:.40} (known: standard, jokers)") from None


def shuffle(hand_seed: bytes, deck: str = "standard") -> list[int]:
    """The shuffled deck of a hand as card indices (RULES.md "Shuffle")."""
    sha256 = hashlib.sha256
    numbers = _UNPACK_FIRST(b"".join(sha256(hand_seed + k).digest() for k in _COUNTERS))
    deck = list(ordered_deck(deck))
    if any(map(ge, numbers, _LIMITS)):
        return _shuffle_with_rejections(hand_seed, list(numbers), deck)
    # No number was rejected (all but always): step i used the i-th number.
    for i, j in zip(_STEPS, map(mod, numbers, _SIZES), strict=True):
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _shuffle_with_rejections(hand_seed: bytes, numbers: list[int], deck: list[int]) -> list[int]:
    blocks = _FIRST_BLOCKS
    pos = 0
    for i in _STEPS:
        n = i + 1
        while True:
            if pos == len(numbers):
                numbers.extend(_stream_block(hand_seed, blocks))
                blocks += 1
            x = numbers[pos]
            pos += 1
            if x < _LIMIT[n]:
                break
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_masks(hand_seed: bytes, dealer: int, deck: str = "standard") -> tuple[int, int, int, int]:
    """The four hands of a deal as card masks, indexed by seat."""
    deck = shuffle(hand_seed, deck)
    # Card k goes to seat (dealer + 1 + k) % 4, so a seat gets every fourth card;
    # the cards are distinct, so summing their bits is or-ing them.
    bits = BIT.__getitem__
    first = (dealer + 1) % 4
    return (
        sum(map(bits, deck[-first % 4 :: 4])),
        sum(map(bits, deck[(1 - first) % 4 :: 4])),
        sum(map(bits, deck[(2 - first) % 4 :: 4])),
        sum(map(bits, deck[(3 - first) % 4 :: 4])),
    )


def deal(hand_seed: bytes, dealer: int, deck: str = "standard") -> list[list[Card]]:
    """The four hands of a deal, indexed by seat, each sorted by suit then rank."""
    if type(dealer) is not int or not 0 <= dealer < 4:
        raise ValueError(f"There is no seat {dealer!r}")
    return [cards_of(mask) for mask in deal_masks(hand_seed, dealer, deck)]
