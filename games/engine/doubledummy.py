"""Exact double-dummy Spades: the tricks each side takes when all four hands are seen.

Exact Spades play (RULES.md): follow suit, spades are trump, and a spade may be led only
once spades are broken or from a hand of spades alone. Three Ruleset options touch play:
- `deck="jokers"`: the Jokers are spades above the ace (cards 52 and 53, `bits`), so the
  spade suit has 15 cards and clubs and diamonds lack their 2; positions simply hold
  those cards, nothing to tell the solver.
- `spades_lead="anytime"`: only the lead rule; `Position.of_state` takes spades as broken.
- `solo`: four sides. `Solver(solo=True)` counts the tricks of the seat to act alone
  against the three others (all three playing to keep them down), and `NilSolver(seat,
  solo=True)` a Nil with no partner to cover it.
Bridge solvers (DDS, endplay) know no "spades not yet broken" lead rule, no 15-card suit
and no one-against-three, hence this one, on the rules of `bits`.

The search is a boolean alpha-beta ("can team 0 take at least t tricks?", compiled:
`_doubledummy.c`) driven from here by MTD(f) to an exact value. Its table stores, at trick
boundaries, bounds that hold for a whole class of positions (partition search: the same
leader, spades broken or not, suit lengths, and holders of the cards that mattered) and so
for the whole deal: keep one Solver per hand and every later position of that hand reuses
what earlier searches learnt. Cards of one suit
in one hand with no card of another hand (or of the trick in progress) between them play
alike, so only one of them is searched.
"""

from typing import NamedTuple

from ._doubledummy import Table
from .bits import ABOVE, BELOW, SPADES, SUIT_OF, legal_mask, trick_winner

_FIRST_SPADE = 13 * SPADES


class Position(NamedTuple):
    """A moment of play: each seat's unplayed cards (masks), the cards of the trick in
    progress from its leader, the leader, and whether spades are broken."""

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    spades_broken: bool

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) & 3

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the one in progress included."""
        return self.hands[self.turn].bit_count()

    @classmethod
    def of_state(cls, state) -> "Position":
        """The position of an engine GameState in play. Where spades may be led at any
        time they play as if broken from the first trick: that is all the option changes."""
        broken = state.spades_broken or state.ruleset.spades_lead == "anytime"
        return cls(state.holdings, state.trick, state.leader, broken)

    def after(self, card: int) -> tuple["Position", int]:
        """The position after the seat to act plays `card`, and the tricks team 0 won by it
        (1 if it completed a trick team 0 won, else 0)."""
        seat = self.turn
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        trick = (*self.trick, card)
        broken = self.spades_broken or card >= _FIRST_SPADE
        if len(trick) < 4:
            return Position(tuple(hands), trick, self.leader, broken), 0
        winner, _ = trick_winner(trick, self.leader)
        return Position(tuple(hands), (), winner, broken), 1 - (winner & 1)


def distinct_legal(position: Position) -> list[list[int]]:
    """The legal cards of the seat to act, in groups of cards that play alike (adjacent
    in rank once cards already played are left out), lowest first."""
    hands, trick = position.hands, position.trick
    seat = position.turn
    hand = hands[seat]
    legal = legal_mask(hand, SUIT_OF[trick[0]] if trick else None, position.spades_broken)
    separators = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
    for card in trick:
        separators |= 1 << card
    groups: list[list[int]] = []
    previous = -1
    while legal:
        card = (legal & -legal).bit_length() - 1
        legal &= legal - 1
        if (
            previous >= 0
            and ABOVE[previous] >> card & 1
            and not (ABOVE[previous] & BELOW[card] & separators)
        ):
            groups[-1].append(card)
        else:
            groups.append([card])
        previous = card
    return groups


class Solver:
    """Double-dummy values of the positions of one deal. Reuse one instance for every
    position of a hand: what it learns about one position holds for all.

    A side is a partnership, or with `solo=True` (Ruleset.solo) one seat: every value is
    then the tricks of the seat to act alone, the three others playing against it."""

    def __init__(self, solo: bool = False) -> None:
        self.solo = solo
        self._table = Table(solo=solo)

    @property
    def nodes(self) -> int:
        """Search nodes visited so far (for benchmarks)."""
        return self._table.nodes

    def tricks(self, position: Position, seat: int | None = None) -> int:
        """The tricks the side to act (or the side of `seat`) takes of those left (the
        trick in progress included) with best play by both sides."""
        # Stepping from half the tricks (MTD(f)) measured a little cheaper than halving.
        n = position.tricks_left
        seat = position.turn if seat is None else seat
        # (In Solo a seat takes about a quarter of the tricks.)
        counted = self._value(position, seat, 0, n, guess=n // 4 if self.solo else n // 2)
        return counted if self._counts(seat) else n - counted

    def card_values(self, position: Position) -> dict[int, int]:
        """For each legal card of the seat to act, the tricks its side takes (of those left,
        the trick in progress included) when it plays that card, then both sides play best."""
        best = self.tricks(position)
        values = {}
        for group in distinct_legal(position):
            value = self._card_value(position, group[-1], best)
            for card in group:
                values[card] = value
        return values

    def judge(self, position: Position, card: int) -> tuple[int, list[int], int]:
        """(the tricks the side to act takes with its best card, the legal cards that take
        them, the tricks it takes with `card`). Cheaper than card_values: only `card` gets
        an exact value; the others are only tested against the best."""
        best = self.tricks(position)
        best_cards: list[int] = []
        played = best
        for group in distinct_legal(position):
            if card in group:
                played = self._card_value(position, group[-1], best)
                reaches = played == best
            else:
                reaches = self._reaches(position, group[-1], best)
            if reaches:
                best_cards.extend(group)
        return best, sorted(best_cards), played

    # The search counts the tricks of one side: team 0 in partnerships, in Solo the seat
    # asked about (`seat` below), the seats turned to put it at 0.

    def _counts(self, seat: int) -> bool:
        """Are `seat`'s tricks the ones the search counts for it?"""
        return self.solo or seat & 1 == 0

    def _won(self, child: Position, seat: int) -> int:
        """The counted tricks (for `seat`) won by the card that led to `child`."""
        if child.trick:
            return 0
        if self.solo:
            return int(child.leader == seat)
        return 1 - (child.leader & 1)

    def _card_value(self, position: Position, card: int, best: int) -> int:
        """The side to act's tricks after `card`, knowing the best is `best`."""
        n = position.tricks_left
        seat = position.turn
        child, _ = position.after(card)
        won = self._won(child, seat)
        left = child.tricks_left
        # No card does better than the best and most do as well: search down from it.
        if self._counts(seat):
            high = min(best - won, left)
            return won + self._value(child, seat, 0, high, guess=high)
        low = max(0, n - best - won)
        return n - won - self._value(child, seat, low, left, guess=low)

    def _reaches(self, position: Position, card: int, target: int) -> bool:
        """Does the side to act take at least `target` tricks after `card`? (One search.)"""
        n = position.tricks_left
        seat = position.turn
        child, _ = position.after(card)
        won = self._won(child, seat)
        if self._counts(seat):
            return self._ge(child, seat, target - won)
        return not self._ge(child, seat, n - won - target + 1)

    def _value(
        self, position: Position, seat: int, low: int, high: int, guess: int | None = None
    ) -> int:
        """The counted side's exact tricks from the position, known to lie in [low, high]
        (MTD(f))."""
        value = guess
        while low < high:
            # With no guess, halve the interval; with one, step from it (MTD(f)).
            target = (low + high + 1) // 2 if value is None else min(max(value, low + 1), high)
            if self._ge(position, seat, target):
                low = value = target
            else:
                high = value = target - 1
        return low

    def _ge(self, position: Position, seat: int, target: int) -> bool:
        """Can the counted side (team 0, or in Solo `seat`) take at least `target` of the
        tricks left?"""
        hands, leader = position.hands, position.leader
        if self.solo and seat:
            hands = (*hands[seat:], *hands[:seat])
            leader = (leader - seat) & 3
        return self._table.ge(hands, leader, position.trick, position.spades_broken, target)


