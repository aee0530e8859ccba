"""Cards and their two-character codes (the int form the rules use is in bits.py)."""

from .bits import BIG_JOKER, BIT, CARD_COUNT, DECKS, LITTLE_JOKER, SUIT_OF, cards_in

SUITS = "CDHS"
RANKS = "23456789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


class Card:
    """One of the 52 cards or a Joker (`LJ`, `BJ`: spades above the ace, RULES.md "Variants");
    instances are shared, so compare them with == or is."""

    __slots__ = ("code", "index", "rank", "suit")

    index: int
    rank: int
    suit: str
    code: str

    def __new__(cls, *args, **kwargs):
        raise TypeError("Use Card.parse(code) or Card.from_index(index)")

    @classmethod
    def parse(cls, code: "str | Card") -> "Card":
        """The card for a code such as "QS", "TD", "10D" or "BJ" (a Card is returned as is).
        Whether the card is in a game's deck is for the rules to say."""
        if isinstance(code, Card):
            return code
        if not isinstance(code, str):
            raise ValueError(f"Not a card: {code!r:.40}")
        card = _BY_CODE.get(code.upper())
        if card is None:
            raise ValueError(f"Not a card: {code!r:.40}")
        return card

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """The card with the given index (0 = 2C .. 51 = AS, 52 = LJ, 53 = BJ)."""
        if type(index) is not int or not 0 <= index < CARD_COUNT:
            raise ValueError(f"Not a card index: {index!r}")
        return CARDS[index]

    def __setattr__(self, name, value):
        raise AttributeError("Cards are immutable")

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __lt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __reduce__(self):
        # A plain function, not the classmethod: some libraries (Twisted) replace
        # how bound methods pickle.
        return (_card_at, (self.index,))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo) -> "Card":
        return self


_JOKER_CODES = {LITTLE_JOKER: "LJ", BIG_JOKER: "BJ"}


def _make(index: int) -> Card:
    card = object.__new__(Card)
    suit = SUITS[SUIT_OF[index]]
    object.__setattr__(card, "index", index)
    # Jokers rank 15 (Little) and 16 (Big): above the ace, as spades.
    object.__setattr__(card, "rank", index - 13 * SUIT_OF[index] + 2)
    object.__setattr__(card, "suit", suit)
    object.__setattr__(card, "code", _JOKER_CODES.get(index) or RANKS[index % 13] + suit)
    return card


CARDS = tuple(_make(i) for i in range(CARD_COUNT))
_BY_CODE = {card.code: card for card in CARDS} | {
    "10" + card.suit: card for card in CARDS if card.rank == 10
}


def is_joker(card: Card) -> bool:
    return card.index in _JOKER_CODES


def _card_at(index: int) -> Card:
    return CARDS[index]


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, sorted by suit (C, D, H, S) then rank."""
    return [CARDS[i] for i in cards_in(mask)]


def mask_of(cards) -> int:
    """The mask of some cards (Cards or codes); ValueError on a bad code or a duplicate."""
    mask = 0
    for code in cards:
        bit = BIT[Card.parse(code).index]
        if mask & bit:
            raise ValueError(f"Card {code} appears twice")
        mask |= bit
    return mask


def not_held(deck: str, card: Card) -> str:
    """Why a seat cannot give or play a card it does not hold, in a game of `deck`."""
    if not DECKS[deck] & BIT[card.index]:
        return f"{card.code} is not a card in this game"
    return f"You do not have {card.code}"
