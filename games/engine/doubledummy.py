"""Exact double-dummy Spades: the tricks each side takes when all four hands are seen.

Exact Spades play (RULES.md): follow suit, spades are trump, and a spade may be led only
once spades are broken or from a hand of spades alone. No Ruleset option changes how
cards are played, so the solver needs none. Bridge solvers (DDS, endplay) know no
"spades not yet broken" lead rule, hence this one, on the bitmask rules of `bits`.

The search is a boolean alpha-beta ("can team 0 take at least t tricks?") driven by
MTD(f) to an exact value. Its table, keyed at trick boundaries by the cards left, the
leader and whether spades are broken, stores bounds that hold for the whole deal: keep
one Solver per hand and every later position of that hand reuses what earlier searches
learnt. Cards of one suit in one hand with no card of another hand (or of the trick in
progress) between them play alike, so only one of them is searched.
"""

from typing import NamedTuple

from .bits import ABOVE, BELOW, NON_SPADES, SPADES, STRENGTH, SUIT_MASK, SUIT_OF, legal_mask

_SPADE_MASK = SUIT_MASK[SPADES]
_FIRST_SPADE = 13 * SPADES

# _SQUEEZE[k][rest][bits]: the bits of `bits` at the places where chunk k (7 or 6 bits)
# of `rest` is set, packed low ("parallel bit extract"). Packing each hand's suits by the
# cards still out gives every deal that differs only in cards already played one key.
_SQUEEZE = tuple(
    tuple(
        tuple(
            sum(
                1 << j
                for j, i in enumerate(b for b in range(width) if rest >> b & 1)
                if bits >> i & 1
            )
            for bits in range(1 << width)
        )
        for rest in range(1 << width)
    )
    for width in (7, 6)
)
_LOW7, _HIGH6 = _SQUEEZE
_COUNT7 = tuple(rest.bit_count() for rest in range(128))


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
        """The position of an engine GameState in play."""
        return cls(state.holdings, state.trick, state.leader, state.spades_broken)

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
        winner = _winner(trick, self.leader)
        return Position(tuple(hands), (), winner, broken), 1 - (winner & 1)