class NilSolver:
    """Double-dummy Nil play: whether the Nil of `nil_seat` (who has taken no trick yet)
    fails, its side keeping it from every trick and the other side making it take one,
    all four hands seen. With `solo=True` the Nil bidder is alone (no partner covers it)
    and the three others try to make it take one. Reuse one instance for the positions of
    one hand, as a Solver.

    The search is the Solver's with only that seat's tricks counted (and no bounds by
    sure tricks, which count a side's); in partnerships it wants the Nil on team 1, so
    the seats are turned by one when the Nil is on team 0; in Solo the Nil is put at 0."""

    def __init__(self, nil_seat: int, solo: bool = False) -> None:
        self.nil_seat = nil_seat
        self._shift = -nil_seat & 3 if solo else 1 - (nil_seat & 1)
        self._table = Table(nil=(nil_seat + self._shift) & 3, solo=solo)

    @property
    def nodes(self) -> int:
        return self._table.nodes

    def fails(self, position: Position) -> bool:
        """Does the Nil fail from this position with best play by both sides?"""
        shift = self._shift
        hands = tuple(position.hands[(seat - shift) & 3] for seat in range(4))
        leader = (position.leader + shift) & 3
        return self._table.ge(hands, leader, position.trick, position.spades_broken, 1)

    def card_fails(self, position: Position) -> dict[int, bool]:
        """For each legal card of the seat to act: does the Nil fail once it is played?"""
        values = {}
        for group in distinct_legal(position):
            child, _ = position.after(group[-1])
            if child.trick:
                fails = self.fails(child)
            else:  # the card ended a trick: the Nil fails if its bidder won it
                fails = child.leader == self.nil_seat or self.fails(child)
            for card in group:
                values[card] = fails
        return values
