"""Cards and their two-character codes (the int form the rules use is in bits.py)."""

from .bits import BIT, cards_in

SUITS = "CDHS"
RANKS = "23456789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


class Card:
    """One of the 52 cards; instances are shared, so compare them with == or is."""

    __slots__ = ("code", "index", "rank", "suit")

    index: int
    rank: int
    suit: str
    code: str

    def __new__(cls, *args, **kwargs):
        raise TypeError("Use Card.parse(code) or Card.from_index(index)")

    @classmethod
    def parse(cls, code: "str | Card") -> "Card":
        """The card for a code such as "QS", "TD" or "10D" (a Card is returned as is)."""
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
        """The card with the given deck index (0 = 2C .. 51 = AS)."""
        if type(index) is not int or not 0 <= index < 52:
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


def _make(index: int) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "index", index)
    object.__setattr__(card, "rank", index % 13 + 2)
    object.__setattr__(card, "suit", SUITS[index // 13])
    object.__setattr__(card, "code", RANKS[index % 13] + SUITS[index // 13])
    return card


CARDS = tuple(_make(i) for i in range(52))
_BY_CODE = {card.code: card for card in CARDS} | {
    "10" + card.suit: card for card in CARDS if card.rank == 10
}


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