def _winner(trick, leader: int) -> int:
    strength = STRENGTH[SUIT_OF[trick[0]]]
    best, top = 0, strength[trick[0]]
    for i in (1, 2, 3):
        power = strength[trick[i]]
        if power > top:
            best, top = i, power
    return (leader + best) & 3


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
    position of a hand: what it learns about one position holds for all."""

    def __init__(self) -> None:
        # _key(...) of a trick boundary -> (low, high): bounds on team 0's tricks from it.
        self._bounds: dict[int, tuple[int, int]] = {}
        # A boundary's key, or (key, cards of the trick so far) -> the card that decided.
        self._moves: dict = {}
        self.searches = 0  # null-window searches run (for benchmarks)

    def tricks(self, position: Position) -> int:
        """The tricks the side to act takes of those left (the trick in progress included)
        with best play by both sides."""
        team0 = self._value(position, 0, position.tricks_left)
        return team0 if position.turn & 1 == 0 else position.tricks_left - team0

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

    def _card_value(self, position: Position, card: int, best: int) -> int:
        """The side to act's tricks after `card`, knowing the best is `best`."""
        n = position.tricks_left
        child, won = position.after(card)
        left = child.tricks_left
        # No card does better than the best and most do as well: search down from it.
        if position.turn & 1 == 0:
            high = min(best - won, left)
            return won + self._value(child, 0, high, guess=high)
        low = max(0, n - best - won)
        return n - won - self._value(child, low, left, guess=low)

    def _reaches(self, position: Position, card: int, target: int) -> bool:
        """Does the side to act take at least `target` tricks after `card`? (One search.)"""
        n = position.tricks_left
        child, won = position.after(card)
        hands = list(child.hands)
        self.searches += 1
        if position.turn & 1 == 0:
            return self._ge(hands, child.leader, child.trick, child.spades_broken, target - won)
        return not self._ge(
            hands, child.leader, child.trick, child.spades_broken, n - won - target + 1
        )

    def _value(self, position: Position, low: int, high: int, guess: int | None = None) -> int:
        """Team 0's exact tricks from the position, known to lie in [low, high] (MTD(f))."""
        hands = list(position.hands)
        trick = position.trick
        leader, broken = position.leader, position.spades_broken
        value = guess
        while low < high:
            # With no guess, halve the interval; with one, step from it (MTD(f)).
            target = (low + high + 1) // 2 if value is None else min(max(value, low + 1), high)
            self.searches += 1
            if self._ge(hands, leader, trick, broken, target):
                low = value = target
            else:
                high = value = target - 1
        return low

    def _ge(
        self, hands: list[int], leader: int, trick: tuple, broken: bool, target: int, key=None
    ) -> bool:
        """Can team 0 take at least `target` of the tricks left? (hands is restored.)
        `key`: the trick's boundary key, inside a trick."""
        seat = (leader + len(trick)) & 3
        hand = hands[seat]
        n = hand.bit_count()
        if target <= 0:
            return True
        if target > n:
            return False
        if trick:
            return self._search_moves(
                hands, leader, trick, broken, target, seat, hand, key, (key, trick)
            )
        if n == 1:
            last = (
                hand.bit_length() - 1,
                hands[(leader + 1) & 3].bit_length() - 1,
                hands[(leader + 2) & 3].bit_length() - 1,
                hands[(leader + 3) & 3].bit_length() - 1,
            )
            return _winner(last, leader) & 1 == 0
        key = _key(hands, leader * 2 + broken)
        bounds = self._bounds.get(key)
        if bounds is None:
            low, high = _sure_spades(hands, 0), n - _sure_spades(hands, 1)
            sure = _side_quick_tricks(hands, leader, broken)
            if leader & 1:
                high = min(high, n - sure)
            else:
                low = max(low, sure)
        else:
            low, high = bounds
        if low >= target or high < target:
            if bounds is None:
                self._bounds[key] = (low, high)
            return low >= target
        result = self._search_moves(hands, leader, trick, broken, target, seat, hand, key, key)
        if result:
            low = target
        else:
            high = target - 1
        self._bounds[key] = (low, high)
        return result

    def _search_moves(self, hands, leader, trick, broken, target, seat, hand, key, node) -> bool:
        """The node of `seat` to play: team 0's side wants some move to reach the target,
        the other side some move to keep team 0 from it. `key`: the trick's boundary key;
        `node`: this node's key for the move memory."""
        maximizing = seat & 1 == 0
        moves = _ordered_moves(hands, leader, trick, broken, seat, hand)
        # The card that settled this node before (in another search) likely will again.
        remembered = self._moves.get(node)
        if remembered is not None and remembered in moves and moves[0] != remembered:
            moves.remove(remembered)
            moves.insert(0, remembered)
        for card in moves:
            hands[seat] = hand & ~(1 << card)
            now_broken = broken or card >= _FIRST_SPADE
            if len(trick) == 3:
                winner = _winner((*trick, card), leader)
                result = self._ge(hands, winner, (), now_broken, target - 1 + (winner & 1))
            else:
                result = self._ge(hands, leader, (*trick, card), now_broken, target, key)
            hands[seat] = hand
            if result == maximizing:
                if remembered != card:
                    self._moves[node] = card
                return result
        return not maximizing


def _key(hands, lead_code: int) -> int:
    """One int for a trick boundary: per suit, the number of cards left and the first three
    hands' cards packed by the cards left (so only relative ranks count), then the leader
    and whether spades are broken."""
    h0, h1, h2 = hands[0], hands[1], hands[2]
    union = h0 | h1 | h2 | hands[3]
    key = lead_code
    for shift in (0, 13, 26, 39):
        rest = union >> shift & 0x1FFF
        low_rest = rest & 127
        low_table, high_table = _LOW7[low_rest], _HIGH6[rest >> 7]
        width = _COUNT7[low_rest]
        b0, b1, b2 = h0 >> shift, h1 >> shift, h2 >> shift
        key = (
            (
                (
                    (key << 4 | rest.bit_count()) << 13
                    | low_table[b0 & 127]
                    | high_table[b0 >> 7 & 63] << width
                )
                << 13
                | low_table[b1 & 127]
                | high_table[b1 >> 7 & 63] << width
            )
            << 13
            | low_table[b2 & 127]
            | high_table[b2 >> 7 & 63] << width
        )
    return key


def _sure_spades(hands, team: int) -> int:
    """Tricks the team takes whatever happens: the spades of one of its hands that rank
    above every spade of the other team each win a trick (all cards get played)."""
    theirs = (hands[team ^ 1] | hands[team ^ 3]) & _SPADE_MASK
    above = ~((2 << (theirs.bit_length() - 1)) - 1) if theirs else -1
    return max(
        (hands[team] & _SPADE_MASK & above).bit_count(),
        (hands[team ^ 2] & _SPADE_MASK & above).bit_count(),
    )


