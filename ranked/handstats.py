"""One seat's statistics of a game from its finished hands (pure: no Django)."""

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Protocol


class HandLike(Protocol):
    """What games.models.Hand has (per seat: bids, blind, tricks; per team: the rest)."""

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
    contracts: int = 0  # hands where the team bid tricks (not only Nils)
    contracts_made: int = 0
    nil_bids: int = 0
    nils_made: int = 0
    blind_nil_bids: int = 0
    blind_nils_made: int = 0
    bags: int = 0  # the team's overtricks
    points: int = 0  # the team's points
    bostons: int = 0
    score: int = 0  # the team's final score
    opponent_score: int = 0

    def add(self, other: "SeatStats") -> None:
        """Sums a second seat of the same player (a bot); final scores stay the first's."""
        for name in asdict(self):
            if name not in ("score", "opponent_score"):
                setattr(self, name, getattr(self, name) + getattr(other, name))


def seat_stats(
    hands: Sequence[HandLike], position: int, *, bag_limit: int, nil_tricks_for_partner: bool
) -> SeatStats:
    """`hands` in order, all of one game."""
    team = position % 2
    seats = (team, team + 2)
    stats = SeatStats()
    bags_before = 0
    for hand in hands:
        stats.hands += 1
        bid = hand.bids[position]
        if bid == 0:
            made = hand.tricks[position] == 0
            if hand.blind[position]:
                stats.blind_nil_bids += 1
                stats.blind_nils_made += made
            else:
                stats.nil_bids += 1
                stats.nils_made += made
        contract = sum(hand.bids[seat] for seat in seats if hand.bids[seat] > 0)
        counted = sum(
            hand.tricks[seat] for seat in seats if hand.bids[seat] > 0 or nil_tricks_for_partner
        )
        if contract:
            stats.contracts += 1
            stats.contracts_made += counted >= contract
        # The bag count after the hand, plus what penalties took off, minus the count
        # before: the bags this hand gave (failed Nils' tricks included).
        stats.bags += hand.bags[team] + hand.penalties[team] * bag_limit - bags_before
        bags_before = hand.bags[team]
        stats.points += hand.points[team]
        stats.bostons += bool(hand.boston[team])
        stats.score, stats.opponent_score = hand.scores[team], hand.scores[1 - team]
    return stats
