"""IMPs and victory points of a team match, pure (no Django).

A board's result is a score difference of one Spades hand (duplicate.models.BoardGame):
tens of points for a trick or two, about a hundred for a set contract, two hundred or
more for a Nil made at one table and broken at the other. The net difference of a board
(team A's result at one table plus its result at the other) becomes International Match
Points on the scale below, made for those sizes: bags and overtricks (under 10 points)
are no swing, one trick of contract (10 points) is 1 IMP, a set contract 4 to 5 IMPs, a
Nil swing about 7, and the scale flattens as bridge's does so that one wild board cannot
outweigh a match of steady ones.

    net difference   IMPs        net difference   IMPs
        0 -   9        0             150 - 199       6
       10 -  29        1             200 - 249       7
       30 -  49        2             250 - 299       8
       50 -  79        3             300 - 399       9
       80 - 109        4             400 - 499      10
      110 - 149        5             500 and up     11

The match's IMP margin becomes victory points on the WBF's continuous 20-0 scale (to two
decimals): the winner gets 10 + 10 * (1 - tau^(3M/B)) / (1 - tau^3), at most 20, where M is
the margin, tau = (sqrt(5) - 1)/2 and B = 4 * sqrt(boards) (bridge uses 5 * sqrt(boards);
our scale's IMPs are smaller); the loser gets 20 minus that. A margin of B IMPs or more
is 20-0, a draw 10-10. A board that could not be played at one table is no swing (0 IMPs)."""

from bisect import bisect_right
from math import sqrt

# The least net difference of each step of the scale: IMP_STEPS[i] is the first one of i+1 IMPs.
IMP_STEPS = (10, 30, 50, 80, 110, 150, 200, 250, 300, 400, 500)
TAU = (sqrt(5) - 1) / 2
VP_TOTAL = 20.0


def imps(difference: int) -> int:
    """The IMPs of a board's net difference, signed as it is."""
    won = bisect_right(IMP_STEPS, abs(difference))
    return won if difference >= 0 else -won


def scale() -> list[tuple[int, int | None, int]]:
    """The IMP scale as rows (least difference, greatest or None, IMPs), for the rules page."""
    lows = (0, *IMP_STEPS)
    return [(low, lows[i + 1] - 1 if i + 1 < len(lows) else None, i) for i, low in enumerate(lows)]


def blowout(boards: int) -> float:
    """The IMP margin from which a match of `boards` boards is 20-0."""
    return 4 * sqrt(boards)


def victory_points(margin: int, boards: int) -> tuple[float, float]:
    """The victory points (team A, team B) of a match that team A won by `margin` IMPs
    (negative: lost) over `boards` boards."""
    if boards < 1:
        raise ValueError("A match has one board or more")
    lead = abs(margin)
    winner = 10 + 10 * (1 - TAU ** (3 * lead / blowout(boards))) / (1 - TAU**3)
    winner = round(min(VP_TOTAL, winner), 2)
    loser = round(VP_TOTAL - winner, 2)
    return (winner, loser) if margin >= 0 else (loser, winner)
