"""Scoring of one hand (RULES.md "Scoring one hand"), used by the engine and by callers."""

from collections.abc import Sequence
from typing import NamedTuple

from .ruleset import Ruleset


class HandOutcome(NamedTuple):
    """What the tricks of a hand did to the bids, before points and bag penalties."""

    contract: tuple[int, int]  # per team: the partners' non-nil bids summed
    made: tuple[bool, bool]  # per team: counted tricks reached the contract
    bags_taken: tuple[int, int]  # per team, this hand: overtricks and failed Nils' tricks
    nil_made: tuple[bool | None, ...]  # per seat: None without a Nil bid, else made or not


class HandScore(NamedTuple):
    """The scoring of one hand: per team, but for the outcome that the points come from."""

    points: tuple[int, int]  # change of each team's score this hand, penalties included
    scores: tuple[int, int]  # new totals
    bags: tuple[int, int]  # new bag counts, after penalties
    penalties: tuple[int, int]  # bag penalties taken this hand
    boston: tuple[bool, bool]  # the team took all 13 tricks
    outcome: HandOutcome


def team_contract(
    bids: Sequence[int | None], tricks: Sequence[int], team: int, nil_tricks_count: bool
) -> tuple[int, int]:
    """(contract, counted tricks) of a team: the partners' non-nil bids summed, and the
    tricks of those partners (of both when `nil_tricks_count`, the Ruleset's
    nil_tricks_count_for_partner). Seats yet to bid (None) add nothing."""
    first, second = bids[team], bids[team + 2]
    contract = (first or 0) + (second or 0)
    if nil_tricks_count:
        return contract, tricks[team] + tricks[team + 2]
    return contract, (tricks[team] if first else 0) + (tricks[team + 2] if second else 0)


def hand_outcome(ruleset: Ruleset, bids: Sequence[int], tricks: Sequence[int]) -> HandOutcome:
    """Contracts made or set, bags taken and Nils made of a finished hand (RULES.md
    "Scoring one hand", steps 1 to 3): bids and tricks per seat."""
    if not len(bids) == len(tricks) == 4:
        raise ValueError("bids and tricks need 4 items (seats)")
    partner_counts = ruleset.nil_tricks_count_for_partner
    contract0, counted0 = team_contract(bids, tricks, 0, partner_counts)
    contract1, counted1 = team_contract(bids, tricks, 1, partner_counts)
    made = (counted0 >= contract0, counted1 >= contract1)
    bags = [counted0 - contract0 if made[0] else 0, counted1 - contract1 if made[1] else 0]
    nil_made = [None, None, None, None]
    for seat in range(4):
        if bids[seat] == 0:
            nil_made[seat] = tricks[seat] == 0
            if not partner_counts:
                # A failed Nil's tricks are bags (when they do not count for the partner).
                bags[seat & 1] += tricks[seat]
    return HandOutcome((contract0, contract1), made, (bags[0], bags[1]), tuple(nil_made))


def score_hand(
    ruleset: Ruleset,
    *,
    bids: Sequence[int],
    blind: Sequence[bool],
    tricks: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
) -> HandScore:
    """Score a finished hand: bids, blind, tricks per seat; scores, bags per team."""
    if not (len(bids) == len(blind) == len(tricks) == 4 and len(scores) == len(bags) == 2):
        raise ValueError("bids, blind and tricks need 4 items (seats); scores and bags 2 (teams)")
    outcome = hand_outcome(ruleset, bids, tricks)
    points = [0, 0]
    new_scores = [0, 0]
    new_bags = [0, 0]
    penalties = [0, 0]
    boston = [False, False]
    for team in (0, 1):
        contract = outcome.contract[team]
        # Made: 10 a trick bid and a point a bag; set: minus 10 a trick bid. Every bag
        # (a failed Nil's tricks included) is a point.
        got = (10 * contract if outcome.made[team] else -10 * contract) + outcome.bags_taken[team]
        for seat in (team, team + 2):
            made = outcome.nil_made[seat]
            if made is not None:
                value = ruleset.blind_nil_value if blind[seat] else ruleset.nil_value
                got += value if made else -value
        team_bags = bags[team] + outcome.bags_taken[team]
        if ruleset.bag_limit:
            while team_bags >= ruleset.bag_limit:
                team_bags -= ruleset.bag_limit
                got -= ruleset.bag_penalty
                penalties[team] += 1
        if tricks[team] + tricks[team + 2] == 13:
            boston[team] = True
            got += ruleset.boston_bonus
        points[team] = got
        new_scores[team] = scores[team] + got
        new_bags[team] = team_bags
    return HandScore(
        points=(points[0], points[1]),
        scores=(new_scores[0], new_scores[1]),
        bags=(new_bags[0], new_bags[1]),
        penalties=(penalties[0], penalties[1]),
        boston=(boston[0], boston[1]),
        outcome=outcome,
    )
