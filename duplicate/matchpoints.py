"""Matchpoints, pure (no Django): each result on a board is compared with every other
result in the same direction, 2 points for each one beaten and 1 for each tie, as a
percentage of the top (2 points for each other result); an entry's event score is its
average percentage over the boards it played."""

from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import NamedTuple

# A result alone on its board has nobody to be compared with: it gets the average, so that
# an event with one entry still shows a sensible page (and one board does not decide it).
ALONE = 50.0
# A director's average, for a board a table could not play (club sessions).
AVERAGE = 50.0


def board_percentages(results: Sequence[int]) -> list[float]:
    """The matchpoint percentage of each result (same order) among `results`: one board,
    one direction, higher is better."""
    n = len(results)
    if n == 1:
        return [ALONE]
    ordered = sorted(results)
    top = 2 * (n - 1)
    percentages = []
    for result in results:
        below = bisect_left(ordered, result)
        ties = bisect_right(ordered, result) - below - 1  # not itself
        percentages.append(100.0 * (2 * below + ties) / top)
    return percentages


class Line(NamedTuple):
    """One entry's line of the standings."""

    key: Hashable  # whoever the caller ranks (an entry id)
    rank: int  # equal scores share a rank
    score: float | None  # average percentage; None: no board played
    boards: int


def percentages(
    boards: Mapping[Hashable, Mapping[Hashable, int]],
) -> dict[Hashable, dict[Hashable, float]]:
    """For each board (its results by entry, one direction), each entry's percentage."""
    out = {}
    for board, results in boards.items():
        keys = list(results)
        out[board] = dict(zip(keys, board_percentages([results[k] for k in keys]), strict=True))
    return out


def standings(
    boards: Mapping[Hashable, Mapping[Hashable, int]],
    entries: Iterable[Hashable] = (),
    averaged: Mapping[Hashable, int] | None = None,
) -> list[Line]:
    """The ranking: entries by their average percentage over the boards they played, best
    first; `entries` adds those without a result yet (last, without a score). `averaged`
    counts each entry's boards given an average (AVERAGE each, compared with nobody)."""
    totals: dict[Hashable, list[float]] = {}
    for by_entry in percentages(boards).values():
        for key, percentage in by_entry.items():
            totals.setdefault(key, []).append(percentage)
    for key, count in (averaged or {}).items():
        totals.setdefault(key, []).extend([AVERAGE] * count)
    scored = sorted(
        ((sum(values) / len(values), len(values), key) for key, values in totals.items()),
        key=lambda line: -line[0],
    )
    lines, rank, previous = [], 0, None
    for position, (score, count, key) in enumerate(scored, start=1):
        # Averages of equal results summed in another order can differ in the last bit.
        if previous is None or abs(score - previous) > 1e-9:
            rank, previous = position, score
        lines.append(Line(key, rank, score, count))
    unplayed = [key for key in entries if key not in totals]
    lines.extend(Line(key, len(scored) + 1, None, 0) for key in unplayed)
    return lines
