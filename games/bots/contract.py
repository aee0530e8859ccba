"""The rule-based Spades judgement shared by the standard bot and the expert's playouts.

Every function sees one seat's cards (`t.hands[seat]`) plus public information only,
so the same code plays the standard bot's real decisions and each seat of a playout.
"""

import math

from games.engine.bits import (
    ABOVE,
    BELOW,
    FULL_DECK,
    NON_SPADES,
    RANK,
    SPADES,
    STRENGTH,
    SUIT_MASK,
    SUIT_OF,
    cards_in,
    high,
    low,
    team_of,
    trick_winner,
)

from .table import Table

WIN, LOSE = 1, -1

# ---------------------------------------------------------------------------------------
# Card play


def choose_card(t: Table, seat: int) -> int:
    """The card the seat plays now (it must be the seat to act)."""
    legal = t.legal(seat)
    if not legal & (legal - 1):
        return high(legal)
    unseen = FULL_DECK & ~t.played & ~t.hands[seat]
    if t.bids[seat] == 0 and t.taken[seat] == 0:
        return _nil_play(t, seat, legal, unseen)
    partner = seat ^ 2
    if t.bids[partner] == 0 and t.taken[partner] == 0:
        return _cover_play(t, seat, legal, unseen)
    for opponent in ((seat + 1) & 3, (seat + 3) & 3):
        if t.bids[opponent] == 0 and t.taken[opponent] == 0:
            card = _set_nil_play(t, seat, opponent, legal, unseen)
            if card is not None:
                return card
    want = want_trick(t, seat)
    if not t.trick:
        return _lead(t, seat, legal, unseen, want)
    return _follow(t, seat, legal, unseen, want)


def want_trick(t: Table, seat: int) -> int:
    """WIN while the team needs tricks (or can set the opponents), else LOSE (no bags)."""
    team = team_of(seat)
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


def _beaters(legal: int, win_card: int, led: int) -> int:
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


def _discard(t: Table, seat: int, legal: int, unseen: int) -> int:
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


def _duck(t: Table, seat: int, legal: int, win_card: int, led: int) -> int:
    """Avoid winning: the highest card that stays under the winner, else the best loss."""
    hand = t.hands[seat]
    beaters = _beaters(legal, win_card, led)
    under = legal & ~beaters
    if under:
        if under & SUIT_MASK[led]:
            return high(under)
        # A discard: shed the card likeliest to win a trick later.
        unseen = FULL_DECK & ~t.played & ~hand
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


def _follow(t: Table, seat: int, legal: int, unseen: int, want: int) -> int:
    trick = t.trick
    led = SUIT_OF[trick[0]]
    win_seat, win_card = trick_winner(trick, t.leader)
    if want == LOSE:
        return _duck(t, seat, legal, win_card, led)
    later = [(seat + k) & 3 for k in range(1, 4 - len(trick))]
    opponents = [s for s in later if (s ^ seat) & 1]
    if win_seat == seat ^ 2 and _safe(t, win_card, led, opponents, unseen):
        return _discard(t, seat, legal, unseen)
    beaters = _beaters(legal, win_card, led)
    if not beaters:
        return _discard(t, seat, legal, unseen)
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
            return _discard(t, seat, legal & SUIT_MASK[led], unseen)
        return ordered[-1]
    if win_seat == seat ^ 2:
        return _discard(t, seat, legal, unseen)
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


def _lead(t: Table, seat: int, legal: int, unseen: int, want: int) -> int:
    hand = t.hands[seat]
    partner = seat ^ 2
    opponents = ((seat + 1) & 3, (seat + 3) & 3)
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
    if not voids[partner] & 0b1000:
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


# Nil: playing one's own, covering a partner's, setting an opponent's.


def _nil_play(t: Table, seat: int, legal: int, unseen: int) -> int:
    if t.trick:
        led = SUIT_OF[t.trick[0]]
        _, win_card = trick_winner(t.trick, t.leader)
        return _duck(t, seat, legal, win_card, led)
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


