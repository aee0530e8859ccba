"""The rule-based judgement of the standard bot and the playouts: the card and the bid.

Shared by the standard bot and the expert's playouts: the card to play (dispatched to
games.bots.contract and games.bots.nilplay) and the bid.

Every function sees one seat's cards (`t.hands[seat]`) plus public information only,
so the same code plays the standard bot's real decisions and each seat of a playout.
"""

import math

from games.engine.bits import ABOVE, FULL_DECK, RANK, SPADES, SUIT_MASK, cards_in, high

from .contract import follow_card, lead_card, want_trick
from .nilplay import cover_play, nil_play, set_nil_play
from .passing import after_pass
from .table import Table


def choose_card(t: Table, seat: int) -> int:
    """The card the seat plays now (it must be the seat to act)."""
    legal = t.legal(seat)
    if not legal & (legal - 1):
        return high(legal)
    unseen = t.deck & ~t.played & ~t.hands[seat]
    if t.bids[seat] == 0 and t.taken[seat] == 0:
        return nil_play(t, seat, legal, unseen)
    partner = t.partner(seat)
    if partner is not None and t.bids[partner] == 0 and t.taken[partner] == 0:
        return cover_play(t, seat, legal, unseen)
    for opponent in t.opponents(seat):
        if t.bids[opponent] == 0 and t.taken[opponent] == 0:
            card = set_nil_play(t, seat, opponent, legal, unseen)
            if card is not None:
                return card
    want = want_trick(t, seat)
    if not t.trick:
        return lead_card(t, seat, legal, unseen, want)
    return follow_card(t, seat, legal, unseen, want)


# Bidding


def estimate_tricks(hand: int, deck: int = FULL_DECK) -> float:
    """Tricks a hand should take: spade winners and length, side-suit honours, ruffs
    (`deck`: the ruleset's, whose Jokers are spades above the ace)."""
    spades = hand & SUIT_MASK[SPADES]
    n_spades = spades.bit_count()
    spade_tricks = 0.0
    below = n_spades
    for card in reversed(cards_in(spades)):
        below -= 1
        # Outstanding higher spades this card must outlast, guarded by `below` lower ones.
        out = (ABOVE[card] & ~spades & deck).bit_count()
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
# 2..A, then the Jokers (sure winners, as the ace)
_NIL_SPADE = (0, 0, 0, 0, 0, 0, 0, -0.187, -0.326, -0.600, -0.861, -1.288, -3.509, -3.509, -3.509)
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
SOLO_NIL_EXTRA = 0.35  # Solo: no partner covers, so ask this much more of the model


def choose_bid(t: Table, seat: int, legal_bids: list[int]) -> int:
    """The standard bid: the trick estimate, adjusted to partner, score and bags (in Solo
    the seat's own tricks, against the best of the other three)."""
    rules = t.ruleset
    hand = t.hands[seat]
    partner = t.partner(seat)
    side = t.side(seat)
    partner_bid = None if partner is None else t.bids[partner]
    est = estimate_tricks(hand, t.deck)
    if len(legal_bids) == 1:
        return legal_bids[0]  # Mirror, or a Nil forced by Suicide or Whiz
    if rules.bidding == "whiz":
        return 0 if _whiz_nil(t, seat, est, legal_bids[-1]) else legal_bids[-1]
    if 0 in legal_bids and _nil_is_good(t, seat):
        return 0
    # Big hands take fewer tricks than their honours promise (measured in playouts),
    # except for the top spades, which cannot lose.
    sure = _top_spades(hand, t.deck)
    bid = est - 0.35 * max(0.0, est - max(4.5, sure))
    if partner_bid == 0:
        # Covering a Nil costs tricks, but a Nil pass brings us its high cards.
        bid += 0.3 * rules.nil_pass - 0.3
    bags_left = rules.bag_limit - t.bags[side] if rules.bag_limit else 99
    if bags_left <= 3:
        bid += 0.4
    ours, theirs = t.scores[side], max(t.scores[other] for other in t.rivals(side))
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
    # The legal bids may start above the hand (a minimum team bid): the nearest.
    return min(positive, key=lambda b: abs(b - value))


def _top_spades(hand: int, deck: int) -> int:
    """Spades in an unbroken run from the deck's top spade down: sure tricks."""
    run = 0
    for card in range(high(deck), 38, -1):
        if not hand >> card & 1:
            break
        run += 1
    return run


def nil_chance_of(t: Table, seat: int) -> float:
    """The Nil model's chance for the seat's hand, after the Nil pass when there is one
    (the worst cards given, low ones received)."""
    passing = t.ruleset.nil_pass if t.partner(seat) is not None else 0
    return nil_chance(after_pass(t.hands[seat], passing, t.deck, nil_chance))


def _nil_is_good(t: Table, seat: int) -> bool:
    rules = t.ruleset
    partner = t.partner(seat)
    partner_bid = None if partner is None else t.bids[partner]
    if partner_bid == 0:
        return False
    chance = nil_chance_of(t, seat)
    threshold = NIL_THRESHOLD
    if partner is None:
        # Solo: nobody covers the Nil, and the model was fitted with a covering partner:
        # Solo Nils it gave 0.7 were made 4 times in 10 (bench/RESULTS.md).
        threshold += SOLO_NIL_EXTRA
    elif partner_bid is not None:
        # A strong partner covers better.
        threshold -= 0.03 * (partner_bid - 3)
    if rules.suicide:
        threshold -= 0.2
    # The chance after a pass is a guess at the cards received: ask a little more of it.
    threshold += 0.03 * rules.nil_pass
    side = t.side(seat)
    if max(t.scores[other] for other in t.rivals(side)) - t.scores[side] >= 150:
        threshold -= 0.05
    return chance >= threshold


def _whiz_nil(t: Table, seat: int, est: float, spades: int) -> bool:
    """Whiz: Nil rather than the spade count when Nil's expected points beat the bid's
    (a bid's make chance from how far the trick estimate falls short of it)."""
    rules = t.ruleset
    partner = t.partner(seat)
    if partner is not None and t.bids[partner] == 0:
        return False  # Two Nils leave nobody to take the tricks or cover.
    chance = nil_chance_of(t, seat)
    nil_points = rules.nil_value * (2 * chance - 1)
    make = 1 / (1 + math.exp(-1.5 * (est + 0.5 - spades)))
    bid_points = 10 * spades * (2 * make - 1)
    return nil_points > bid_points