def _ordered_moves(hands, leader, trick, broken, seat, hand) -> list[int]:
    """One card of each group that plays alike, the likeliest good ones first."""
    led = SUIT_OF[trick[0]] if trick else None
    legal = legal_mask(hand, led, broken)
    others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
    separators = others
    for card in trick:
        separators |= 1 << card
    # The lowest card of each group (ties in value: the cheapest to play).
    cards = []
    previous = -1
    while legal:
        card = (legal & -legal).bit_length() - 1
        legal &= legal - 1
        if (
            previous >= 0
            and ABOVE[previous] >> card & 1
            and not ABOVE[previous] & BELOW[card] & separators
        ):
            previous = card
            continue
        cards.append(card)
        previous = card
    if len(cards) == 1:
        return cards
    if trick:
        strength = STRENGTH[led]
        best, top = 0, strength[trick[0]]
        for i in range(1, len(trick)):
            power = strength[trick[i]]
            if power > top:
                best, top = i, power
        if (leader + best) & 3 == seat ^ 2:
            return cards  # partner is winning: low cards first
        # Opponents are winning: the cheapest card that beats them, then low ones.
        winners = [card for card in cards if strength[card] > top]
        if not winners:
            return cards
        if len(trick) == 3:
            return [winners[0]] + [card for card in cards if strength[card] <= top]
        return winners[:1] + [card for card in cards if card != winners[0]]
    # Leading: sure winners first (top trumps, tops the opponents cannot ruff), then low
    # cards towards partner's top cards, then the rest from low to high.
    left, right = hands[(seat + 1) & 3], hands[(seat + 3) & 3]
    partner = hands[seat ^ 2]
    first, second, rest = [], [], []
    for card in cards:
        suit_mask = SUIT_MASK[SUIT_OF[card]]
        safe = card >= _FIRST_SPADE or (
            (left & suit_mask or not left & _SPADE_MASK)
            and (right & suit_mask or not right & _SPADE_MASK)
        )
        above = ABOVE[card] & others
        if not above and safe:
            first.append(card)
        elif safe and above and (1 << (above.bit_length() - 1)) & partner:
            second.append(card)
        else:
            rest.append(card)
    first.reverse()
    return first + second + rest


def _side_quick_tricks(hands, leader: int, broken: bool) -> int:
    """Tricks the leader's side can cash at once: the leader's own top cards, or its
    partner's once a low card led to the partner's top card puts the partner on lead."""
    sure = _quick_tricks(hands, leader, broken)
    partner = leader ^ 2
    theirs = hands[partner]
    if not theirs:
        return sure
    mine = hands[leader]
    left, right = hands[(leader + 1) & 3], hands[(leader + 3) & 3]
    everyone = mine | left | right | theirs
    may_lead = mine if broken or not mine & NON_SPADES else mine & NON_SPADES
    for suit in (0, 1, 2, 3):
        suit_mask = SUIT_MASK[suit]
        rest = everyone & suit_mask
        if not may_lead & suit_mask or not theirs >> (rest.bit_length() - 1) & 1:
            continue
        # The partner holds the top card of a suit the leader can lead: an entry, unless
        # an opponent ruffs the first round.
        if suit != SPADES and (
            (not left & suit_mask and left & _SPADE_MASK)
            or (not right & suit_mask and right & _SPADE_MASK)
        ):
            continue
        return max(sure, _quick_tricks(hands, partner, broken))
    return sure


def _quick_tricks(hands, leader: int, broken: bool) -> int:
    """Tricks the leader can cash at once from the top of its own hand: a lower bound on
    its side's tricks. A top card of a plain suit counts while each opponent either still
    follows to it or holds no spade to ruff it; top spades count if they may be led."""
    mine = hands[leader]
    left, right = hands[(leader + 1) & 3], hands[(leader + 3) & 3]
    everyone = mine | left | right | hands[leader ^ 2]
    left_ruffs = left & _SPADE_MASK
    right_ruffs = right & _SPADE_MASK
    sure = 0
    for suit in (0, 1, 2, 3):
        suit_mask = SUIT_MASK[suit]
        own = mine & suit_mask
        if not own:
            continue
        rest = everyone & suit_mask
        top = 0
        while rest:
            card = rest.bit_length() - 1
            if not own >> card & 1:
                break
            top += 1
            rest ^= 1 << card
        if not top:
            continue
        if suit == SPADES:
            if broken or not mine & NON_SPADES:
                sure += top
        else:
            if left_ruffs:
                top = min(top, (left & suit_mask).bit_count())
            if right_ruffs:
                top = min(top, (right & suit_mask).bit_count())
            sure += top
    return sure
