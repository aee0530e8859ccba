"""A seat's knowledge of the hand in progress as plain ints, for fast bot decisions and playouts.

Cards are engine card indices (suit * 13 + rank, see games.engine.Card) and a set of cards
is an int with bit i set for card i, so that hands are copied and queried in O(1).
The rules used here (following suit, breaking spades, who wins a trick) mirror
games.engine; tests/bots/test_table.py plays random hands through both to keep them equal.
"""

from games.engine import CARDS, Card, Ruleset

SPADES = 3
SUIT_OF = tuple(i // 13 for i in range(52))  # 0..3 = clubs, diamonds, hearts, spades
BIT = tuple(1 << i for i in range(52))
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1
NON_SPADES = FULL_DECK & ~SUIT_MASK[SPADES]
# Cards of the same suit ranked above / below a card.
ABOVE = tuple(SUIT_MASK[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(52))
BELOW = tuple(SUIT_MASK[SUIT_OF[c]] & ((1 << c) - 1) for c in range(52))
RANK = tuple(c % 13 for c in range(52))  # 0 = "2" .. 12 = "A"
# STRENGTH[led][card]: the card's power in a trick led with suit `led`; -1 cannot win.
STRENGTH = tuple(
    tuple(100 + c if SUIT_OF[c] == SPADES else c if SUIT_OF[c] == led else -1 for c in range(52))
    for led in range(4)
)
_CARD_BY_CODE = {card.code: card.index for card in CARDS}


def high(mask: int) -> int:
    """The highest card of a non-empty mask (within a suit: the best rank)."""
    return mask.bit_length() - 1


def low(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


# _CHUNK_CARDS[k][bits]: the cards of chunk k of a mask, lowest first; each suit's 13 bits
# are split 7 + 6 so that the tables stay small.
_CHUNK_CARDS = tuple(
    tuple(tuple(shift + i for i in range(width) if bits >> i & 1) for bits in range(1 << width))
    for shift, width in (
        (13 * suit + offset, width) for suit in range(4) for offset, width in ((0, 7), (7, 6))
    )
)
_C0, _C1, _C2, _C3, _C4, _C5, _C6, _C7 = _CHUNK_CARDS


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
        *_C7[mask >> 46],
    ]


def mask_of_codes(codes) -> int:
    mask = 0
    for code in codes:
        mask |= BIT[_CARD_BY_CODE[code] if code in _CARD_BY_CODE else Card.parse(code).index]
    return mask


def trick_winner(cards: list[int], leader: int) -> tuple[int, int]:
    """(seat, card) currently winning a trick with at least one card."""
    rank = STRENGTH[SUIT_OF[cards[0]]]
    best = 0
    for i in range(1, len(cards)):
        if rank[cards[i]] > rank[cards[best]]:
            best = i
    return (leader + best) & 3, cards[best]


class Table:
    """The hand in progress. `hands` holds the seats' unplayed cards where known (0 if not).

    Everything else is public: the cards played, the suits each seat has shown it lacks,
    bids, tricks taken, scores and bags. A bot's own view fills `hands[seat]` only; a
    playout fills all four from a sampled deal.
    """

    __slots__ = (
        "bags",
        "bids",
        "blind",
        "counts",
        "done",
        "hands",
        "leader",
        "played",
        "played_by",
        "ruleset",
        "scores",
        "spades_broken",
        "taken",
        "trick",
        "voids",
    )

    ruleset: Ruleset
    hands: list[int]
    counts: list[int]  # unplayed cards per seat
    played: int  # every card played this hand, the trick in progress included
    played_by: list[int]  # the same, per seat
    voids: list[int]  # per seat, bit s set once the seat has shown it holds no suit s
    trick: list[int]  # cards of the trick in progress, from its leader
    leader: int
    done: int  # completed tricks
    bids: list[int | None]
    blind: list[bool]
    taken: list[int]
    spades_broken: bool
    scores: list[int]
    bags: list[int]

    def copy(self) -> "Table":
        t = Table.__new__(Table)
        t.ruleset = self.ruleset
        t.hands = self.hands[:]
        t.counts = self.counts[:]
        t.played = self.played
        t.played_by = self.played_by[:]
        t.voids = self.voids[:]
        t.trick = self.trick[:]
        t.leader = self.leader
        t.done = self.done
        t.bids = self.bids[:]
        t.blind = self.blind[:]
        t.taken = self.taken[:]
        t.spades_broken = self.spades_broken
        t.scores = self.scores[:]
        t.bags = self.bags[:]
        return t

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) & 3

    @classmethod
    def from_view(cls, view: dict, ruleset: Ruleset) -> "Table":
        """What the viewing seat knows; its own cards are hands[view["seat"]] (0 if hidden)."""
        t = cls.__new__(cls)
        t.ruleset = ruleset
        t.hands = [0, 0, 0, 0]
        seat = view["seat"]
        if view["hand"] is not None:
            t.hands[seat] = mask_of_codes(view["hand"])
        t.counts = list(view["hand_counts"])
        t.bids = list(view["bids"])
        t.blind = list(view["blind"])
        t.taken = list(view["tricks_taken"])
        t.scores = list(view["scores"])
        t.bags = list(view["bags"])
        t.voids = [0, 0, 0, 0]
        t.played = 0
        t.played_by = [0, 0, 0, 0]
        t.trick = []
        t.done = 0
        t.spades_broken = False
        t.leader = (view["dealer"] + 1) & 3
        for trick in view["tricks"]:
            t.leader = trick["leader"]
            t.trick = []
            for seat_played, code in trick["cards"]:
                t._observe(seat_played, _CARD_BY_CODE[code])
            if trick["winner"] is not None:
                t.done += 1
                t.leader = trick["winner"]
                t.trick = []
        t.spades_broken = view["spades_broken"]
        return t

    def _observe(self, seat: int, card: int) -> None:
        """Record a card played (public information only)."""
        trick = self.trick
        suit = SUIT_OF[card]
        if trick:
            led = SUIT_OF[trick[0]]
            if suit != led:
                self.voids[seat] |= 1 << led
        elif suit == SPADES and not self.spades_broken:
            # Leading an unbroken spade is only legal from a hand of spades alone.
            self.voids[seat] |= 0b0111
        if suit == SPADES:
            self.spades_broken = True
        self.played |= BIT[card]
        self.played_by[seat] |= BIT[card]
        trick.append(card)

    def legal(self, seat: int) -> int:
        """The cards the seat may play now (the seat must be the one to act)."""
        hand = self.hands[seat]
        if self.trick:
            follow = hand & SUIT_MASK[SUIT_OF[self.trick[0]]]
            if follow:
                return follow
            return hand
        if not self.spades_broken and hand & NON_SPADES:
            return hand & NON_SPADES
        return hand

    def play(self, card: int) -> None:
        """The seat to act plays `card` (assumed legal); a fourth card completes the trick."""
        seat = (self.leader + len(self.trick)) & 3
        self.hands[seat] &= ~BIT[card]
        self.counts[seat] -= 1
        self._observe(seat, card)
        if len(self.trick) == 4:
            winner, _ = trick_winner(self.trick, self.leader)
            self.taken[winner] += 1
            self.done += 1
            self.leader = winner
            self.trick = []

    # Contract bookkeeping (RULES.md "Scoring one hand").

    def nil_alive(self, seat: int) -> bool:
        return self.bids[seat] == 0 and self.taken[seat] == 0

    def need(self, team: int) -> int:
        """Tricks the team still needs for its contract (<= 0 once made)."""
        contract = counted = 0
        partner_counts = self.ruleset.nil_tricks_count_for_partner
        for seat in (team, team + 2):
            bid = self.bids[seat]
            if bid:
                contract += bid
                counted += self.taken[seat]
            elif partner_counts:
                counted += self.taken[seat]
        return contract - counted
