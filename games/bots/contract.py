"""Card play for a contract: whether to want the trick, then the card that leads or follows.

Whether the seat wants the trick (its side's contract, or setting the other side's), then
which card leads or follows for it.

Every function sees one seat's cards (`t.hands[seat]`) plus public information only,
so the same code plays the standard bot's real decisions and each seat of a playout.
"""

from games.engine.bits import (
    ABOVE,
    BELOW,
    NON_SPADES,
    RANK,
    SPADES,
    STRENGTH,
    SUIT_MASK,
    SUIT_OF,
    cards_in,
    high,
    low,
    trick_winner,
)

from .table import Table

WIN, LOSE = 1, -1


def want_trick(t: Table, seat: int) -> int:
    """WIN while the side needs tricks (or can set the opponents), else LOSE (no bags)."""
    if t.ruleset.solo:
        return _want_trick_solo(t, seat)
    team = seat & 1
    remaining = 13 - t.done
    need_us = t.need(team)
    need_them = t.need(1 - team)
    if need_us > 0:
        if need_us <= remaining:
            return WIN
        # Set already: a set team takes no bags, so tricks only matter to the opponents,
        # who want them while their contract is open and are hurt by them (bags) after.
        return WIN if need_them > 0 else LOSE
    if need_them > 0:
        # Tricks we must still take to set them; each is a bag for us if we fail.
        to_set = remaining - need_them + 1
        contract = sum(t.bids[s] or 0 for s in (1 - team, 3 - team))
        if to_set <= 1 + contract // 3:
            return WIN
    return LOSE


