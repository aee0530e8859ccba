"""What a finished hand is worth as the chance of winning the game from the scores it
leaves: the double-dummy expert's yardstick (games.bots.worth counts points instead, plus
a fixed bonus only when the hand ends the game).

Points matter more the nearer the end: 50 points behind at the start is nothing, 50
behind with the opponents one hand from the target is most of the game. A race to the
target score is modelled as a random walk of the score difference (a normal
approximation): with H hands left, the team ahead by D wins with chance Phi(D / (SIGMA *
sqrt(H))), H being the hands the leader needs at PACE points a hand (at least one). Bags
carried count at their share of the next penalty, as in games.bots.worth. A hand that
ends the game is worth exactly a win or a loss.

SIGMA and PACE: the standard bots' self-play (200 games, classic rules) has a team score
40 points a hand, the hand's point difference a standard deviation of 112, and a game
8.7 hands; the leader's pace is about 500 / 8.7.
"""

import math

from games.engine import Ruleset, score_ends_game, score_hand

from .table import Table
from .worth import bag_cost, rival

SIGMA = 112.0  # standard deviation of one hand's point difference between the teams
PACE = 57.0  # points a hand of the team ahead
SCALE = SIGMA * math.sqrt(500 / PACE) / 0.3989422804014327  # a point at 0-0 is worth 1


def win_chance(ruleset: Ruleset, ours: float, theirs: float) -> float:
    """The chance that the team with `ours` points (bags counted) beats the one with
    `theirs`, the game going on."""
    hands = max(1.0, (ruleset.target_score - max(ours, theirs)) / PACE)
    z = (ours - theirs) / (SIGMA * math.sqrt(hands))
    return 0.5 * math.erfc(-z / math.sqrt(2))


def value(sim: Table, team: int) -> float:
    """A finished hand's worth to the team: its chance of winning the game, scaled so
    that a point at the start of a game is worth 1 (the searches' thresholds stay in
    points' terms). In Solo: the chance of beating the best of the other three."""
    rules = sim.ruleset
    score = score_hand(
        rules, bids=sim.bids, blind=sim.blind, tricks=sim.taken, scores=sim.scores, bags=sim.bags
    )
    other = rival(sim, score.scores, team)
    ours, theirs = score.scores[team], score.scores[other]
    if score_ends_game(rules, score.scores) and ours != theirs:
        chance = 1.0 if ours > theirs else 0.0
    else:
        per_bag = bag_cost(rules)
        chance = win_chance(
            rules, ours - per_bag * score.bags[team], theirs - per_bag * score.bags[other]
        )
    return SCALE * (chance - 0.5)
