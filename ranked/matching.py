"""Matchmaking for ranked play: who sits with whom (pure: no Django, no clock).

Every waiting person accepts table mates within a rating window that widens while they
wait; a table of four forms when its rating spread fits every member's window. The four
are split into the two partnerships whose predicted win chance is closest to 50%. A
person who waited their chosen time gets a table at once, filled with bots.

Two friends who queued together are one entry of two: always partners (seats 0 & 2),
against another pair or two single people seated as partners, chosen for the win chance
closest to 50% among those within the rating windows; after their wait, against a single
person and a bot, or two bots. Two people of a `blocked` pair (one blocks the other) are
never seated as partners; opponents they may be. Two people of an `apart` pair (accounts
of one person, accounts.seats) never sit at one table at all, except a pair who queued
together, whom the queue let through: they wait for others or bots instead.

Solo (four people each for themselves) forms tables of four the same way, with no split:
a table is fair when each player's chance to finish first is close to a quarter, and
nobody is anyone's partner, so blocks and pairs do not apply."""

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from ranked.ratings import MODEL, win_chance

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
# A pair looks for two single opponents among the nearest this many singles by rating
# (every two of them are tried): enough choice, and bounded work however long the queue.
PAIR_NEAREST = 12

Blocked = Collection[frozenset[int]]  # {user_a, user_b}: never partners (blocked) or
# never at one table (apart)


def together(user_ids: Sequence[int], apart: Blocked) -> bool:
    """True unless two of these must not sit at one table (an `apart` pair)."""
    return not apart or not any(frozenset(two) in apart for two in combinations(user_ids, 2))


@dataclass(frozen=True, slots=True)
class Waiting:
    user_id: int
    mu: float
    sigma: float
    waited: float  # seconds in the queue
    max_wait: float  # seconds, after which bots fill the table
    partner: int | None = None  # queued together with this person: always partners


@dataclass(frozen=True, slots=True)
class Bot:
    level: str


@dataclass(frozen=True, slots=True)
class Table:
    seats: tuple[int | Bot, ...]  # seats 0..3: a user id or a bot; seats 0 & 2 are partners
    win_chance: float  # of seats 0 & 2 (Solo: of seat 0)
    # How far from even: the gap of the partnerships' chance to 50%, or in Solo the
    # largest gap of a player's chance to finish first to 25%.
    unfairness: float = 0.0


@dataclass(frozen=True, slots=True)
class _Entry:
    player: int | Bot
    mu: float
    sigma: float


def window(waited: float) -> float:
    return min(WINDOW_MAX, WINDOW_START + WINDOW_GROWTH * max(waited, 0.0))


def _partners_allowed(entries: Sequence[_Entry], a: int, b: int, blocked: Blocked) -> bool:
    return frozenset((entries[a].player, entries[b].player)) not in blocked


def solo_table(entries: Sequence[_Entry]) -> Table:
    """Four individuals in the order given (no seat is anyone's partner)."""
    chances = MODEL.predict_win([[MODEL.rating(mu=e.mu, sigma=e.sigma)] for e in entries])
    return Table(
        seats=tuple(entry.player for entry in entries),
        win_chance=chances[0],
        unfairness=max(abs(chance - 0.25) for chance in chances),
    )


def split(entries: Sequence[_Entry], *, blocked: Blocked = (), solo: bool = False) -> Table | None:
    """Seats four players as the two partnerships closest to an even game, never two of a
    blocked pair as partners; None if every way would. In Solo, as they come."""
    if solo:
        return solo_table(entries)
    best = None
    for (a, b), (c, d) in SPLITS:
        if blocked and not (
            _partners_allowed(entries, a, b, blocked) and _partners_allowed(entries, c, d, blocked)
        ):
            continue
        chance = win_chance(
            [(entries[a].mu, entries[a].sigma), (entries[b].mu, entries[b].sigma)],
            [(entries[c].mu, entries[c].sigma), (entries[d].mu, entries[d].sigma)],
        )
        if best is None or abs(chance - 0.5) < abs(best[0] - 0.5):
            best = (chance, (a, c, b, d))
    if best is None:
        return None
    chance, order = best
    return Table(
        seats=tuple(entries[i].player for i in order),
        win_chance=chance,
        unfairness=abs(chance - 0.5),
    )


