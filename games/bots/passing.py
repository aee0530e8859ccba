"""The Nil pass (RULES.md "Variants", `nil_pass`): which cards a seat gives its partner.

The Nil bidder gives away the cards that most endanger its Nil, as the Nil model
(policy.nil_chance) judges them: its top spades, spades beyond three, unguarded honours.
Its partner gives its lowest side cards, the ones a Nil hand ducks with, keeping its own
winners (it now covers the Nil and takes the team's tricks).
"""

from games.engine.bits import RANK, SPADES, SUIT_MASK, SUIT_OF, cards_in


def nil_bidder_pass(hand: int, count: int, nil_chance) -> list[int]:
    """The `count` cards whose giving away raises the Nil model's chance most, one at a
    time (the model is nearly additive, so greedy is close to the best set)."""
    chosen: list[int] = []
    for _ in range(count):
        card = max(cards_in(hand), key=lambda c: (nil_chance(hand & ~(1 << c)), c))
        chosen.append(card)
        hand &= ~(1 << card)
    return chosen


def partner_pass(hand: int, count: int) -> list[int]:
    """The `count` lowest cards, side suits before spades: what a Nil bidder ducks with."""
    return sorted(cards_in(hand), key=lambda c: (SUIT_OF[c] == SPADES, RANK[c], c))[:count]


def after_pass(hand: int, count: int, deck: int, nil_chance) -> int:
    """The hand a Nil bidder expects to hold after the pass: its `count` most dangerous
    cards given, the lowest side cards it lacks received (a guess: the partner's lowest)."""
    if not count:
        return hand
    for card in nil_bidder_pass(hand, count, nil_chance):
        hand &= ~(1 << card)
    lacking = [c for c in cards_in(deck & ~hand & ~SUIT_MASK[SPADES])]
    lacking.sort(key=lambda c: (RANK[c], c))
    for card in lacking[:count]:
        hand |= 1 << card
    return hand
