"""Scoring of one hand (RULES.md "Scoring one hand"), used by the engine and by callers."""

from collections.abc import Sequence
from typing import NamedTuple

from .ruleset import Ruleset


class HandOutcome(NamedTuple):
    """What the tricks of a hand did to the bids, before points and bag penalties."""

    contract: tuple[int, ...]  # per side: its non-nil bids summed
    made: tuple[bool, ...]  # per side: counted tricks reached the contract
    bags_taken: tuple[int, ...]  # per side, this hand: overtricks and failed Nils' tricks
    nil_made: tuple[bool | None, ...]  # per seat: None without a Nil bid, else made or not


class HandScore(NamedTuple):
    """The scoring of one hand: per side (two partnerships, or four players in Solo)."""

    points: tuple[int, ...]  # change of each side's score this hand, penalties included
    scores: tuple[int, ...]  # new totals
    bags: tuple[int, ...]  # new bag counts, after penalties
    penalties: tuple[int, ...]  # bag penalties taken this hand
    boston: tuple[bool, ...]  # the side took all 13 tricks
    outcome: HandOutcome


def side_contract(
    ruleset: Ruleset, bids: Sequence[int | None], tricks: Sequence[int], side: int
) -> tuple[int, int]:
    """(contract, counted tricks) of a side: its seats' non-nil bids summed, and the tricks
    of those seats (of all its seats when nil_tricks_count_for_partner). Seats yet to bid
    (None) add nothing."""
    contract = counted = 0
    partner_counts = ruleset.nil_tricks_count_for_partner
    for seat in ruleset.seats_of(side):
        bid = bids[seat]
        if bid:
            contract += bid
        if bid or partner_counts:
            counted += tricks[seat]
    return contract, counted


def hand_outcome(ruleset: Ruleset, bids: Sequence[int], tricks: Sequence[int]) -> HandOutcome:
    """Contracts made or set, bags taken and Nils made of a finished hand (RULES.md
    "Scoring one hand", steps 1 to 3): bids and tricks per seat."""
    if not len(bids) == len(tricks) == 4:
        raise ValueError("bids and tricks need 4 items (seats)")
    return _outcome(ruleset, bids, tricks)[0]


def _outcome(ruleset: Ruleset, bids, tricks) -> tuple[HandOutcome, list[int]]:
    """The outcome, and each side's counted tricks (the breakdown shows them)."""
    partner_counts = ruleset.nil_tricks_count_for_partner
    contracts, made, bags, counts = [], [], [], []
    for side in range(ruleset.sides):
        contract, counted = side_contract(ruleset, bids, tricks, side)
        contracts.append(contract)
        counts.append(counted)
        made.append(counted >= contract)
        bags.append(counted - contract if counted >= contract else 0)
    nil_made = [None, None, None, None]
    for seat in range(4):
        if bids[seat] == 0:
            nil_made[seat] = tricks[seat] == 0
            if not partner_counts:
                # A failed Nil's tricks are bags (when they do not count for the partner).
                bags[ruleset.side_of(seat)] += tricks[seat]
    outcome = HandOutcome(tuple(contracts), tuple(made), tuple(bags), tuple(nil_made))
    return outcome, counts


class NilScore(NamedTuple):
    seat: int
    blind: bool
    made: bool
    points: int  # +value if made, -value if not


class TeamBreakdown(NamedTuple):
    """One side's points of one hand, line by line (the hand-result panel shows these)."""

    contract: int  # the side's non-nil bids summed
    counted: int  # the tricks that count toward it
    made: bool
    contract_points: int  # 10 a trick bid when made, minus that when set
    bags_taken: int  # overtricks and failed Nils' tricks: a point each
    nils: tuple[NilScore, ...]
    penalties: int  # how many times the bag count reached the limit
    penalty_points: int  # minus bag_penalty for each
    boston_points: int
    bags: int  # the team's bag count after the penalties
    points: int  # the hand's total change of the team's score


def bags_before_penalty(ruleset: Ruleset, bags: int) -> int | None:
    """How many more bags a side with `bags` may take before the next penalty (None: no
    bag penalty in this ruleset)."""
    return ruleset.bag_limit - bags if ruleset.bag_limit else None


def hand_breakdown(
    ruleset: Ruleset,
    *,
    bids: Sequence[int],
    blind: Sequence[bool],
    tricks: Sequence[int],
    bags: Sequence[int],
) -> tuple[TeamBreakdown, ...]:
    """The scoring of a finished hand per side, line by line: bids, blind, tricks per
    seat; `bags` per side before the hand. score_hand adds these up."""
    _check_lengths(ruleset, bids, blind, tricks, bags)
    return _breakdown(ruleset, *_outcome(ruleset, bids, tricks), bids, blind, tricks, bags)


def _check_lengths(ruleset: Ruleset, bids, blind, tricks, *per_side) -> None:
    sides = ruleset.sides
    if not len(bids) == len(blind) == len(tricks) == 4 or [len(x) for x in per_side] != [
        sides
    ] * len(per_side):
        raise ValueError(f"bids, blind and tricks need 4 items (seats); scores and bags {sides}")


