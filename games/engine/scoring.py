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


class NilScore(NamedTuple):
    seat: int
    blind: bool
    made: bool
    points: int  # +value if made, -value if not


class TeamBreakdown(NamedTuple):
    """One team's points of one hand, line by line (the hand-result panel shows these)."""

    contract: int  # the partners' non-nil bids summed
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
    """How many more bags a team with `bags` may take before the next penalty (None: no
    bag penalty in this ruleset)."""
    return ruleset.bag_limit - bags if ruleset.bag_limit else None


def hand_breakdown(
    ruleset: Ruleset,
    *,
    bids: Sequence[int],
    blind: Sequence[bool],
    tricks: Sequence[int],
    bags: Sequence[int],
) -> tuple[TeamBreakdown, TeamBreakdown]:
    """The scoring of a finished hand per team, line by line: bids, blind, tricks per
    seat; `bags` per team before the hand. score_hand adds these up."""
    if not (len(bids) == len(blind) == len(tricks) == 4 and len(bags) == 2):
        raise ValueError("bids, blind and tricks need 4 items (seats); bags 2 (teams)")
    return _breakdown(ruleset, hand_outcome(ruleset, bids, tricks), bids, blind, tricks, bags)


def _breakdown(ruleset, outcome, bids, blind, tricks, bags) -> tuple[TeamBreakdown, TeamBreakdown]:
    teams = []
    for team in (0, 1):
        contract = outcome.contract[team]
        _, counted = team_contract(bids, tricks, team, ruleset.nil_tricks_count_for_partner)
        made = outcome.made[team]
        nils = []
        for seat in (team, team + 2):
            nil_made = outcome.nil_made[seat]
            if nil_made is not None:
                value = ruleset.blind_nil_value if blind[seat] else ruleset.nil_value
                nils.append(NilScore(seat, blind[seat], nil_made, value if nil_made else -value))
        team_bags = bags[team] + outcome.bags_taken[team]
        penalties = 0
        if ruleset.bag_limit:
            while team_bags >= ruleset.bag_limit:
                team_bags -= ruleset.bag_limit
                penalties += 1
        contract_points = 10 * contract if made else -10 * contract
        boston_points = ruleset.boston_bonus if tricks[team] + tricks[team + 2] == 13 else 0
        penalty_points = -ruleset.bag_penalty * penalties
        points = (
            contract_points
            + outcome.bags_taken[team]
            + sum(nil.points for nil in nils)
            + penalty_points
            + boston_points
        )
        teams.append(
            TeamBreakdown(
                contract=contract,
                counted=counted,
                made=made,
                contract_points=contract_points,
                bags_taken=outcome.bags_taken[team],
                nils=tuple(nils),
                penalties=penalties,
                penalty_points=penalty_points,
                boston_points=boston_points,
                bags=team_bags,
                points=points,
            )
        )
    return teams[0], teams[1]


class BoardScore(NamedTuple):
    """A duplicate board scored on its own (RULES of issue #24, on the how-to-play page):
    one hand from 0 to 0, each bag costing a point instead of earning one, no bag limit."""

    points: tuple[int, int]  # per team
    result: tuple[int, int]  # per team: its points minus the other team's (zero-sum)
    teams: tuple[TeamBreakdown, TeamBreakdown]  # the line by line scoring, bags at +1


def board_score(
    ruleset: Ruleset, *, bids: Sequence[int], blind: Sequence[bool], tricks: Sequence[int]
) -> BoardScore:
    """The score of a board: bids, blind, tricks per seat. Nothing carries over from other
    boards, so a bag cannot be punished later by the bag limit: it costs its point at once
    (a bag counts -1 where a game counts +1), which keeps overtricks from being free."""
    teams = hand_breakdown(ruleset, bids=bids, blind=blind, tricks=tricks, bags=(0, 0))
    points = tuple(
        team.contract_points
        - team.bags_taken
        + sum(nil.points for nil in team.nils)
        + team.boston_points
        for team in teams
    )
    return BoardScore(
        points=(points[0], points[1]),
        result=(points[0] - points[1], points[1] - points[0]),
        teams=teams,
    )


def score_ends_game(ruleset: Ruleset, scores: Sequence[int]) -> bool:
    """Has a team reached the target score, or fallen to the losing score? (Equal scores
    then play another hand: see games.engine.rules.)"""
    high, low = max(scores), min(scores)
    return high >= ruleset.target_score or (
        ruleset.losing_score is not None and low <= ruleset.losing_score
    )


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
    teams = _breakdown(ruleset, outcome, bids, blind, tricks, bags)
    return HandScore(
        points=(teams[0].points, teams[1].points),
        scores=(scores[0] + teams[0].points, scores[1] + teams[1].points),
        bags=(teams[0].bags, teams[1].bags),
        penalties=(teams[0].penalties, teams[1].penalties),
        boston=(tricks[0] + tricks[2] == 13, tricks[1] + tricks[3] == 13),
        outcome=outcome,
    )
