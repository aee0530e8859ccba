"""Who sits with whom in an arena (pure: no Django, no clock).

People who are free are seated in tables of four, by these rules in this order:
1. nobody sits at a table with someone they block (or who blocks them);
2. nobody has the same partner twice in a row, where another table avoids it;
3. the two partnerships' ratings are as close as possible (the sums of their mu);
4. the longest-waiting are seated first.

The longest-waiting person's table is chosen among the next few longest-waiting
(CHOICE): rule 4 bounds how far down the line the others are taken from, and so the work
(1,000 people are paired in well under 0.2 s, bench/events.py). After `bots_after`
seconds, the people left over who can sit together (at least two) get a table whose
empty seats expert bots take: a small arena still plays, but nobody plays alone against
bots."""

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import combinations

# The longest-waiting person's three table mates are chosen among the next CHOICE
# longest-waiting who may sit with them.
CHOICE = 8
SPLITS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))

Blocked = Collection[frozenset[int]]  # {user_a, user_b}: never at one table


@dataclass(frozen=True, slots=True)
class Waiting:
    user_id: int
    mu: float
    waited: float  # seconds since they became free
    last_partner: int | None = None  # their partner in their last arena game (a person)


@dataclass(frozen=True, slots=True)
class Table:
    """Seats 0..3: a user id, or None for an expert bot; seats 0 & 2 are partners, as
    are 1 & 3."""

    seats: tuple[int | None, ...]
    gap: float  # how far apart the partnerships' ratings are (sums of mu)


def _apart(group: Sequence[Waiting], blocked: Blocked) -> bool:
    """No two of the group block each other."""
    return not any(frozenset((a.user_id, b.user_id)) in blocked for a, b in combinations(group, 2))


def _repeats(first: Waiting | None, second: Waiting | None) -> int:
    """1 if these two were partners in their last game (either one's last partner)."""
    if first is None or second is None:
        return 0
    return int(first.last_partner == second.user_id or second.last_partner == first.user_id)


def best_split(
    group: Sequence[Waiting | None], bot_mu: float = 0.0
) -> tuple[tuple[int, float], Table]:
    """The split of four (None: a bot of `bot_mu`) into partnerships by rules 2 and 3:
    (its cost, the table)."""

    def mu(member: Waiting | None) -> float:
        return bot_mu if member is None else member.mu

    best = None
    for (a, b), (c, d) in SPLITS:
        repeats = _repeats(group[a], group[b]) + _repeats(group[c], group[d])
        gap = abs(mu(group[a]) + mu(group[b]) - mu(group[c]) - mu(group[d]))
        if best is None or (repeats, gap) < best[0]:
            best = ((repeats, gap), (a, c, b, d))
    (repeats, gap), order = best
    seats = tuple(None if group[i] is None else group[i].user_id for i in order)
    return (repeats, gap), Table(seats=seats, gap=gap)


def _table_for(first: Waiting, line: Sequence[Waiting], blocked: Blocked) -> Table | None:
    """The best table for `first` with three of the next CHOICE people in `line` who
    may sit with them; None if the blocks leave none."""
    choice = [other for other in line if frozenset((first.user_id, other.user_id)) not in blocked][
        :CHOICE
    ]
    best = None
    for rank, others in enumerate(combinations(choice, 3)):
        group = (first, *others)
        if blocked and not _apart(others, blocked):
            continue
        cost, table = best_split(group)
        key = (*cost, rank)  # rank: combinations come longest-waiting first
        if best is None or key < best[0]:
            best = (key, table)
    return best[1] if best else None


def tables(
    waiting: Sequence[Waiting],
    *,
    blocked: Blocked = (),
    bots_after: float | None = None,
    bot_mu: float = 0.0,
) -> list[Table]:
    """The tables to seat now. Those left over wait; once the longest of them waited
    `bots_after` seconds (None: never), groups of two or three of them who may sit
    together get tables with bots."""
    line = sorted(waiting, key=lambda person: (-person.waited, person.user_id))
    seated, left = [], []
    while len(line) >= 4:
        first, rest = line[0], line[1:]
        table = _table_for(first, rest, blocked)
        if table is None:
            left.append(first)
            line = rest
            continue
        seated.append(table)
        taken = set(table.seats)
        line = [person for person in rest if person.user_id not in taken]
    if bots_after is None:
        return seated
    left = sorted([*left, *line], key=lambda person: (-person.waited, person.user_id))
    while len(left) >= 2 and left[0].waited >= bots_after:
        group = [left[0]]
        for other in left[1:]:
            if len(group) < 3 and _apart([*group, other], blocked):
                group.append(other)
        if len(group) < 2:
            left = left[1:]
            continue
        _, table = best_split([*group, *[None] * (4 - len(group))], bot_mu)
        seated.append(table)
        left = [person for person in left if person not in group]
    return seated