def _breakdown(ruleset, outcome, counts, bids, blind, tricks, bags) -> tuple[TeamBreakdown, ...]:
    sides = []
    for side in range(ruleset.sides):
        contract = outcome.contract[side]
        made = outcome.made[side]
        nils = []
        taken = 0
        for seat in ruleset.seats_of(side):
            taken += tricks[seat]
            nil_made = outcome.nil_made[seat]
            if nil_made is not None:
                value = ruleset.blind_nil_value if blind[seat] else ruleset.nil_value
                nils.append(NilScore(seat, blind[seat], nil_made, value if nil_made else -value))
        side_bags = bags[side] + outcome.bags_taken[side]
        penalties = 0
        if ruleset.bag_limit:
            while side_bags >= ruleset.bag_limit:
                side_bags -= ruleset.bag_limit
                penalties += 1
        contract_points = 10 * contract if made else -10 * contract
        boston_points = ruleset.boston_bonus if taken == 13 else 0
        penalty_points = -ruleset.bag_penalty * penalties
        points = contract_points + outcome.bags_taken[side] + penalty_points + boston_points
        for nil in nils:
            points += nil.points
        sides.append(
            TeamBreakdown(
                contract=contract,
                counted=counts[side],
                made=made,
                contract_points=contract_points,
                bags_taken=outcome.bags_taken[side],
                nils=tuple(nils),
                penalties=penalties,
                penalty_points=penalty_points,
                boston_points=boston_points,
                bags=side_bags,
                points=points,
            )
        )
    return tuple(sides)


class BoardScore(NamedTuple):
    """A duplicate board scored on its own (RULES of issue #24, on the how-to-play page):
    one hand from 0 to 0, each bag costing a point instead of earning one, no bag limit."""

    points: tuple[int, ...]  # per side
    result: tuple[int, ...]  # per side: its points minus the best other side's
    teams: tuple[TeamBreakdown, ...]  # the line by line scoring, bags at +1


def board_score(
    ruleset: Ruleset, *, bids: Sequence[int], blind: Sequence[bool], tricks: Sequence[int]
) -> BoardScore:
    """The score of a board: bids, blind, tricks per seat. Nothing carries over from other
    boards, so a bag cannot be punished later by the bag limit: it costs its point at once
    (a bag counts -1 where a game counts +1), which keeps overtricks from being free. With
    two sides the result is zero-sum."""
    teams = hand_breakdown(
        ruleset, bids=bids, blind=blind, tricks=tricks, bags=(0,) * ruleset.sides
    )
    points = tuple(
        team.contract_points
        - team.bags_taken
        + sum(nil.points for nil in team.nils)
        + team.boston_points
        for team in teams
    )
    result = tuple(
        own - max(other for side, other in enumerate(points) if side != me)
        for me, own in enumerate(points)
    )
    return BoardScore(points=points, result=result, teams=teams)


def score_ends_game(ruleset: Ruleset, scores: Sequence[int]) -> bool:
    """Has a side reached the target score, or fallen to the losing score? (A shared top
    score then plays another hand: see games.engine.rules.)"""
    high, low = max(scores), min(scores)
    return high >= ruleset.target_score or (
        ruleset.losing_score is not None and low <= ruleset.losing_score
    )


def leader_of(scores: Sequence[int]) -> int | None:
    """The side with the highest score, or None if that score is shared."""
    top = max(scores)
    leaders = [side for side, score in enumerate(scores) if score == top]
    return leaders[0] if len(leaders) == 1 else None


def places(scores: Sequence[int]) -> tuple[int, ...]:
    """Each side's place by score, from 1; equal scores share a place (1, 2, 2, 4)."""
    return tuple(1 + sum(other > score for other in scores) for score in scores)


def score_hand(
    ruleset: Ruleset,
    *,
    bids: Sequence[int],
    blind: Sequence[bool],
    tricks: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
) -> HandScore:
    """Score a finished hand: bids, blind, tricks per seat; scores, bags per side."""
    _check_lengths(ruleset, bids, blind, tricks, scores, bags)
    outcome, counts = _outcome(ruleset, bids, tricks)
    sides = _breakdown(ruleset, outcome, counts, bids, blind, tricks, bags)
    points, totals, new_bags, penalties, boston = [], [], [], [], []
    for side, breakdown in enumerate(sides):
        points.append(breakdown.points)
        totals.append(scores[side] + breakdown.points)
        new_bags.append(breakdown.bags)
        penalties.append(breakdown.penalties)
        took = 0
        for seat in ruleset.seats_of(side):
            took += tricks[seat]
        boston.append(took == 13)
    return HandScore(
        points=tuple(points),
        scores=tuple(totals),
        bags=tuple(new_bags),
        penalties=tuple(penalties),
        boston=tuple(boston),
        outcome=outcome,
    )
