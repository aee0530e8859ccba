"""Partners who win more than their ratings say: the statistics behind the moderators'
list of suspicious ranked partnerships. Pure Python (no Django), tested on synthetic
histories.

For each pair of partners, over the ranked games they played on one side:

- each game's predicted probability p that their side wins comes from the four players'
  ratings before it (mu, sigma: ranked.models.RatingChange), by the same OpenSkill model
  that rates the games (ranked.ratings.MODEL.predict_win);
- expected wins E = sum of p; variance V = sum of p(1 - p) (each game a Bernoulli trial,
  so the number of wins has that mean and variance if the ratings tell the truth);
- z = (observed wins - E) / sqrt(V): how many standard errors above the prediction.

A pair is flagged when they played at least MIN_GAMES together and z > MAX_Z. With 3
standard errors an honest pair is flagged about once in 700 (one-sided normal tail); a
pair that shares cards, or one person playing two seats, wins far more often than that.
It is a reason for a moderator to look, never a verdict: a pair that improves together
faster than their ratings follow also stands out for a while."""

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ranked.ratings import MODEL

MIN_GAMES = 20
MAX_Z = 3.0

Skill = tuple[float, float]  # (mu, sigma) before the game


@dataclass(frozen=True, slots=True)
class PartnerGame:
    """One game of a pair of partners: their ids (smaller first), their skills and their
    opponents' before the game, and whether their side won."""

    pair: tuple[int, int]
    side: tuple[Skill, Skill]
    opponents: tuple[Skill, Skill]
    won: bool


@dataclass(frozen=True, slots=True)
class PairRecord:
    pair: tuple[int, int]
    games: int
    wins: int
    expected: float
    variance: float

    @property
    def z(self) -> float:
        """Standard errors above the prediction (0 when the outcome was certain)."""
        return (self.wins - self.expected) / math.sqrt(self.variance) if self.variance else 0.0

    @property
    def flagged(self) -> bool:
        return self.games >= MIN_GAMES and self.z > MAX_Z


def win_probability(side: Iterable[Skill], opponents: Iterable[Skill]) -> float:
    """The predicted probability that `side` beats `opponents`."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in (side, opponents)]
    return MODEL.predict_win(teams)[0]


def pair_records(games: Iterable[PartnerGame]) -> list[PairRecord]:
    """Each pair's games, wins, expected wins and variance, in the order first met."""
    totals: dict[tuple[int, int], list] = {}
    for game in games:
        p = win_probability(game.side, game.opponents)
        total = totals.setdefault(game.pair, [0, 0, 0.0, 0.0])
        total[0] += 1
        total[1] += game.won
        total[2] += p
        total[3] += p * (1 - p)
    return [PairRecord(pair, *total) for pair, total in totals.items()]


def flagged_pairs(games: Iterable[PartnerGame]) -> list[PairRecord]:
    """The pairs that won more than 3 standard errors above their prediction over 20
    games or more, the most surprising first."""
    return sorted((record for record in pair_records(games) if record.flagged), key=lambda r: -r.z)