def _want_trick_solo(t: Table, seat: int) -> int:
    """Solo: our own contract first; once made (or lost), tricks only to set the leader
    (or anyone about to be set), since every other trick is a bag."""
    remaining = 13 - t.done
    need_us = t.need(seat)
    if 0 < need_us <= remaining:
        return WIN
    best = max(t.scores[other] for other in t.opponents(seat))
    for other in t.opponents(seat):
        need = t.need(other)
        if need <= 0 or not t.bids[other]:
            continue
        to_set = remaining - need + 1
        leading = t.scores[other] == best and best >= t.scores[seat]
        if to_set <= 1 or (leading and to_set <= 1 + t.bids[other] // 3):
            return WIN
    # Set already: we take no bags, and our tricks are taken from the others' contracts.
    return WIN if need_us > 0 else LOSE


def beating(legal: int, win_card: int, led: int) -> int:
    """The legal cards that would beat the card now winning the trick."""
    if SUIT_OF[win_card] == SPADES or legal & SUIT_MASK[led]:
        return legal & ABOVE[win_card]
    return legal & SUIT_MASK[SPADES]


def _safe(t: Table, card: int, led: int, opponents: list[int], unseen: int) -> bool:
    """Will `card`, now winning the trick, still win after these opponents have played?"""
    if not opponents:
        return True
    suit = SUIT_OF[card]
    higher = ABOVE[card] & unseen
    if suit == SPADES:
        if not higher:
            return True
        if led == SPADES:
            return all(t.voids[o] & 0b1000 for o in opponents)
        # They can only overtrump when void in the suit led: count on it only when shown.
        return all(t.voids[o] & 0b1000 or not t.voids[o] >> led & 1 for o in opponents)
    if higher:
        # A higher card is out, but opponents known void in the suit cannot hold it.
        if all(t.voids[o] >> suit & 1 for o in opponents):
            return not any(not t.voids[o] & 0b1000 for o in opponents)
        return False
    for o in opponents:
        if t.voids[o] & 0b1000:
            continue
        if t.voids[o] >> led & 1:
            return False
    # Few cards of the suit left out: someone may be void and trump.
    return (unseen & SUIT_MASK[led]).bit_count() >= 2 * len(opponents) + 1


def _highest_rank(mask: int, hand: int) -> int:
    """The highest-ranked card of a mask; ties go to the shorter suit in hand."""
    best = -1
    best_key = (-1, 0)
    for card in cards_in(mask):
        key = (RANK[card], -(hand & SUIT_MASK[SUIT_OF[card]]).bit_count())
        if key > best_key:
            best, best_key = card, key
    return best


def _lowest_rank(mask: int, hand: int) -> int:
    """The lowest-ranked card of a mask; ties go to the shorter suit in hand."""
    best = -1
    best_key = (99, 99)
    for card in cards_in(mask):
        key = (RANK[card], (hand & SUIT_MASK[SUIT_OF[card]]).bit_count())
        if key < best_key:
            best, best_key = card, key
    return best


def discard_card(t: Table, seat: int, legal: int, unseen: int) -> int:
    """A card that cannot win: the least useful, keeping spades and winners."""
    hand = t.hands[seat]
    pool = legal & NON_SPADES or legal
    keep = 0
    for card in cards_in(pool):
        if not ABOVE[card] & unseen:
            keep |= 1 << card
    if pool & ~keep:
        pool &= ~keep
    return _lowest_rank(pool, hand)


def duck_card(t: Table, seat: int, legal: int, win_card: int, led: int) -> int:
    """Avoid winning: the highest card that stays under the winner, else the best loss."""
    hand = t.hands[seat]
    beaters = beating(legal, win_card, led)
    under = legal & ~beaters
    if under:
        if under & SUIT_MASK[led]:
            return high(under)
        # A discard: shed the card likeliest to win a trick later.
        unseen = t.deck & ~t.played & ~hand
        return max(cards_in(under), key=lambda card: _danger(card, unseen))
    if len(t.trick) == 3:
        return high(beaters) if beaters & SUIT_MASK[led] else _highest_rank(beaters, hand)
    return low(beaters)


def _danger(card: int, unseen: int) -> tuple[int, int]:
    """How likely a card is to win a trick: cards still out below it, fewer above; spades
    win on any other suit."""
    below = (BELOW[card] & unseen).bit_count()
    above = (ABOVE[card] & unseen).bit_count()
    return (below - above + (4 if SUIT_OF[card] == SPADES else 0), RANK[card])


def follow_card(t: Table, seat: int, legal: int, unseen: int, want: int) -> int:
    trick = t.trick
    led = SUIT_OF[trick[0]]
    win_seat, win_card = trick_winner(trick, t.leader)
    if want == LOSE:
        return duck_card(t, seat, legal, win_card, led)
    later = [(seat + k) & 3 for k in range(1, 4 - len(trick))]
    partner = t.partner(seat)
    opponents = [s for s in later if s != partner]
    if win_seat == partner and _safe(t, win_card, led, opponents, unseen):
        return discard_card(t, seat, legal, unseen)
    beaters = beating(legal, win_card, led)
    if not beaters:
        return discard_card(t, seat, legal, unseen)
    strength = STRENGTH[led]
    ordered = sorted(cards_in(beaters), key=strength.__getitem__)
    if not opponents:
        return ordered[0]
    for card in ordered:
        if _safe(t, card, led, opponents, unseen):
            return _cheapest_equal(card, t.hands[seat], unseen)
    if beaters & SUIT_MASK[led] and led != SPADES:
        if len(trick) == 1 and ABOVE[ordered[-1]] & unseen:
            # Second hand low: partner still plays after the opponent.
            return discard_card(t, seat, legal & SUIT_MASK[led], unseen)
        return ordered[-1]
    if win_seat == partner:
        return discard_card(t, seat, legal, unseen)
    return ordered[0]


def _cheapest_equal(card: int, hand: int, unseen: int) -> int:
    """The lowest card of the hand equivalent to `card` (no unseen card between them)."""
    below = BELOW[card]
    while True:
        lower = below & (hand | unseen)
        if not lower:
            return card
        nxt = high(lower)
        if unseen >> nxt & 1:
            return card
        card = nxt
        below = BELOW[card]


def lead_card(t: Table, seat: int, legal: int, unseen: int, want: int) -> int:
    hand = t.hands[seat]
    partner = t.partner(seat)
    opponents = t.opponents(seat)
    voids = t.voids
    if want == LOSE:
        return _lead_low(t, seat, legal, unseen)
    # Winners in a side suit: safe while the opponents still follow it.
    spades_out = unseen & SUIT_MASK[SPADES]
    best = -1
    best_key = 0
    for suit in range(3):
        mine = legal & SUIT_MASK[suit]
        if not mine:
            continue
        top = high(mine)
        if ABOVE[top] & unseen:
            continue
        out = (unseen & SUIT_MASK[suit]).bit_count()
        trumpable = any(voids[o] >> suit & 1 and not voids[o] & 0b1000 for o in opponents)
        if spades_out and (trumpable or out < 2):
            continue
        if out + 1 > best_key:
            best, best_key = top, out + 1
    # Top spades draw the opponents' trumps before the side winners get ruffed.
    spades = legal & SUIT_MASK[SPADES]
    if spades and spades_out:
        top = high(spades)
        if not ABOVE[top] & unseen and (best < 0 or best_key < 5):
            return top
    if best >= 0:
        return best
    # Partner can trump a suit it lacks while the opponents still follow.
    if partner is not None and not voids[partner] & 0b1000:
        for suit in range(3):
            mine = legal & SUIT_MASK[suit]
            if (
                mine
                and voids[partner] >> suit & 1
                and not any(voids[o] >> suit & 1 for o in opponents)
            ):
                return low(mine)
    side = legal & NON_SPADES
    if side:
        # Lead from the shortest side suit (to trump it later) unless we hold its king.
        choices = []
        for suit in range(3):
            mine = side & SUIT_MASK[suit]
            if mine:
                risky = mine.bit_count() <= 2 and high(mine) != low(mine) and RANK[high(mine)] >= 10
                choices.append((risky, mine.bit_count(), suit, low(mine)))
        choices.sort()
        has_spades = bool(hand & SUIT_MASK[SPADES])
        if has_spades:
            return choices[0][3]
        return max(choices, key=lambda c: (not c[0], c[1]))[3]
    return low(legal)


def _lead_low(t: Table, seat: int, legal: int, unseen: int) -> int:
    """Lead the card most likely to be beaten."""
    best = -1
    best_key = None
    for suit in range(4):
        mine = legal & SUIT_MASK[suit]
        if not mine:
            continue
        card = low(mine)
        above = (ABOVE[card] & unseen).bit_count()
        below = (BELOW[card] & unseen).bit_count()
        key = (above > 0, suit != SPADES, above - 2 * below)
        if best_key is None or key > best_key:
            best, best_key = card, key
    return best