def _cover_play(t: Table, seat: int, legal: int, unseen: int) -> int:
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
            beaters = _beaters(legal, win_card, led)
            if beaters:
                return min(cards_in(beaters), key=STRENGTH[led].__getitem__)
        return _follow(t, seat, legal, unseen, want_trick(t, seat))
    # Partner plays after me: make the trick as hard to win as possible.
    follow = legal & SUIT_MASK[led]
    if follow:
        top = high(follow)
        if STRENGTH[led][top] > STRENGTH[led][win_card]:
            return top
        return _discard(t, seat, legal, unseen)
    if t.voids[partner] >> led & 1:
        return _discard(t, seat, legal, unseen)
    if SUIT_OF[win_card] != SPADES and ABOVE[win_card] & unseen:
        spades = hand & SUIT_MASK[SPADES]
        if spades:
            return low(spades)
    return _discard(t, seat, legal, unseen)


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


def _set_nil_play(t: Table, seat: int, nil: int, legal: int, unseen: int) -> int | None:
    """A card that helps an opponent's Nil fail, or None to play the contract."""
    need = t.need(team_of(seat))
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
        under = legal & ~_beaters(legal, win_card, led)
        if not under:
            return None
        if under & SUIT_MASK[led]:
            return high(under)
        return _discard(t, seat, under, unseen)
    if win_seat == nil ^ 2 and not ABOVE[win_card] & unseen & SUIT_MASK[SUIT_OF[win_card]]:
        return None  # The Nil's partner already covers this trick.
    follow = legal & SUIT_MASK[led]
    if follow:
        return low(follow)
    if legal & NON_SPADES:
        return _discard(t, seat, legal & NON_SPADES, unseen)
    return None


# ---------------------------------------------------------------------------------------
# Bidding


def estimate_tricks(hand: int) -> float:
    """Tricks a hand should take: spade winners and length, side-suit honours, ruffs."""
    spades = hand & SUIT_MASK[SPADES]
    n_spades = spades.bit_count()
    spade_tricks = 0.0
    below = n_spades
    for card in reversed(cards_in(spades)):
        below -= 1
        # Outstanding higher spades this card must outlast, guarded by `below` lower ones.
        out = (ABOVE[card] & ~spades).bit_count()
        if out <= below:
            spade_tricks += 1.0
        elif out == below + 1:
            spade_tricks += 0.45
    spade_tricks = min(float(n_spades), spade_tricks + max(0, n_spades - 4) * 0.9)
    side = 0.0
    short_bonus = 0.0
    for suit in range(3):
        mine = hand & SUIT_MASK[suit]
        length = mine.bit_count()
        ranks = {RANK[c] for c in cards_in(mine)}
        has_ace = 12 in ranks
        has_king = 11 in ranks
        if has_ace:
            side += 1.0 if length <= 5 else 0.75 if length == 6 else 0.5
        if has_king:
            if length == 1:
                side += 0.1
            elif length <= 4:
                side += 0.85 if has_ace else 0.6
            else:
                side += 0.4 if has_ace else 0.25
        if 10 in ranks and 3 <= length <= 4:
            side += 0.45 if (has_ace or has_king) else 0.2
        if length == 0:
            short_bonus += 2.0
        elif length == 1:
            short_bonus += 1.0 if not has_ace else 0.5
        elif length == 2:
            short_bonus += 0.4
    # Spades not already counted can ruff the short suits.
    spare = max(0.0, n_spades - spade_tricks)
    ruffs = min(spare, short_bonus) * 0.75
    return spade_tricks + side + ruffs


def nil_chance(hand: int) -> float:
    """The chance that the hand, bid Nil, takes no trick with a standard partner.

    A logistic model fitted on 60,000 standard-bot playouts of forced Nils.
    """
    spades = hand & SUIT_MASK[SPADES]
    n_spades = spades.bit_count()
    x = _NIL_BIAS + _NIL_SPADES_OVER_3 * max(0, n_spades - 3) + _NIL_SPADES * n_spades
    for card in cards_in(spades):
        x += _NIL_SPADE[RANK[card]]
    for suit in range(3):
        mine = hand & SUIT_MASK[suit]
        length = mine.bit_count()
        if not length:
            x += _NIL_VOID
            continue
        ranks = [RANK[c] for c in cards_in(mine)]
        for rank in ranks:
            if rank >= 9:
                x += _NIL_HONOUR[rank - 9][min(length, 4) - 1]
            elif rank <= 3:
                x += _NIL_LOW_CARD
        if ranks[0] >= 6:
            x += _NIL_NO_LOW_8
        if ranks[0] >= 3:
            x += _NIL_NO_LOW_5
        if length == 1 and ranks[0] < 9:
            x += _NIL_LOW_SINGLETON
        if length >= 5:
            x += _NIL_LONG
    return 1.0 / (1.0 + math.exp(-x))


