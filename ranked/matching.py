"""Matchmaking for ranked play: who sits with whom (pure: no Django, no clock).

Every waiting person accepts table mates within a rating window that widens while they
wait; a table of four forms when its rating spread fits every member's window. The four
are split into the two partnerships whose predicted win chance is closest to 50%. A
person who waited their chosen time gets a table at once, filled with bots."""

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

from ranked.ratings import win_chance

# Windows are in mu (50 display points each): 100 points at once, +10 per second waited,
# so 400 after the default 30 s wait, at most 600.
WINDOW_START = 2.0
WINDOW_GROWTH = 0.2
WINDOW_MAX = 12.0
# Among equally balanced bot line-ups, prefer bots near the people's strength: 0.005 of
# win chance per unit of mu (a strong player should not get RandomBot as partner
# against two StandardBots when ExpertBots give as fair a game).
BOT_CLOSENESS = 0.005
SPLITS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))


@dataclass(frozen=True, slots=True)
class Waiting:
    user_id: int
    mu: float
    sigma: float
    waited: float  # seconds in the queue
    max_wait: float  # seconds, after which bots fill the table


@dataclass(frozen=True, slots=True)
class Bot:
    level: str


@dataclass(frozen=True, slots=True)
class Table:
    seats: tuple[int | Bot, ...]  # seats 0..3: a user id or a bot; seats 0 & 2 are partners
    win_chance: float  # of seats 0 & 2


@dataclass(frozen=True, slots=True)
class _Entry:
    player: int | Bot
    mu: float
    sigma: float


def window(waited: float) -> float:
    return min(WINDOW_MAX, WINDOW_START + WINDOW_GROWTH * max(waited, 0.0))


def split(entries: Sequence[_Entry]) -> Table:
    """Seats four players as the two partnerships closest to an even game."""
    best = None
    for (a, b), (c, d) in SPLITS:
        chance = win_chance(
            [(entries[a].mu, entries[a].sigma), (entries[b].mu, entries[b].sigma)],
            [(entries[c].mu, entries[c].sigma), (entries[d].mu, entries[d].sigma)],
        )
        if best is None or abs(chance - 0.5) < abs(best[0] - 0.5):
            best = (chance, (a, c, b, d))
    chance, order = best
    return Table(seats=tuple(entries[i].player for i in order), win_chance=chance)


def _entry(person: Waiting) -> _Entry:
    return _Entry(person.user_id, person.mu, person.sigma)


def _group(person: Waiting, pool: Sequence[Waiting], size: int) -> list[Waiting] | None:
    """`size` people including `person` with the smallest rating spread that fits each
    one's window; None if there is no such group."""
    near = [
        other
        for other in pool
        if other is person
        or abs(other.mu - person.mu) <= min(window(person.waited), window(other.waited))
    ]
    near.sort(key=lambda other: (other.mu, other.user_id))
    at = near.index(person)
    best = None
    # The tightest group holding `person` is a run of neighbours in rating order.
    for start in range(max(0, at - size + 1), min(at, len(near) - size) + 1):
        group = near[start : start + size]
        spread = group[-1].mu - group[0].mu
        if spread > min(window(member.waited) for member in group):
            continue
        key = (spread, -sum(member.waited for member in group))
        if best is None or key < best[0]:
            best = (key, group)
    return best[1] if best else None


def fill_with_bots(people: Sequence[Waiting], bots: dict[str, tuple[float, float]]) -> Table:
    """A table of these people (1 to 3) and the bots that make the fairest game."""
    entries = [_entry(person) for person in people]
    mean_mu = sum(entry.mu for entry in entries) / len(entries)
    best = None
    for levels in combinations_with_replacement(sorted(bots), 4 - len(entries)):
        line_up = entries + [_Entry(Bot(level), *bots[level]) for level in levels]
        table = split(line_up)
        distance = sum(abs(bots[level][0] - mean_mu) for level in levels) / len(levels)
        cost = abs(table.win_chance - 0.5) + BOT_CLOSENESS * distance
        if best is None or cost < best[0]:
            best = (cost, table)
    return best[1]


def form_tables(waiting: Sequence[Waiting], bots: dict[str, tuple[float, float]]) -> list[Table]:
    """The tables to start now. Longest waiters are served first; nobody is seated twice.

    `bots` maps each bot level to its rating (mu, sigma)."""
    pool = sorted(waiting, key=lambda person: (-person.waited, person.user_id))
    tables = []
    for size, bots_allowed in ((4, False), (3, True), (2, True), (1, True)):
        for person in list(pool):
            if person not in pool or (bots_allowed and person.waited < person.max_wait):
                continue
            candidates = (
                pool
                if not bots_allowed
                else [other for other in pool if other.waited >= other.max_wait]
            )
            group = _group(person, candidates, size)
            if group is None:
                continue
            for member in group:
                pool.remove(member)
            if bots_allowed:
                tables.append(fill_with_bots(group, bots))
            else:
                tables.append(split([_entry(member) for member in group]))
    return tables
