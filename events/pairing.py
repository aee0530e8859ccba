"""Who sits with whom in an arena (pure: no Django, no clock).

People who are free are seated in tables of four, by these rules in this order:
1. nobody sits at a table with someone they block (or who blocks them);
2. in a battle, partners play for the same club (one win never scores for both);
3. nobody has the same partner twice in a row, where another table avoids it;
4. the two partnerships' ratings are as close as possible (the sums of their mu);
5. the longest-waiting are seated first.

The longest-waiting person's table is chosen among the next few longest-waiting
(CHOICE): rule 5 bounds how far down the line the others are taken from, and so the work
(1,000 people are paired in well under 0.2 s, bench/events.py). After `bots_after`
seconds, the people left over who can sit together get a table whose empty seats expert
bots take: a small arena still plays, even with one person free (with three bots)."""

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
    side: int | None = None  # the club they play for in a battle: partners share it


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


def _sides_differ(first: Waiting | None, second: Waiting | None) -> bool:
    """They play for different clubs (a bot plays for either)."""
    if first is None or second is None:
        return False
    return first.side != second.side


def best_split(
    group: Sequence[Waiting | None], bot_mu: float = 0.0
) -> tuple[tuple[int, float], Table] | None:
    """The split of four (None: a bot of `bot_mu`) into partnerships by rules 2 to 4:
    (its cost, the table); None if no split keeps each partnership to one club."""

    def mu(member: Waiting | None) -> float:
        return bot_mu if member is None else member.mu

    best = None
    for (a, b), (c, d) in SPLITS:
        if _sides_differ(group[a], group[b]) or _sides_differ(group[c], group[d]):
            continue
        repeats = _repeats(group[a], group[b]) + _repeats(group[c], group[d])
        gap = abs(mu(group[a]) + mu(group[b]) - mu(group[c]) - mu(group[d]))
        if best is None or (repeats, gap) < best[0]:
            best = ((repeats, gap), (a, c, b, d))
    if best is None:
        return None
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
        split = best_split(group)
        if split is None:
            continue
        cost, table = split
        key = (*cost, rank)  # rank: combinations come longest-waiting first
        if best is None or key < best[0]:
            best = (key, table)
    return best[1] if best else None


def _with_bots(group: Sequence[Waiting], bot_mu: float = 0.0):
    """The best split of the group with bots in its empty seats, or None."""
    return best_split([*group, *[None] * (4 - len(group))], bot_mu)


def tables(
    waiting: Sequence[Waiting],
    *,
    blocked: Blocked = (),
    bots_after: float | None = None,
    bot_mu: float = 0.0,
) -> list[Table]:
    """The tables to seat now. Those left over wait; once the longest of them waited
    `bots_after` seconds (None: never), groups of one to three of them who may sit
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
    while left and left[0].waited >= bots_after:
        group = [left[0]]
        for other in left[1:]:
            if len(group) < 3 and _apart([*group, other], blocked) and _with_bots([*group, other]):
                group.append(other)
        _, table = _with_bots(group, bot_mu)
        seated.append(table)
        left = [person for person in left if person not in group]
    return seated
