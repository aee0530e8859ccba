"""A seat's knowledge of the hand in progress as plain ints, for fast bot decisions and playouts.

Cards are engine card indices and a set of cards is an int mask (games.engine.bits); the
rules of play (legal cards, spades broken, the trick winner, contracts) are the engine's
own functions, so a playout plays exactly as the engine would.
"""

from games.engine import CARDS, Card, Ruleset, side_contract
from games.engine.bits import (
    BIT,
    DECKS,
    SUIT_OF,
    breaks_spades,
    legal_mask,
    shown_voids,
    trick_winner,
)

_CARD_BY_CODE = {card.code: card.index for card in CARDS}
# A seat's opponents: the other partnership, or in Solo every other seat.
_OPPONENTS = {
    False: tuple(((seat + 1) & 3, (seat + 3) & 3) for seat in range(4)),
    True: tuple(tuple(other for other in range(4) if other != seat) for seat in range(4)),
}


def mask_of_codes(codes) -> int:
    mask = 0
    for code in codes:
        mask |= BIT[_CARD_BY_CODE[code] if code in _CARD_BY_CODE else Card.parse(code).index]
    return mask


class Table:
    """The hand in progress. `hands` holds the seats' unplayed cards where known (0 if not).

    Everything else is public: the cards played, the suits each seat has shown it lacks,
    bids, tricks taken, scores and bags. A bot's own view fills `hands[seat]` only; a
    playout fills all four from a sampled deal. `known[s]`: unplayed cards known to be in
    seat s's hand though unseen (those the viewer gave it in a Nil pass).

    `spades_broken` means "a spade may be led": always true where spades may be led at
    any time (RULES.md "Variants"), so that a spade lead shows no void there.
    `deck` is the mask of the ruleset's deck (the unseen cards are drawn from it).
    """

    __slots__ = (
        "bags",
        "bids",
        "blind",
        "counts",
        "deck",
        "done",
        "hands",
        "known",
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
    deck: int
    hands: list[int]
    known: list[int]
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
        t.deck = self.deck
        t.hands = self.hands[:]
        t.known = self.known[:]
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
        t.deck = DECKS[ruleset.deck]
        t.hands = [0, 0, 0, 0]
        t.known = [0, 0, 0, 0]
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
        t.spades_broken = ruleset.spades_lead == "anytime"
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
        t.spades_broken = t.spades_broken or view["spades_broken"]
        passed = view.get("nil_pass")
        if passed and passed["received"] is not None:
            # The cards have changed hands: our partner holds what we gave it, until played.
            t.known[seat ^ 2] = mask_of_codes(passed["given"]) & ~t.played
        return t

    def _observe(self, seat: int, card: int) -> None:
        """Record a card played (public information only)."""
        trick = self.trick
        self.voids[seat] |= shown_voids(
            card, SUIT_OF[trick[0]] if trick else None, self.spades_broken
        )
        if not self.spades_broken and breaks_spades(card):
            self.spades_broken = True
        self.played |= BIT[card]
        self.known[seat] &= ~BIT[card]
        self.played_by[seat] |= BIT[card]
        trick.append(card)

    def side(self, seat: int) -> int:
        """The side the seat scores for (its partnership, or itself in Solo)."""
        return seat if self.ruleset.solo else seat & 1

    def partner(self, seat: int) -> int | None:
        """The seat's partner (None in Solo)."""
        return None if self.ruleset.solo else seat ^ 2

    def opponents(self, seat: int) -> tuple[int, ...]:
        return _OPPONENTS[self.ruleset.solo][seat]

    def rivals(self, side: int) -> tuple[int, ...]:
        """The sides scoring against `side`."""
        return tuple(other for other in range(self.ruleset.sides) if other != side)

    def legal(self, seat: int) -> int:
        """The cards the seat may play now (the seat must be the one to act)."""
        trick = self.trick
        return legal_mask(
            self.hands[seat], SUIT_OF[trick[0]] if trick else None, self.spades_broken
        )

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

    def need(self, side: int) -> int:
        """Tricks the side still needs for its contract (<= 0 once made)."""
        contract, counted = side_contract(self.ruleset, self.bids, self.taken, side)
        return contract - counted
