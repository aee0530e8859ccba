"""Cards and seats as ints and the rules of play on them: the fast form the engine and the
bots share.

A card is index suit * 13 + rank (rank 0 = "2" .. 12 = "A"), so the deck in index order is
the unshuffled deck of RULES.md and sorting by index sorts by suit, then rank. A set of
cards is an int whose bit i is card i: hands are copied and tested in O(1). Everything
here is a constant table or a pure function of ints.
"""

SPADES = 3
SUIT_OF = tuple(i // 13 for i in range(52))  # 0..3 = clubs, diamonds, hearts, spades
RANK = tuple(i % 13 for i in range(52))  # 0 = "2" .. 12 = "A"
BIT = tuple(1 << i for i in range(52))
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1
NON_SPADES = FULL_DECK & ~SUIT_MASK[SPADES]
# Cards of the same suit ranked above / below a card.
ABOVE = tuple(SUIT_MASK[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(52))
BELOW = tuple(SUIT_MASK[SUIT_OF[c]] & ((1 << c) - 1) for c in range(52))
# STRENGTH[led][card]: the card's power in a trick led with suit `led` (spades are
# trump); a card of a third suit can never win the trick (-1).
STRENGTH = tuple(
    tuple(100 + c if SUIT_OF[c] == SPADES else c if SUIT_OF[c] == led else -1 for c in range(52))
    for led in range(4)
)

# CHUNK_CARDS[k][bits]: the cards of chunk k of a mask, lowest first. Each suit's 13 bits
# are split 7 + 6 so that the tables stay small; CHUNKS gives each chunk's (shift, width).
CHUNKS = tuple(
    (13 * suit + offset, width) for suit in range(4) for offset, width in ((0, 7), (7, 6))
)
CHUNK_CARDS = tuple(
    tuple(tuple(shift + i for i in range(width) if bits >> i & 1) for bits in range(1 << width))
    for shift, width in CHUNKS
)
_C0, _C1, _C2, _C3, _C4, _C5, _C6, _C7 = CHUNK_CARDS


def cards_in(mask: int) -> list[int]:
    """The card indices of a mask, lowest first."""
    return [
        *_C0[mask & 0x7F],
        *_C1[(mask >> 7) & 0x3F],
        *_C2[(mask >> 13) & 0x7F],
        *_C3[(mask >> 20) & 0x3F],
        *_C4[(mask >> 26) & 0x7F],
        *_C5[(mask >> 33) & 0x3F],
        *_C6[(mask >> 39) & 0x7F],
        *_C7[(mask >> 46) & 0x3F],
    ]


def high(mask: int) -> int:
    """The highest card of a non-empty mask (within a suit: the best rank)."""
    return mask.bit_length() - 1


def low(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def legal_mask(hand: int, led: int | None, spades_broken: bool) -> int:
    """The cards of `hand` that may be played to a trick led with suit `led` (None: the
    seat leads): follow suit if able; lead a spade only once spades are broken or from a
    hand of spades alone."""
    if led is not None:
        return hand & SUIT_MASK[led] or hand
    if not spades_broken and hand & NON_SPADES:
        return hand & NON_SPADES
    return hand


def shown_voids(card: int, led: int | None, spades_broken: bool) -> int:
    """The suits (bit s for suit s) a seat shows it lacks by playing `card` legally: the
    suit led when it does not follow; every other suit when it leads an unbroken spade."""
    suit = SUIT_OF[card]
    if led is not None:
        return 0 if suit == led else 1 << led
    if suit == SPADES and not spades_broken:
        return 0b0111
    return 0


def breaks_spades(card: int) -> bool:
    """Does playing the card (legally) break spades? Any spade does: it is either played
    on another suit or led from a hand of spades alone."""
    return SUIT_OF[card] == SPADES


def trick_winner(cards, leader: int) -> tuple[int, int]:
    """(seat, card) winning so far a trick of at least one card: the highest spade, else
    the highest card of the suit led."""
    strength = STRENGTH[SUIT_OF[cards[0]]]
    best = 0
    top = strength[cards[0]]
    for i in range(1, len(cards)):
        power = strength[cards[i]]
        if power > top:
            best, top = i, power
    return (leader + best) & 3, cards[best]


# Seats are 0..3 clockwise (North, East, South, West); partners sit opposite, so side 0 is
# North-South (seats 0 and 2) and side 1 East-West (seats 1 and 3). Every app asks these
# functions rather than repeating the arithmetic.


def team_of(seat: int) -> int:
    """The side a seat plays for: 0 (North-South) or 1 (East-West)."""
    return seat % 2


def first_leader(dealer: int) -> int:
    """The seat left of the dealer: it bids first and leads the hand's first trick."""
    return (dealer + 1) % 4


def tricks_per_side(leader: int, leaders_tricks: int, total: int = 13) -> list[int]:
    """[North-South, East-West] tricks when the side of `leader` takes `leaders_tricks` of
    the `total` left (e.g. a double-dummy solve from the first lead)."""
    tricks = [total - leaders_tricks, total - leaders_tricks]
    tricks[team_of(leader)] = leaders_tricks
    return tricks
