"""Cards and seats as ints and the rules of play on them: the fast form the engine and the
bots share.

A card is index suit * 13 + rank (rank 0 = "2" .. 12 = "A"), so the deck in index order is
the unshuffled deck of RULES.md and sorting by index sorts by suit, then rank. The Jokers
are spades ranked above the ace: the Little Joker is card 52 and the Big Joker 53, so the
spade suit is one contiguous run of 13 or 15 bits and the standard deck's cards keep their
numbers. A set of cards is an int whose bit i is card i: hands are copied and tested in
O(1). Everything here is a constant table or a pure function of ints.
"""

SPADES = 3
LITTLE_JOKER, BIG_JOKER = 52, 53
CARD_COUNT = 54  # the standard deck's 52 cards and the two Jokers
SUIT_OF = tuple(min(i // 13, SPADES) for i in range(CARD_COUNT))  # 0..3 = C, D, H, S
RANK = tuple(i - 13 * SUIT_OF[i] for i in range(CARD_COUNT))  # 0 = "2" .. 12 = "A", 13, 14
BIT = tuple(1 << i for i in range(CARD_COUNT))
SUIT_MASK = (*(((1 << 13) - 1) << (13 * s) for s in range(3)), ((1 << 15) - 1) << 39)
FULL_DECK = (1 << 52) - 1  # the standard deck
# Joker Spades: the 2 of clubs and of diamonds make way for the Jokers.
JOKER_DECK = FULL_DECK & ~BIT[0] & ~BIT[13] | BIT[LITTLE_JOKER] | BIT[BIG_JOKER]
DECKS = {"standard": FULL_DECK, "jokers": JOKER_DECK}
NON_SPADES = FULL_DECK & ~SUIT_MASK[SPADES]
# Cards of the same suit ranked above / below a card.
ABOVE = tuple(SUIT_MASK[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(CARD_COUNT))
BELOW = tuple(SUIT_MASK[SUIT_OF[c]] & ((1 << c) - 1) for c in range(CARD_COUNT))
# STRENGTH[led][card]: the card's power in a trick led with suit `led` (spades are
# trump); a card of a third suit can never win the trick (-1).
STRENGTH = tuple(
    tuple(
        100 + c if SUIT_OF[c] == SPADES else c if SUIT_OF[c] == led else -1
        for c in range(CARD_COUNT)
    )
    for led in range(4)
)

# CHUNK_CARDS[k][bits]: the cards of chunk k of a mask, lowest first. Each suit's bits are
# split 7 + 6 (spades with the Jokers 7 + 8) so that the tables stay small; CHUNKS gives
# each chunk's (shift, width).
CHUNKS = tuple(
    (13 * suit + offset, width)
    for suit in range(4)
    for offset, width in ((0, 7), (7, 8 if suit == SPADES else 6))
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
        *_C7[(mask >> 46) & 0xFF],
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
    hand of spades alone. (Where spades may be led at any time, pass spades_broken=True.)"""
    if led is not None:
        return hand & SUIT_MASK[led] or hand
    if not spades_broken and hand & NON_SPADES:
        return hand & NON_SPADES
    return hand


def shown_voids(card: int, led: int | None, spades_broken: bool) -> int:
    """The suits (bit s for suit s) a seat shows it lacks by playing `card` legally: the
    suit led when it does not follow; every other suit when it leads an unbroken spade
    (where spades may be led at any time that shows nothing: pass spades_broken=True)."""
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
