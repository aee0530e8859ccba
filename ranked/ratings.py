"""The rating maths of ranked play: pure Python (no Django), so that the incremental task,
`manage.py recompute_ratings` and the benchmark all run the very same function.

A game is two partnerships (seats 0 & 2 against 1 & 3), or in Solo four people each for
themselves ranked by their places, rated with OpenSkill's Plackett-Luce model. Each
variant (ranked.variants) is rated on its own: a player has one rating per variant.
Times are epoch seconds taken from the games themselves, never the wall clock, so that
replaying the history gives identical floats."""

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from openskill.models import PlackettLuce

from games.engine import team_of

MODEL = PlackettLuce()  # mu 25, sigma 25/3, beta 25/6, tau 25/300
MU0 = MODEL.mu
SIGMA0 = MODEL.sigma

# Display: 1500 + 50 points per unit of mu. With beta = 25/6 a one-on-one gap of 1 mu
# is worth what 50 Elo points are (both are a logistic/normal curve of the gap), so the
# numbers read like the chess-style ratings people know; the prior +-sigma is +-417.
DISPLAY_BASE = 1500
DISPLAY_SCALE = 50

# Provisional until sigma < 5.0 (60% of the prior's 8.33, +-250 display points). A
# Spades game is one win/loss shared by two partners, so each game says little about one
# player: among settled players a newcomer gets below 5 after about 15 games (simulated),
# below 3 only after 60+; a lower bar would keep regulars off the leaderboard for months.
# (On a brand-new site, where everyone starts uncertain together, it takes about 35.)
PROVISIONAL_SIGMA = 5.0

# Inactivity: the variance grows linearly with idle time (Glicko's rule), capped at the
# prior. 0.09 per day brings a regular (sigma 3) back to provisional after about half a
# year away; two weeks off adds only 0.2.
SIGMA_GROWTH_PER_DAY = 0.09
DAY = 86400.0

# Bots start where their level plays (1000, 1500, 1750) and fairly sure of it; they
# are rated like people afterwards, and never rust.
BOT_START = {"random": (15.0, 4.0), "standard": (25.0, 4.0), "expert": (30.0, 4.0)}

WIN, LOSS, ABANDONED, EXCUSED, SPLIT = "win", "loss", "abandoned", "excused", "split"


@dataclass(slots=True)
class Skill:
    mu: float
    sigma: float
    last_played: float | None = None  # epoch seconds: when their last rated game ended


@dataclass(frozen=True, slots=True)
class SeatInput:
    player: int | None  # user id; None for a seat whose account is gone
    bot_level: str = ""  # set for a bot, whose account is `player`
    away: bool = False  # a person away at the end abandoned the game


