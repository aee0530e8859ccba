"""Sampling the hidden hands a seat cannot see, consistent with what it has seen."""

import math
import random
import time

from games.engine.bits import SPADES, SUIT_MASK, SUIT_OF, cards_in

from .policy import NIL_THRESHOLD, estimate_tricks, nil_chance
from .table import Table

BID_SPREAD = 1.6  # how far (in tricks) a bid strays from our estimate of its hand
NIL_SHARPNESS = 4.0  # how firmly a Nil bid rules out hands unlikely to make it
TRIES = 12  # deals drawn at most for one sample
SPADE_COUNT_SHARPNESS = 2.0  # how firmly a spade-count bid rules out other counts


def sample_world(
    t: Table, seat: int, rng: random.Random, deadline: float | None = None
) -> tuple[list[int], int]:
    """A deal of the hidden cards drawn in proportion to how well it explains the bids:
    uniform deals accepted with probability bid_likelihood (the best of TRIES, or of
    those drawn by the perf_counter() deadline, if none is). Also returns how many deals
    were drawn."""
    best, best_weight = [], -1.0
    for tries in range(1, TRIES + 1):
        hands = sample_hands(t, seat, rng)
        weight = bid_likelihood(t, hands, seat)
        if rng.random() < weight:
            return hands, tries
        if weight > best_weight:
            best, best_weight = hands, weight
        if deadline is not None and time.perf_counter() >= deadline:
            return best, tries
    return best, TRIES


def sample_hands(t: Table, seat: int, rng: random.Random) -> list[int]:
    """All four hands: the seat's own, and random hands for the others that respect the
    card counts, the cards known to be held (a Nil pass's), every void shown (the seat's
    own too while it has not looked) and the spade counts the bids tell (Mirror, Whiz:
    facts, not evidence to weigh: weighing them, half the deals drawn in Mirror missed
    them, by 1.2 spades on the mean, after 8.6 draws a deal)."""
    known = t.known
    held = known[0] | known[1] | known[2] | known[3]
    unknown = t.deck & ~t.played & ~t.hands[seat] & ~held
    others = [s for s in range(4) if s != seat or not t.hands[seat]]
    cards = cards_in(unknown)
    rng.shuffle(cards)
    hands = t.hands[:]
    counts = t.counts[:]
    for s in others:
        hands[s] = known[s]
        counts[s] -= known[s].bit_count()
    voids = t.voids
    exact = spades_left(t, seat)
    if exact:
        cards, voids = _deal_spades(cards, exact, others, hands, counts, voids)
    if not any(voids[s] for s in others):
        start = 0
        for s in others:
            n = counts[s]
            mask = hands[s]
            for card in cards[start : start + n]:
                mask |= 1 << card
            hands[s] = mask
            start += n
        return hands
    # Cards that fewer seats can hold are dealt first; each goes to an allowed seat
    # with chance proportional to the room left there.
    allowed_by_suit = [[s for s in others if not voids[s] >> suit & 1] for suit in range(4)]
    cards.sort(key=lambda c: len(allowed_by_suit[SUIT_OF[c]]))
    for _ in range(50):
        room = {s: counts[s] for s in others}
        dealt = {s: 0 for s in others}
        for card in cards:
            seats = [s for s in allowed_by_suit[SUIT_OF[card]] if room[s]]
            if not seats:
                break
            total = sum(room[s] for s in seats)
            pick = rng.randrange(total)
            for s in seats:
                pick -= room[s]
                if pick < 0:
                    break
            room[s] -= 1
            dealt[s] |= 1 << card
        else:
            for s in others:
                hands[s] |= dealt[s]
            return hands
    # Could not satisfy every void (should not happen): deal ignoring them.
    start = 0
    for s in others:
        mask = hands[s]
        for card in cards[start : start + counts[s]]:
            mask |= 1 << card
        hands[s] = mask
        start += counts[s]
    return hands


def spades_left(t: Table, seat: int) -> dict[int, int]:
    """The spades still held by each other seat whose bid told its spade count exactly
    (Mirror: every bid, a Nil being no spade; Whiz: a trick bid). None under a Nil pass,
    which may have moved spades since the bids."""
    rules = t.ruleset
    if rules.bidding == "free" or rules.nil_pass:
        return {}
    mirror = rules.bidding == "mirror"
    left = {}
    for s in range(4):
        bid = t.bids[s]
        if s == seat or bid is None or t.blind[s] or not (bid or mirror):
            continue
        left[s] = bid - (t.played_by[s] & SUIT_MASK[SPADES]).bit_count()
    return left


def _deal_spades(cards, exact, others, hands, counts, voids):
    """Deal each seat of `exact` its number of the (shuffled) unseen spades, into `hands`
    and `counts`; the cards still to deal, and the voids to deal them by (those seats
    take no more spades). Nothing is dealt if the counts cannot be met."""
    spades = [card for card in cards if SUIT_OF[card] == SPADES]
    free = [s for s in others if s not in exact]
    wanted = sum(exact.values())
    fits = all(0 <= n <= counts[s] for s, n in exact.items()) and (
        wanted <= len(spades) if free else wanted == len(spades)
    )
    if not fits:
        return cards, voids
    start = 0
    for s, n in exact.items():
        for card in spades[start : start + n]:
            hands[s] |= 1 << card
        counts[s] -= n
        start += n
    rest = spades[start:]
    if rest:
        voids = [v | (1 << SPADES if s in exact else 0) for s, v in enumerate(voids)]
    return [card for card in cards if SUIT_OF[card] != SPADES] + rest, voids


def bid_likelihood(t: Table, hands: list[int], seat: int) -> float:
    """How well the bids of the other seats fit a sampled deal (soft evidence, <= 1).
    Under Mirror and Whiz a trick bid (and a Mirror Nil) is the bidder's spade count."""
    log_weight = 0.0
    counted = t.ruleset.bidding != "free"
    mirror = t.ruleset.bidding == "mirror"
    for s in range(4):
        bid = t.bids[s]
        if s == seat or bid is None or t.blind[s]:
            continue
        dealt = hands[s] | t.played_by[s]
        if counted and (bid or mirror):
            spades = (dealt & SUIT_MASK[SPADES]).bit_count()
            log_weight -= SPADE_COUNT_SHARPNESS * abs(spades - bid)
        elif bid == 0:
            chance = max(nil_chance(dealt), 0.001)
            log_weight += NIL_SHARPNESS * min(0.0, math.log(chance / NIL_THRESHOLD))
        else:
            gap = estimate_tricks(dealt, t.deck) - bid
            log_weight -= gap * gap / (2 * BID_SPREAD * BID_SPREAD)
    return math.exp(log_weight)
