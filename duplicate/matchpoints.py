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
    rank: int | None  # equal scores share a rank; None: not ranked (see complete)
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
    scored = [
        Line(key, 0, sum(values) / len(values), len(values)) for key, values in totals.items()
    ]
    lines = _ranks(sorted(scored, key=lambda line: -line.score))
    unplayed = [key for key in entries if key not in totals]
    lines.extend(Line(key, len(scored) + 1, None, 0) for key in unplayed)
    return lines


def _ranks(lines: Sequence[Line]) -> list[Line]:
    """The lines (scored, best first) ranked: equal scores share a rank."""
    out, rank, previous = [], 0, None
    for position, line in enumerate(lines, start=1):
        # Averages of equal results summed in another order can differ in the last bit.
        if previous is None or abs(line.score - previous) > 1e-9:
            rank, previous = position, line.score
        out.append(line._replace(rank=rank))
    return out


def complete(lines: Iterable[Line], boards: int) -> tuple[list[Line], list[Line]]:
    """The ranking of an event of `boards` boards: the lines that played them all, ranked
    among themselves, best first; then the others, unranked (rank None), most boards first.
    Their results still count on the boards they played (the percentages are unchanged):
    only a full set of boards is ranked, so that one lucky board does not top the day."""
    lines = list(lines)
    full = [line for line in lines if line.boards >= boards and line.score is not None]
    ranked = _ranks(sorted(full, key=lambda line: -line.score))
    keys = {line.key for line in full}
    rest = [line._replace(rank=None) for line in lines if line.key not in keys]
    rest.sort(key=lambda line: (-line.boards, -(line.score or 0.0)))
    return ranked, rest
