"""A plain minimax over every legal card: the reference the double-dummy solver is checked
against where nothing faster can be trusted (the tests' small endings, and the variants
DDS cannot play in bench/doubledummy.py)."""

from functools import cache

from games.engine.bits import SUIT_OF, cards_in, legal_mask
from games.engine.doubledummy import Position

TEAM0 = 0b0101  # seats 0 and 2


@cache
def minimax(position: Position, counted: int, maximizers: int) -> int:
    """The tricks won by the seats `counted` (bits) from the position, the seats
    `maximizers` wanting them many and the others few: every legal card tried
    (remembering positions already seen, which changes nothing but the time)."""
    seat = position.turn
    if not position.hands[seat]:
        return 0
    led = SUIT_OF[position.trick[0]] if position.trick else None
    outcomes = []
    for card in cards_in(legal_mask(position.hands[seat], led, position.spades_broken)):
        child, _ = position.after(card)
        won = not child.trick and counted >> child.leader & 1
        outcomes.append(won + minimax(child, counted, maximizers))
    return max(outcomes) if maximizers >> seat & 1 else min(outcomes)
