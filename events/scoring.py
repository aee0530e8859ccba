"""An arena's points (pure: no Django), as Lichess's arenas count them: 2 points a win,
none for a loss, and after two wins in a row each further win counts double until a
loss. Bots earn nothing: only people have scores.

The standings are the people by points, then by fewer games for those points, then by
who joined first."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

WIN = 2
STREAK_FROM = 2  # wins in a row after which a win counts double


@dataclass(frozen=True, slots=True)
class Score:
    points: int = 0
    games: int = 0
    wins: int = 0
    streak: int = 0  # wins in a row up to now

    @property
    def on_fire(self) -> bool:
        """The next win counts double."""
        return self.streak >= STREAK_FROM


def points_for(score: Score, won: bool) -> int:
    """What a game's result earns a person with this score before it."""
    if not won:
        return 0
    return WIN * 2 if score.on_fire else WIN


def after(score: Score, won: bool) -> Score:
    """The score once a game's result is added."""
    return replace(
        score,
        points=score.points + points_for(score, won),
        games=score.games + 1,
        wins=score.wins + won,
        streak=score.streak + 1 if won else 0,
    )


def scores(results: Iterable[tuple[int, bool]]) -> dict[int, Score]:
    """Every person's score from their results (person, won) in the order the games
    finished."""
    found: dict[int, Score] = {}
    for person, won in results:
        found[person] = after(found.get(person, Score()), won)
    return found


def standings(scores_by_person: dict[int, Score], order: Sequence[int]) -> list[int]:
    """The people ranked; `order` is who joined first (it breaks the last ties)."""
    joined = {person: at for at, person in enumerate(order)}
    return sorted(
        scores_by_person,
        key=lambda person: (
            -scores_by_person[person].points,
            scores_by_person[person].games,
            joined.get(person, len(joined)),
        ),
    )
