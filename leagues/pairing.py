"""Pure scheduling and pairing: round robin, Swiss and single elimination. No Django.

Entrants are any hashable values (the callers pass primary keys). A pair is
`(first, second)`; `second` is None for a bye. `apart` holds pairs of entrants who may not
meet at one table (accounts of one person, accounts.seats): Swiss and the first round of a
knock-out keep them apart."""

from collections.abc import Callable, Hashable, Iterable, Sequence
from math import ceil, log2


def _distinct[T: Hashable](entrants: Sequence[T], least: int) -> list[T]:
    players = list(entrants)
    if None in players or len(set(players)) != len(players):
        raise ValueError("Entrants must be distinct and not None")
    if len(players) < least:
        raise ValueError(f"At least {least} entrants are needed")
    return players


# Round robin


def round_robin[T: Hashable](
    entrants: Sequence[T], *, double: bool = False
) -> list[list[tuple[T, T | None]]]:
    """Every round of a round robin by the circle method: each pair meets exactly once
    (twice when `double`, with sides swapped the second time). An odd count gives one
    bye a round, a different entrant's each time; the bye pair comes last."""
    players: list[T | None] = list(_distinct(entrants, 2))
    if len(players) % 2:
        players.append(None)
    size = len(players)
    fixed, rest = players[0], players[1:]
    rounds = []
    for number in range(size - 1):
        order = [fixed, *rest]
        pairs, bye = [], None
        for i in range(size // 2):
            first, second = order[i], order[size - 1 - i]
            if i == 0 and number % 2:
                first, second = second, first  # the fixed entrant alternates sides
            if first is None or second is None:
                bye = (first if second is None else second, None)
            else:
                pairs.append((first, second))
        rounds.append(pairs + ([bye] if bye else []))
        rest = rest[-1:] + rest[:-1]
    if double:
        rounds += [
            [(second, first) if second is not None else (first, None) for first, second in pairs]
            for pairs in rounds
        ]
    return rounds


# Swiss


def _perfect_matching[T: Hashable](
    order: Sequence[T], allowed: Callable[[T, T], bool]
) -> list[tuple[T, T]] | None:
    """Pairs everyone in `order` (best first) with allowed pairs only, or None when that is
    impossible. Exhaustive backtracking: the best unpaired entrant tries the nearest
    opponents first, so score groups stay together; failed remainders are remembered."""
    failed: set[tuple[T, ...]] = set()

    def solve(remaining: tuple[T, ...]) -> list[tuple[T, T]] | None:
        if not remaining:
            return []
        if remaining in failed:
            return None
        # Cheap pruning: someone with no possible opponent left dooms this branch.
        if any(not any(allowed(a, b) for b in remaining if b != a) for a in remaining):
            failed.add(remaining)
            return None
        first, rest = remaining[0], remaining[1:]
        for index, other in enumerate(rest):
            if allowed(first, other):
                found = solve(rest[:index] + rest[index + 1 :])
                if found is not None:
                    return [(first, other), *found]
        failed.add(remaining)
        return None

    return solve(tuple(order))


def _greedy_matching[T: Hashable](
    order: Sequence[T],
    fresh: Callable[[T, T], bool],
    may_meet: Callable[[T, T], bool] = lambda a, b: True,
) -> list[tuple[T, T | None]]:
    """Pairs everyone, avoiding rematches where it can but allowing them: the fallback for
    when no pairing without a rematch exists at all. Whoever is left with nobody they may
    meet sits out with a bye (the byes come last)."""
    left, pairs, byes = list(order), [], []
    while left:
        first = left.pop(0)
        options = [b for b in left if may_meet(first, b)]
        if not options:
            byes.append((first, None))
            continue
        other = next((b for b in options if fresh(first, b)), options[0])
        left.remove(other)
        pairs.append((first, other))
    return pairs + byes


def swiss_round[T: Hashable](
    ranking: Sequence[T],
    *,
    played: Iterable[frozenset] = (),
    had_bye: Iterable[T] = (),
    apart: Iterable[frozenset] = (),
) -> list[tuple[T, T | None]]:
    """One Swiss round for `ranking` (best first: by score, then tie-breaks).

    Guarantees, in order of priority:
    0. no pair of `apart` meets, ever: when no pairing can avoid it, one of them has a bye
       (then a round may have more than one bye);
    1. no pair of `played` meets again whenever some pairing of the round avoids every
       rematch (the search is exhaustive);
    2. with an odd count the bye goes to the lowest-ranked entrant who has not had one
       and whose bye leaves a pairing without rematches (to one who had a bye only when
       nobody else's would);
    3. entrants meet the nearest-ranked opponent the first two rules allow.
    The bye pair comes last."""
    players = _distinct(ranking, 2)
    met = {frozenset(pair) for pair in played}
    byes = set(had_bye)
    kept = {frozenset(pair) for pair in apart}

    def may_meet(a: T, b: T) -> bool:
        return frozenset((a, b)) not in kept

    def fresh(a: T, b: T) -> bool:
        return may_meet(a, b) and frozenset((a, b)) not in met

    # Without rematches if any pairing allows it, else with them; apart always.
    rules = (fresh, may_meet) if kept else (fresh,)
    if len(players) % 2 == 0:
        for rule in rules:
            pairs = _perfect_matching(players, rule)
            if pairs is not None:
                return list(pairs)
        return _greedy_matching(players, fresh, may_meet)
    lowest_first = list(reversed(players))
    candidates = [p for p in lowest_first if p not in byes] + [p for p in lowest_first if p in byes]
    for rule in rules:
        for bye in candidates:
            pairs = _perfect_matching([p for p in players if p != bye], rule)
            if pairs is not None:
                return [*pairs, (bye, None)]
    bye = candidates[0]
    found = _greedy_matching([p for p in players if p != bye], fresh, may_meet)
    return [pair for pair in found if pair[1] is not None] + [
        (bye, None),
        *(pair for pair in found if pair[1] is None),
    ]


def swiss_rounds_for(count: int) -> int:
    """The usual number of Swiss rounds: enough to find a single unbeaten entrant."""
    return max(1, ceil(log2(max(count, 2))))


# Partners for single entrants


def partners_in_order[T: Hashable](
    singles: Sequence[T], *, apart: Iterable[frozenset] = ()
) -> tuple[list[tuple[T, T]], list[T]]:
    """Single entrants (best first) as partnerships, each with the next best they may sit
    with (not an `apart` pair), and those left alone (an odd one, or kept apart)."""
    kept = {frozenset(pair) for pair in apart}
    left, pairs, alone = list(singles), [], []
    while left:
        first = left.pop(0)
        other = next((b for b in left if frozenset((first, b)) not in kept), None)
        if other is None:
            alone.append(first)
            continue
        left.remove(other)
        pairs.append((first, other))
    return pairs, alone


# Single elimination


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1 = best) in bracket slot order for a bracket of `size` (a power of
    two): 1 v size, and the top two seeds can only meet in the final."""
    if size < 1 or size & (size - 1):
        raise ValueError("A bracket size is a power of two")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for first in order for seed in (first, total - first)]
    return order


def elimination_rounds(count: int) -> int:
    """How many rounds a single elimination of `count` entrants takes."""
    return ceil(log2(count)) if count > 1 else 0


def elimination_first_round[T: Hashable](
    seeded: Sequence[T], *, apart: Iterable[frozenset] = ()
) -> list[tuple[T, T | None]]:
    """The first round for entrants in seed order (best first). The bracket is the next
    power of two; the missing slots are byes, and they go to the top seeds. A match of an
    `apart` pair swaps its lower seed with the nearest match's lower seed that parts them
    (none left: they meet, the bracket's size allowing no other way)."""
    players = _distinct(seeded, 2)
    size = 1 << elimination_rounds(len(players))
    slots = [players[seed - 1] if seed <= len(players) else None for seed in bracket_order(size)]
    kept = {frozenset(pair) for pair in apart}

    def clash(i: int) -> bool:  # the match at slots i, i + 1
        return frozenset((slots[i], slots[i + 1])) in kept

    for i in range(0, size, 2):
        if not kept or not clash(i):
            continue
        for j in sorted(range(1, size, 2), key=lambda j: (abs(j - i), j)):
            if j == i + 1 or slots[j] is None:
                continue
            slots[i + 1], slots[j] = slots[j], slots[i + 1]
            if not clash(i) and not clash(j - 1):
                break
            slots[i + 1], slots[j] = slots[j], slots[i + 1]
    return [(slots[i], slots[i + 1]) for i in range(0, size, 2)]


def elimination_next_round[T: Hashable](winners: Sequence[T]) -> list[tuple[T, T]]:
    """The next round from the previous round's winners in bracket order: the winners of
    matches 1 and 2 meet, then those of 3 and 4, and so on."""
    players = _distinct(winners, 2)
    if len(players) & (len(players) - 1):
        raise ValueError("A bracket round has a power of two of winners")
    return [(players[i], players[i + 1]) for i in range(0, len(players), 2)]
