"""One seat's statistics of a game from its finished hands (pure: no Django).

What a hand did (contracts made, bags, Nils) is the engine's games.engine.hand_outcome;
this module only counts.
"""

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Protocol

from games.engine import Ruleset, hand_outcome


class HandLike(Protocol):
    """What games.models.Hand has (per seat: bids, blind, tricks; per side: the rest)."""

    bids: Sequence[int]
    blind: Sequence[bool]
    tricks: Sequence[int]
    points: Sequence[int]
    scores: Sequence[int]
    bags: Sequence[int]
    penalties: Sequence[int]
    boston: Sequence[bool]


@dataclass(slots=True)
class SeatStats:
    hands: int = 0
    contracts: int = 0  # hands where the side bid tricks (not only Nils)
    contracts_made: int = 0
    nil_bids: int = 0
    nils_made: int = 0
    blind_nil_bids: int = 0
    blind_nils_made: int = 0
    bags: int = 0  # the side's bags taken (overtricks and its failed Nils' tricks)
    points: int = 0  # the side's points
    bostons: int = 0
    score: int = 0  # the side's final score (a side: a partnership, or a player in Solo)
    opponent_score: int = 0  # the best other side's

    def add(self, other: "SeatStats") -> None:
        """Sums a second seat of the same player (a bot); final scores stay the first's."""
        for name in asdict(self):
            if name not in ("score", "opponent_score"):
                setattr(self, name, getattr(self, name) + getattr(other, name))


def seat_stats(hands: Sequence[HandLike], position: int, *, ruleset: Ruleset) -> SeatStats:
    """`hands` in order, all of one game, played under `ruleset`."""
    team = ruleset.side_of(position)
    stats = SeatStats()
    for hand in hands:
        outcome = hand_outcome(ruleset, hand.bids, hand.tricks)
        stats.hands += 1
        nil_made = outcome.nil_made[position]
        if nil_made is not None:
            if hand.blind[position]:
                stats.blind_nil_bids += 1
                stats.blind_nils_made += nil_made
            else:
                stats.nil_bids += 1
                stats.nils_made += nil_made
        if outcome.contract[team]:
            stats.contracts += 1
            stats.contracts_made += outcome.made[team]
        stats.bags += outcome.bags_taken[team]
        stats.points += hand.points[team]
        stats.bostons += bool(hand.boston[team])
        stats.score = hand.scores[team]
        stats.opponent_score = max(s for side, s in enumerate(hand.scores) if side != team)
    return stats