def _teams(first: Sequence[_Entry], second: Sequence[_Entry]) -> Table:
    """`first` at seats 0 & 2 against `second` at 1 & 3."""
    chance = win_chance(
        [(entry.mu, entry.sigma) for entry in first],
        [(entry.mu, entry.sigma) for entry in second],
    )
    return Table(
        seats=(first[0].player, second[0].player, first[1].player, second[1].player),
        win_chance=chance,
        unfairness=abs(chance - 0.5),
    )


def _entry(person: Waiting) -> _Entry:
    return _Entry(person.user_id, person.mu, person.sigma)


def _group(
    person: Waiting, pool: Sequence[Waiting], size: int, fits=lambda group: True
) -> list[Waiting] | None:
    """`size` people including `person` with the smallest rating spread that fits each
    one's window (and `fits`: the blocks allow seating them); None if there is none."""
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
        if (best is None or key < best[0]) and fits(group):
            best = (key, group)
    return best[1] if best else None


def _bot_cost(table: Table, levels: Sequence[str], mean_mu: float, bots: dict) -> float:
    distance = sum(abs(bots[level][0] - mean_mu) for level in levels) / len(levels)
    return table.unfairness + BOT_CLOSENESS * distance


def fill_with_bots(
    people: Sequence[Waiting],
    bots: dict[str, tuple[float, float]],
    *,
    blocked: Blocked = (),
    solo: bool = False,
) -> Table | None:
    """A table of these people (1 to 3) and the bots that make the fairest game; None if
    the blocks among them leave no way to seat them."""
    entries = [_entry(person) for person in people]
    mean_mu = sum(entry.mu for entry in entries) / len(entries)
    best = None
    for levels in combinations_with_replacement(sorted(bots), 4 - len(entries)):
        line_up = entries + [_Entry(Bot(level), *bots[level]) for level in levels]
        table = split(line_up, blocked=blocked, solo=solo)
        if table is None:
            return None  # bots block nobody: no line-up of bots would seat these people
        cost = _bot_cost(table, levels, mean_mu, bots)
        if best is None or cost < best[0]:
            best = (cost, table)
    return best[1]


# Pairs: two people who queued together


def _pairs(waiting: Sequence[Waiting]) -> tuple[list[tuple[Waiting, Waiting]], list[Waiting]]:
    """The pairs (each person names the other as partner) and the single people. A person
    whose partner is not waiting is neither: they asked to play together, not alone."""
    by_id = {person.user_id: person for person in waiting}
    pairs, singles = [], []
    for person in waiting:
        if person.partner is None:
            singles.append(person)
            continue
        partner = by_id.get(person.partner)
        mutual = partner is not None and partner.partner == person.user_id
        if mutual and person.user_id < partner.user_id:
            pairs.append((person, partner))
    return pairs, singles


def _pair_mu(pair: Sequence[Waiting]) -> float:
    return sum(person.mu for person in pair) / len(pair)


def _pair_waited(pair: Sequence[Waiting]) -> float:
    return min(person.waited for person in pair)


def _pair_expired(pair: Sequence[Waiting]) -> bool:
    return all(person.waited >= person.max_wait for person in pair)