_NIL_BIAS = 0.562
_NIL_SPADES = 0.012
_NIL_SPADES_OVER_3 = -0.968
_NIL_SPADE = (0, 0, 0, 0, 0, 0, 0, -0.187, -0.326, -0.600, -0.861, -1.288, -3.509)  # 2..A
# Side-suit J, Q, K, A by the length of their suit (1, 2, 3, 4+).
_NIL_HONOUR = (
    (-0.075, -0.075, -0.172, -0.172),
    (-0.379, -0.379, -0.239, -0.239),
    (-0.653, -0.653, -0.521, -0.173),
    (-1.113, -1.113, -1.113, -0.230),
)
_NIL_NO_LOW_8 = -0.410  # the suit's lowest card is an 8 or higher
_NIL_NO_LOW_5 = -0.054
_NIL_VOID = 0.278
_NIL_LOW_SINGLETON = 0.330
_NIL_LOW_CARD = 0.115  # a side 2 to 5
_NIL_LONG = 0.313
NIL_THRESHOLD = 0.55  # Nil beats a trick bid from about here (same playouts)


def choose_bid(t: Table, seat: int, legal_bids: list[int]) -> int:
    """The standard bid: the trick estimate, adjusted to partner, score and bags."""
    rules = t.ruleset
    hand = t.hands[seat]
    partner = seat ^ 2
    team = team_of(seat)
    partner_bid = t.bids[partner]
    est = estimate_tricks(hand)
    if 0 in legal_bids and (len(legal_bids) == 1 or _nil_is_good(t, seat, est)):
        return 0
    # Big hands take fewer tricks than their honours promise (measured in playouts),
    # except for the top spades, which cannot lose.
    sure = _top_spades(hand)
    bid = est - 0.35 * max(0.0, est - max(4.5, sure))
    if partner_bid == 0:
        # Covering a Nil costs tricks.
        bid -= 0.3
    bags_left = rules.bag_limit - t.bags[team] if rules.bag_limit else 99
    if bags_left <= 3:
        bid += 0.4
    ours, theirs = t.scores[team], t.scores[1 - team]
    if theirs >= rules.target_score - 120 and ours < theirs:
        bid += 0.4  # Catch up: overtricks will not matter.
    elif ours >= rules.target_score - 60:
        bid -= 0.4  # A safe make wins the game.
    known = [b for s, b in enumerate(t.bids) if b is not None and s != seat]
    if len(known) == 3:
        total = sum(known) + bid
        if total > 14:
            bid -= 0.4
    value = max(1, int(bid + 0.4))
    positive = [b for b in legal_bids if b > 0]
    if not positive:
        return legal_bids[0]
    return min(positive, key=lambda b: abs(b - value))


def _top_spades(hand: int) -> int:
    """Spades in an unbroken run from the ace down: sure tricks."""
    run = 0
    for card in range(51, 38, -1):
        if not hand >> card & 1:
            break
        run += 1
    return run


def _nil_is_good(t: Table, seat: int, est: float) -> bool:
    rules = t.ruleset
    partner_bid = t.bids[seat ^ 2]
    if partner_bid == 0:
        return False
    chance = nil_chance(t.hands[seat])
    threshold = NIL_THRESHOLD
    if partner_bid is not None:
        # A strong partner covers better.
        threshold -= 0.03 * (partner_bid - 3)
    if rules.suicide:
        threshold -= 0.2
    team = team_of(seat)
    if t.scores[1 - team] - t.scores[team] >= 150:
        threshold -= 0.05
    return chance >= threshold
