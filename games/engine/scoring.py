"""Scoring of one hand (RULES.md "Scoring one hand"), used by the engine and by callers."""

from collections.abc import Sequence
from typing import NamedTuple

from .ruleset import Ruleset


class HandScore(NamedTuple):
    """The outcome of one hand; every field has one item per team."""

    points: tuple[int, int]  # change of each team's score this hand, penalties included
    scores: tuple[int, int]  # new totals
    bags: tuple[int, int]  # new bag counts, after penalties
    penalties: tuple[int, int]  # bag penalties taken this hand
    boston: tuple[bool, bool]  # the team took all 13 tricks


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
    points = [0, 0]
    new_scores = [0, 0]
    new_bags = [0, 0]
    penalties = [0, 0]
    boston = [False, False]
    partner_counts = ruleset.nil_tricks_count_for_partner
    for team in (0, 1):
        seats = (team, team + 2)
        contract = 0
        counted = 0
        got = 0
        team_bags = bags[team]
        for seat in seats:
            taken = tricks[seat]
            if bids[seat] == 0:
                value = ruleset.blind_nil_value if blind[seat] else ruleset.nil_value
                got += value if taken == 0 else -value
                if partner_counts:
                    counted += taken
                else:
                    # A failed Nil's tricks are bags: +1 point and +1 bag each.
                    got += taken
                    team_bags += taken
            else:
                contract += bids[seat]
                counted += taken
        if counted >= contract:
            got += 10 * contract + counted - contract
            team_bags += counted - contract
        else:
            got -= 10 * contract
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
    )
