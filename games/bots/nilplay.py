"""Card play around a Nil: playing one's own, covering a partner's, setting an opponent's."""

from games.engine.bits import (
    ABOVE,
    BELOW,
    NON_SPADES,
    SPADES,
    STRENGTH,
    SUIT_MASK,
    SUIT_OF,
    cards_in,
    high,
    low,
    trick_winner,
)

from .contract import beating, discard_card, duck_card, follow_card, want_trick
from .table import Table


def nil_play(t: Table, seat: int, legal: int, unseen: int) -> int:
    if t.trick:
        led = SUIT_OF[t.trick[0]]
        _, win_card = trick_winner(t.trick, t.leader)
        return duck_card(t, seat, legal, win_card, led)
    # Lead the card with the most unseen cards above it and the fewest below.
    best = -1
    best_key = None
    others = [s for s in range(4) if s != seat]
    for suit in range(4):
        mine = legal & SUIT_MASK[suit]
        if not mine:
            continue
        card = low(mine)
        if all(t.voids[s] >> suit & 1 for s in others):
            continue
        above = (ABOVE[card] & unseen).bit_count()
        below = (BELOW[card] & unseen).bit_count()
        key = (above > 0, -below, above)
        if best_key is None or key > best_key:
            best, best_key = card, key
    return best if best >= 0 else low(legal)


def cover_play(t: Table, seat: int, legal: int, unseen: int) -> int:
    partner = seat ^ 2
    trick = t.trick
    hand = t.hands[seat]
    if not trick:
        return _cover_lead(t, seat, legal, unseen)
    led = SUIT_OF[trick[0]]
    win_seat, win_card = trick_winner(trick, t.leader)
    partner_played = (partner - t.leader) & 3 < len(trick)
    if partner_played:
        if win_seat == partner:
            beaters = beating(legal, win_card, led)
            if beaters:
                return min(cards_in(beaters), key=STRENGTH[led].__getitem__)
        return follow_card(t, seat, legal, unseen, want_trick(t, seat))
    # Partner plays after me: make the trick as hard to win as possible.
    follow = legal & SUIT_MASK[led]
    if follow:
        top = high(follow)
        if STRENGTH[led][top] > STRENGTH[led][win_card]:
            return top
        return discard_card(t, seat, legal, unseen)
    if t.voids[partner] >> led & 1:
        return discard_card(t, seat, legal, unseen)
    if SUIT_OF[win_card] != SPADES and ABOVE[win_card] & unseen:
        spades = hand & SUIT_MASK[SPADES]
        if spades:
            return low(spades)
    return discard_card(t, seat, legal, unseen)


def _cover_lead(t: Table, seat: int, legal: int, unseen: int) -> int:
    """Lead high so that the Nil partner can play under, ideally in a suit it lacks."""
    partner = seat ^ 2
    best = -1
    best_key = None
    for suit in range(4):
        mine = legal & SUIT_MASK[suit]
        if not mine:
            continue
        top = high(mine)
        higher_out = (ABOVE[top] & unseen).bit_count()
        key = (
            bool(t.voids[partner] >> suit & 1),
            -higher_out,
            suit != SPADES,
            mine.bit_count(),
        )
        if best_key is None or key > best_key:
            best, best_key = top, key
    return best


def set_nil_play(t: Table, seat: int, nil: int, legal: int, unseen: int) -> int | None:
    """A card that helps an opponent's Nil fail, or None to play the contract."""
    need = t.need(t.side(seat))
    if need > 0 and need >= 13 - t.done:
        return None  # Every trick left is needed for the contract.
    trick = t.trick
    if not trick:
        # Lead low in a suit the Nil player still holds.
        best = -1
        best_key = None
        for suit in range(4):
            mine = legal & SUIT_MASK[suit]
            if not mine or t.voids[nil] >> suit & 1:
                continue
            card = low(mine)
            above = (ABOVE[card] & unseen).bit_count()
            below = (BELOW[card] & unseen).bit_count()
            key = (above > 0, -below, suit != SPADES)
            if best_key is None or key > best_key:
                best, best_key = card, key
        return best if best >= 0 else None
    led = SUIT_OF[trick[0]]
    win_seat, win_card = trick_winner(trick, t.leader)
    nil_played = (nil - t.leader) & 3 < len(trick)
    if nil_played:
        if win_seat != nil:
            return None
        under = legal & ~beating(legal, win_card, led)
        if not under:
            return None
        if under & SUIT_MASK[led]:
            return high(under)
        return discard_card(t, seat, under, unseen)
    if win_seat == t.partner(nil) and not ABOVE[win_card] & unseen & SUIT_MASK[SUIT_OF[win_card]]:
        return None  # The Nil's partner already covers this trick.
    follow = legal & SUIT_MASK[led]
    if follow:
        return low(follow)
    if legal & NON_SPADES:
        return discard_card(t, seat, legal & NON_SPADES, unseen)
    return None


# ---------------------------------------------------------------------------------------
