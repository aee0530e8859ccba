"""What a finished hand is worth to a team, the playout expert's yardstick (the
double-dummy expert's is games.bots.winchance; `worth_of_tricks` serves both).

Points over the opponents' (contracts made or set, each Nil made or failed, engine
scoring), each bag counted at its share of the next bag penalty, and the game if the hand
ends it. In Solo the opponents are the best of the other three players (`rival`).
`final_tricks` turns a double-dummy count of a team's tricks into tricks per seat.
"""

from games.engine import Ruleset, score_ends_game, score_hand

from .table import Table

GAME_WEIGHT = 150  # points a won (lost) game is worth beyond the hand's points


def rival(sim: Table, scores, side: int) -> int:
    """The side whose score `side` must beat: the other partnership, or in Solo the best
    of the other three (so the leader is the one to set)."""
    return max(sim.rivals(side), key=lambda other: (scores[other], -other))


def value(sim: Table, team: int) -> float:
    """A finished hand's worth to the side `team`: points over its rival's, each bag
    counted at its share of the next bag penalty, and the game if the hand ends it."""
    rules = sim.ruleset
    score = score_hand(
        rules, bids=sim.bids, blind=sim.blind, tricks=sim.taken, scores=sim.scores, bags=sim.bags
    )
    other = rival(sim, score.scores, team)
    result = score.points[team] - score.points[other]
    if rules.bag_limit:
        ours_bags = score.bags[team] - sim.bags[team] + rules.bag_limit * score.penalties[team]
        their_bags = score.bags[other] - sim.bags[other] + rules.bag_limit * score.penalties[other]
        # A penalty paid is bags taken off: count each bag when taken, not at the penalty.
        result -= bag_cost(rules) * (ours_bags - their_bags)
        result += rules.bag_penalty * (score.penalties[team] - score.penalties[other])
    ours, theirs = score.scores[team], score.scores[other]
    if score_ends_game(rules, score.scores) and ours != theirs:
        result += GAME_WEIGHT if ours > theirs else -GAME_WEIGHT
    return result


def bag_cost(rules: Ruleset) -> float:
    """A bag's share of the next bag penalty (0 without penalties)."""
    return rules.bag_penalty / rules.bag_limit if rules.bag_limit else 0.0


def taker(bids: list, taken: list[int], team: int) -> int:
    """The seat of the team that takes the team's further tricks: a seat with a trick
    bid (the higher bid), else a Nil bidder already set (its tricks no longer cost)."""
    first, second = team, team + 2
    if bids[first] and (not bids[second] or bids[first] >= bids[second]):
        return first
    if bids[second]:
        return second
    return first if taken[first] else second


def final_tricks(bids: list, taken: list[int], more: tuple[int, int]) -> list[int]:
    """Tricks per seat at the end of the hand when team 0 takes more[0] of the tricks
    left and team 1 more[1], each team's going to its `taker`."""
    final = taken[:]
    for team in (0, 1):
        final[taker(bids, taken, team)] += more[team]
    return final


def worth_of_tricks(
    t: Table, team: int, ours: int, theirs: int, value_of=value, failed_nil: int | None = None
) -> float:
    """The hand's worth to `team` (by `value_of`, this module's `value` or another
    yardstick's) when it takes `ours` more tricks and the opponents `theirs`. A Nil still
    to be decided is made (`final_tricks` gives its side's tricks to the partner) unless
    it is `failed_nil`: then one of those tricks is its bidder's, or one of the
    opponents' if its side takes none (the Nil and the tricks are solved apart, and the
    two solves need not agree)."""
    sim = t.copy()
    more = (ours, theirs) if team == 0 else (theirs, ours)
    sim.taken = final_tricks(sim.bids, sim.taken, more)
    if failed_nil is not None:
        side = failed_nil & 1
        giver = side if more[side] else 1 - side
        sim.taken[taker(sim.bids, t.taken, giver)] -= 1
        sim.taken[failed_nil] += 1
    return value_of(sim, team)