@dataclass(frozen=True, slots=True)
class GameInput:
    game_id: int
    finished_at: float  # epoch seconds
    winner: int  # team 0 (seats 0 & 2) or 1 (seats 1 & 3); in Solo the winning seat
    seats: tuple[SeatInput, SeatInput, SeatInput, SeatInput]
    variant: str = "classic"  # the pool whose ratings the game moves
    # Solo: each seat's place by final score (1 = first, ties share); None for partnerships,
    # where `winner` says it all.
    places: tuple[int, int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one game did to one player (a bot may hold several seats of a game)."""

    player: int
    seats: tuple[int, ...]
    result: str
    mu_before: float
    sigma_before: float  # after inactivity growth: the rating the game started from
    mu_after: float
    sigma_after: float


def display(mu: float) -> int:
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - MU0))


def deviation(sigma: float) -> int:
    """sigma on the display scale (a +- figure)."""
    return round(DISPLAY_SCALE * sigma)


def is_provisional(sigma: float) -> bool:
    return sigma >= PROVISIONAL_SIGMA


def inflate(sigma: float, idle_seconds: float) -> float:
    """sigma after `idle_seconds` without a rated game."""
    if idle_seconds <= 0:
        return sigma
    grown = math.sqrt(sigma * sigma + SIGMA_GROWTH_PER_DAY * idle_seconds / DAY)
    return min(max(sigma, SIGMA0), grown)


def established_for(sigma: float) -> float | None:
    """Seconds of inactivity after which this sigma is provisional again (None: it is)."""
    if is_provisional(sigma):
        return None
    return (PROVISIONAL_SIGMA**2 - sigma * sigma) / SIGMA_GROWTH_PER_DAY * DAY


def initial(bot_level: str = "") -> Skill:
    mu, sigma = BOT_START.get(bot_level, (MU0, SIGMA0))
    return Skill(mu, sigma)


def win_chance(team: Iterable[tuple[float, float]], other: Iterable[tuple[float, float]]) -> float:
    """The chance that the first partnership of (mu, sigma) pairs beats the second."""
    return MODEL.predict_win([[_rating(s) for s in team], [_rating(s) for s in other]])[0]


def _rating(skill: tuple[float, float]):
    return MODEL.rating(mu=skill[0], sigma=skill[1])


def _before(game: GameInput, skills: dict[int, Skill]) -> dict[int | None, tuple[float, float]]:
    """Each player's (mu, sigma) as the game started: inactivity grows sigma."""
    before: dict[int | None, tuple[float, float]] = {}
    for seat in game.seats:
        if seat.player in before:
            continue
        skill = skills.get(seat.player) if seat.player is not None else None
        if skill is None:
            skill = initial(seat.bot_level)
        sigma = skill.sigma
        if not seat.bot_level and skill.last_played is not None:
            sigma = inflate(sigma, game.finished_at - skill.last_played)
        before[seat.player] = (skill.mu, sigma)
    return before


def _abandoned(game: GameInput) -> list[bool]:
    return [seat.player is not None and not seat.bot_level and seat.away for seat in game.seats]


def _partnership_seats(game: GameInput, prior: list) -> list[tuple[str, float, float]]:
    """(result, mu, sigma) of each seat of a partnership game."""
    teams = [[_rating(prior[0]), _rating(prior[2])], [_rating(prior[1]), _rating(prior[3])]]
    winner = game.winner
    abandoned = _abandoned(game)
    ranks = [0, 1] if winner == 0 else [1, 0]
    played = MODEL.rate(teams, ranks=ranks)
    flipped = None
    if abandoned[winner] or abandoned[winner + 2]:
        flipped = MODEL.rate(teams, ranks=[1 - ranks[0], 1 - ranks[1]])
    rated_seats = []
    for position in range(4):
        team, index = team_of(position), position // 2
        if abandoned[position]:
            rated = (flipped if team == winner else played)[team][index]
            rated_seats.append((ABANDONED, rated.mu, rated.sigma))
        elif abandoned[(position + 2) % 4] and team != winner:
            rated_seats.append((EXCUSED, *prior[position]))
        else:
            rated = played[team][index]
            rated_seats.append((WIN if team == winner else LOSS, rated.mu, rated.sigma))
    return rated_seats


def _solo_seats(game: GameInput, prior: list) -> list[tuple[str, float, float]]:
    """(result, mu, sigma) of each seat of a Solo game: four individuals ranked by their
    places. One away at the end is rated as if last (below everyone), as an abandoned
    partnership game is a loss; the others keep the places they played."""
    players = [[_rating(skill)] for skill in prior]
    places = list(game.places)
    played = MODEL.rate(players, ranks=places)
    abandoned = _abandoned(game)
    rated_seats = []
    for position in range(4):
        if abandoned[position]:
            last = [5 if seat == position else place for seat, place in enumerate(places)]
            rated = MODEL.rate(players, ranks=last)[position][0]
            rated_seats.append((ABANDONED, rated.mu, rated.sigma))
        else:
            rated = played[position][0]
            result = WIN if places[position] == 1 else LOSS
            rated_seats.append((result, rated.mu, rated.sigma))
    return rated_seats


def rate_game(game: GameInput, skills: dict[int, Skill]) -> list[Outcome]:
    """Rates one finished game and updates `skills` (of the game's variant) in place; one
    Outcome per player.

    A person who is away at the end abandoned the game: they take the loss even if their
    team won, and their partner's rating does not drop for it (it stays as it was)."""
    before = _before(game, skills)
    prior = [before[seat.player] for seat in game.seats]
    rate_seats = _partnership_seats if game.places is None else _solo_seats
    per_player: dict[int, list[tuple[int, str, float, float]]] = {}
    for position, (seat, rated) in enumerate(zip(game.seats, rate_seats(game, prior), strict=True)):
        if seat.player is not None:
            per_player.setdefault(seat.player, []).append((position, *rated))

    outcomes = []
    for player, seats in per_player.items():
        results = {result for _, result, _, _ in seats}
        if len(seats) == 1:
            mu, sigma = seats[0][2], seats[0][3]
        else:  # a bot account at several seats moves by the mean of its seats
            mu = sum(entry[2] for entry in seats) / len(seats)
            sigma = sum(entry[3] for entry in seats) / len(seats)
        mu_before, sigma_before = before[player]
        skills[player] = Skill(mu, sigma, game.finished_at)
        outcomes.append(
            Outcome(
                player=player,
                seats=tuple(entry[0] for entry in seats),
                result=results.pop() if len(results) == 1 else SPLIT,
                mu_before=mu_before,
                sigma_before=sigma_before,
                mu_after=mu,
                sigma_after=sigma,
            )
        )
    return outcomes


def rate_games(
    games: Iterable[GameInput], skills: dict[str, dict[int, Skill]]
) -> Iterator[tuple[GameInput, list[Outcome]]]:
    """Rates games in the order given, updating `skills` (by variant, then player): the
    core of every rating path (the task, the recompute, the benchmark), so they give the
    same floats. Each variant's ratings move only with its own games."""
    for game in games:
        yield game, rate_game(game, skills.setdefault(game.variant, {}))
