"""Benchmark of the double-dummy solver (games.engine.doubledummy) against DDS (endplay): the
same question on the same positions, the value of every legal card of the seat to play;
prints the CPU time of each, their ratio, and how many positions got equal values.

    python bench/doubledummy.py [--deals 50] [--endings 50] [--seed 1]

Positions: full 13-card deals (the opening lead of a random leader) and endings of 2 to 9
cards a seat, some with a trick under way, dealt from fixed seeds, spades broken: there
Spades play is bridge play with spades trump, so both must give every card the same value.
Target: ours at most 2.0 times DDS's time. A fresh Solver for each position (DDS is asked
to search each afresh too). endplay is a dev dependency. Run from the repository root.

Then the variants DDS cannot play (a 15-card spade suit; one seat against three), timed
on their own: Jokers, the same kinds of positions dealt from the Joker deck (both Jokers
in every ending), and Solo, Classic's very positions valued for the seat to act alone
(`Solver(solo=True)`). Target: each at most 1.5 times Classic's time a position. Their
endings of at most 4 cards a seat are checked against a plain minimax instead of DDS.
"""

import argparse
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make the repository root importable.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from endplay.dds import solve_board
from endplay.types import Card, Deal, Denom, Player, Rank

from bench.helpers.minimax import minimax
from games.engine.bits import BIG_JOKER, DECKS, LITTLE_JOKER, SUIT_OF, cards_in, legal_mask
from games.engine.doubledummy import Position, Solver

# Our suits 0-3 are clubs, diamonds, hearts, spades; ranks 0-12 are 2 to ace; seats 0-3
# (team 0: seats 0 and 2) are north, east, south and west.
_DENOM = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades)
_PBN_SUITS = (3, 2, 1, 0)  # PBN lists spades, hearts, diamonds, clubs
_RANKS = "23456789TJQKA"


def random_position(
    rng: random.Random, size: int, trick_cards: int, deck_name: str = "standard"
) -> Position:
    """`size` cards a seat from a shuffled deck, a random leader, spades broken, and
    `trick_cards` random legal cards of the trick under way. (Of the Joker deck, both
    Jokers are dealt.)"""
    deck = cards_in(DECKS[deck_name])
    rng.shuffle(deck)
    if deck_name != "standard":
        jokers = [LITTLE_JOKER, BIG_JOKER]
        deck = [*jokers, *(c for c in deck if c not in jokers)][: 4 * size]
        rng.shuffle(deck)
    hands = tuple(sum(1 << c for c in deck[s * size : (s + 1) * size]) for s in range(4))
    position = Position(hands, (), rng.randrange(4), True)
    for _ in range(trick_cards):
        led = SUIT_OF[position.trick[0]] if position.trick else None
        legal = legal_mask(position.hands[position.turn], led, True)
        position, _ = position.after(rng.choice(cards_in(legal)))
    return position


def positions(deals: int, endings: int, seed: int, deck: str = "standard") -> list[Position]:
    # (Classic's seed string is as before this took a deck: the same positions.)
    rng = random.Random(f"bench-doubledummy:{seed}" + ("" if deck == "standard" else deck))
    found = [random_position(rng, 13, 0, deck) for _ in range(deals)]
    for i in range(endings):
        found.append(random_position(rng, 2 + i % 8, rng.randrange(4), deck))
    return found


def minimax_values(position: Position, solo: bool) -> dict[int, int]:
    """Each legal card's tricks for the side to act (in Solo, the seat alone)."""
    seat = position.turn
    counted = 1 << seat if solo else 0b0101 << (seat & 1)
    values = {}
    led = SUIT_OF[position.trick[0]] if position.trick else None
    for card in cards_in(legal_mask(position.hands[seat], led, position.spades_broken)):
        child, _ = position.after(card)
        won = not child.trick and counted >> child.leader & 1
        values[card] = won + minimax(child, counted, counted)
    return values


def variant(name: str, found: list[Position], solo: bool, classic_time: float) -> bool:
    """Time the variant's positions, check its small endings by minimax; print both."""
    seconds, nodes, checked, agreed = 0.0, 0, 0, 0
    for position in found:
        start = time.process_time()
        solver = Solver(solo=solo)
        ours = solver.card_values(position)
        seconds += time.process_time() - start
        nodes += solver.nodes
        if position.tricks_left <= 4:
            checked += 1
            agreed += ours == minimax_values(position, solo)
            minimax.cache_clear()
    ratio = seconds / classic_time if classic_time else float("nan")
    print(
        f"{name}: {len(found)} positions, {seconds:.2f} s CPU ({nodes:,} search nodes), "
        f"{ratio:.2f} times classic's time a position (goal at most 1.5)"
    )
    print(f"{name}: minimax agrees on {agreed} of {checked} endings of at most 4 cards")
    return agreed == checked


def card_of(index: int) -> Card:
    return Card(suit=_DENOM[index // 13], rank=Rank[f"R{_RANKS[index % 13]}"])


def to_deal(position: Position) -> Deal:
    """The position as an endplay Deal, spades trump, the trick under way played."""
    hands = list(position.hands)
    for i, card in enumerate(position.trick):
        hands[(position.leader + i) & 3] |= 1 << card
    pbn = " ".join(
        ".".join(
            "".join(_RANKS[r] for r in range(12, -1, -1) if hand >> (13 * suit + r) & 1)
            for suit in _PBN_SUITS
        )
        for hand in hands
    )
    deal = Deal(f"N:{pbn}", first=Player(position.leader), trump=Denom.spades)
    for card in position.trick:
        deal.play(card_of(card))
    return deal


def dds_values(deal: Deal) -> dict[int, int]:
    return {
        13 * _DENOM.index(card.suit) + _RANKS.index(card.rank.abbr): tricks
        for card, tricks in solve_board(deal)
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="full 13-card deals (default 50)")
    parser.add_argument("--endings", type=int, default=50, help="endings of 2-9 cards (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the positions")
    args = parser.parse_args()
    found = positions(args.deals, args.endings, args.seed)
    deals = [to_deal(position) for position in found]
    ours_time = dds_time = 0.0
    equal = 0
    nodes = 0
    for position, deal in zip(found, deals, strict=True):
        start = time.process_time()
        solver = Solver()
        ours = solver.card_values(position)
        ours_time += time.process_time() - start
        nodes += solver.nodes
        start = time.process_time()
        theirs = dds_values(deal)
        dds_time += time.process_time() - start
        if ours == theirs:
            equal += 1
        else:
            print(f"differ: {position}")
            print(f"  ours {sorted(ours.items())}\n  dds  {sorted(theirs.items())}")
    count = len(found)
    print(f"{count} positions: {args.deals} full deals, {args.endings} endings of 2-9 cards")
    print(f"ours: {count} positions, {ours_time:.2f} s CPU ({nodes:,} search nodes)")
    print(f"dds: {count} positions, {dds_time:.2f} s CPU")
    print(f"ratio ours/dds: {ours_time / dds_time:.2f} (goal at most 2.0)")
    print(f"values equal: {equal} of {count}")
    # The variants: the same count of positions each, so the totals compare.
    jokers = positions(args.deals, args.endings, args.seed, "jokers")
    agreed = variant("jokers", jokers, False, ours_time)
    agreed &= variant("solo", found, True, ours_time)
    if equal != count or not agreed:
        sys.exit(1)


if __name__ == "__main__":
    main()
