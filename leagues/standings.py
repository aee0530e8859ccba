"""Pure standings of league seasons and tournaments: the tally of decided matches and
each competition's tie-breaks. No Django.

Sides are any hashable values (the callers pass teams and entrants). A match without a
second side is a bye for the first; a match without a winner is lost by both (a forfeit)
unless it is drawn (a game of a limited number of hands that ended level)."""

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Match[T: Hashable]:
    first: T
    second: T | None
    winner: T | None
    scores: tuple[int | None, int | None] = (None, None)  # game points; none for a forfeit
    points: tuple[int, int] = (0, 0)  # league points each side earned (seasons)
    drawn: bool = False


@dataclass
class Row[T: Hashable]:
    side: T
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    byes: int = 0
    points: int = 0  # league points (seasons)
    points_for: int = 0
    points_against: int = 0
    head_to_head: int = 0  # league points against the sides level on points (seasons)
    buchholz: int = 0  # the sum of the opponents' scores (Swiss)
    opponents: list = field(default_factory=list)
    position: int = 0

    @property
    def score(self) -> int | float:
        """Tournament score: a win or a bye is 1, a draw ½ (a whole score stays an int)."""
        halves = 2 * (self.won + self.byes) + self.drawn
        return halves // 2 if halves % 2 == 0 else halves / 2

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


def tally[T: Hashable, R: Row](
    sides: Iterable[T], matches: Iterable[Match[T]], *, row: Callable[[T], R] = Row
) -> dict[T, R]:
    """Each side's row (made by `row`) from the matches; sides not listed are left out."""
    rows = {side: row(side) for side in sides}
    for match in matches:
        if match.second is None:
            if match.first in rows:
                rows[match.first].byes += 1
            continue
        (first_score, second_score), (first_points, second_points) = match.scores, match.points
        for me, other, scored, conceded, points in (
            (match.first, match.second, first_score, second_score, first_points),
            (match.second, match.first, second_score, first_score, second_points),
        ):
            if me not in rows:
                continue
            line = rows[me]
            line.played += 1
            line.won += match.winner == me
            line.drawn += match.drawn
            line.lost += match.winner != me and not match.drawn
            line.points += points
            line.points_for += scored or 0
            line.points_against += conceded or 0
            line.opponents.append(other)
    return rows


def _numbered[R: Row](rows: list[R]) -> list[R]:
    for position, line in enumerate(rows, start=1):
        line.position = position
    return rows


def league_table[T: Hashable, R: Row](
    sides: Iterable[T],
    matches: Iterable[Match[T]],
    *,
    name: Callable[[T], str],
    row: Callable[[T], R] = Row,
) -> list[R]:
    """League points, then the league points between the sides level on points
    (head-to-head), then the game-point difference, then points for, then the name."""
    matches = list(matches)
    rows = tally(sides, matches, row=row)
    level = defaultdict(set)
    for line in rows.values():
        level[line.points].add(line.side)
    for match in matches:
        if match.second is not None and match.second in level[rows[match.first].points]:
            rows[match.first].head_to_head += match.points[0]
            rows[match.second].head_to_head += match.points[1]
    return _numbered(
        sorted(
            rows.values(),
            key=lambda r: (-r.points, -r.head_to_head, -r.difference, -r.points_for, name(r.side)),
        )
    )


def tournament_table[T: Hashable, R: Row](
    sides: Iterable[T],
    matches: Iterable[Match[T]],
    *,
    swiss: bool,
    seed: Callable[[T], tuple],
    row: Callable[[T], R] = Row,
) -> list[R]:
    """Score, then for Swiss the Buchholz, then the game-point difference, then `seed`."""
    rows = tally(sides, matches, row=row)
    for line in rows.values():
        line.buchholz = sum(rows[other].score for other in line.opponents if other in rows)
    return _numbered(
        sorted(
            rows.values(),
            key=lambda r: (-r.score, -r.buchholz if swiss else 0, -r.difference, *seed(r.side)),
        )
    )