def _pair_table(
    pair: tuple[Waiting, Waiting],
    pairs: list[tuple[Waiting, Waiting]],
    singles: list[Waiting],
    bots: dict[str, tuple[float, float]],
    blocked: Blocked,
    apart: Blocked = (),
) -> tuple[Table, list] | None:
    """The fairest table for `pair` now and whom it seats besides them (pairs, singles), or
    None. Each opponent is within the windows of all four, and the opponents' mean rating
    within half of them of the pair's mean: the split that evens out a table of four
    singles cannot move a pair, so the teams themselves must be close. Bots only once the
    pair has waited its chosen time."""
    mu, reach = _pair_mu(pair), window(_pair_waited(pair))
    mine = [_entry(person) for person in pair]
    ids = [person.user_id for person in pair]
    best = None

    def consider(table: Table, taken: list, cost: float | None = None) -> None:
        nonlocal best
        cost = table.unfairness if cost is None else cost
        if best is None or cost < best[0]:
            best = (cost, table, taken)

    for other in pairs:
        reach_both = min(reach, window(_pair_waited(other)))
        if (
            other is not pair
            and abs(_pair_mu(other) - mu) <= reach_both / 2
            and together([*ids, *(person.user_id for person in other)], apart)
        ):
            consider(_teams(mine, [_entry(person) for person in other]), [other])
    near = sorted(
        (
            s
            for s in singles
            if abs(s.mu - mu) <= min(reach, window(s.waited)) and together([*ids, s.user_id], apart)
        ),
        key=lambda single: (abs(single.mu - mu), single.user_id),
    )[:PAIR_NEAREST]
    for first, second in combinations(near, 2):
        reach_all = min(reach, window(first.waited), window(second.waited))
        if (
            abs(_pair_mu((first, second)) - mu) <= reach_all / 2
            and frozenset((first.user_id, second.user_id)) not in blocked
            and together([first.user_id, second.user_id], apart)
        ):
            consider(_teams(mine, [_entry(first), _entry(second)]), [first, second])
    if best is None and _pair_expired(pair):
        # As for single people: a table of people and one bot before one of two bots.
        for single in (s for s in near if s.waited >= s.max_wait):
            for level in sorted(bots):
                table = _teams(mine, [_entry(single), _Entry(Bot(level), *bots[level])])
                consider(table, [single], _bot_cost(table, [level], mu, bots))
        if best is None:
            for levels in combinations_with_replacement(sorted(bots), 2):
                table = _teams(mine, [_Entry(Bot(level), *bots[level]) for level in levels])
                consider(table, [], _bot_cost(table, levels, mu, bots))
    return (best[1], best[2]) if best else None


def form_tables(
    waiting: Sequence[Waiting],
    bots: dict[str, tuple[float, float]],
    *,
    blocked: Blocked = (),
    apart: Blocked = (),
    solo: bool = False,
) -> list[Table]:
    """The tables to start now. Pairs are seated first, then single people; longest
    waiters are served first; nobody is seated twice.

    `bots` maps each bot level to its rating (mu, sigma); `blocked` holds the two user ids
    of each pair of people who must not be partners, `apart` of each pair who must not sit
    at one table (a pair who queued together is not kept apart from itself). `solo`:
    tables of four individuals (nobody waits as a pair there; the queue refuses pairs in Solo)."""
    if solo:
        blocked = ()  # nobody is anyone's partner
        waiting = [person for person in waiting if person.partner is None]
    pairs, singles = _pairs(waiting)
    if apart:  # the queue let each pair through (ranked.services.partners)
        apart = set(apart) - {frozenset((a.user_id, b.user_id)) for a, b in pairs}
    pairs.sort(key=lambda pair: (-_pair_waited(pair), pair[0].user_id))
    tables = []
    for pair in list(pairs):
        if pair not in pairs:
            continue  # seated as the opponents of an earlier pair
        found = _pair_table(pair, pairs, singles, bots, blocked, apart)
        if found is None:
            continue
        table, taken = found
        tables.append(table)
        pairs.remove(pair)
        for other in taken:
            (pairs if isinstance(other, tuple) else singles).remove(other)

    def seatable(group: list[Waiting]) -> bool:
        if not together([member.user_id for member in group], apart):
            return False
        if not blocked:
            return True
        if len(group) == 4:
            return split([_entry(member) for member in group], blocked=blocked) is not None
        # With bots, who block nobody: two people sit apart, but of three with one bot,
        # two must be partners.
        ids = [member.user_id for member in group]
        return len(ids) < 3 or any(frozenset(two) not in blocked for two in combinations(ids, 2))

    pool = sorted(singles, key=lambda person: (-person.waited, person.user_id))
    for size, bots_allowed in ((4, False), (3, True), (2, True), (1, True)):
        for person in list(pool):
            if person not in pool or (bots_allowed and person.waited < person.max_wait):
                continue
            candidates = (
                pool
                if not bots_allowed
                else [other for other in pool if other.waited >= other.max_wait]
            )
            group = _group(person, candidates, size, seatable)
            if group is None:
                continue
            for member in group:
                pool.remove(member)
            if bots_allowed:
                tables.append(fill_with_bots(group, bots, blocked=blocked, solo=solo))
            else:
                entries = [_entry(member) for member in group]
                tables.append(split(entries, blocked=blocked, solo=solo))
    return tables
