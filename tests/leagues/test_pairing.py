"""Properties of the schedules and pairings, over many random tournaments."""

import random
from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from leagues import pairing

# Round robin


@given(count=st.integers(2, 21), double=st.booleans())
def test_round_robin_meets_every_pair_exactly_once_or_twice(count, double):
    entrants = [f"team{i}" for i in range(count)]
    rounds = pairing.round_robin(entrants, double=double)
    per_cycle = count - 1 if count % 2 == 0 else count
    assert len(rounds) == per_cycle * (2 if double else 1)
    meetings = Counter()
    byes = Counter()
    for pairs in rounds:
        seen = [entrant for pair in pairs for entrant in pair if entrant is not None]
        assert sorted(seen) == sorted(entrants)  # everyone plays or rests, once a round
        for first, second in pairs:
            if second is None:
                byes[first] += 1
            else:
                meetings[frozenset((first, second))] += 1
    assert set(meetings) == {frozenset(pair) for pair in combinations(entrants, 2)}
    assert set(meetings.values()) == {2 if double else 1}
    if count % 2:
        assert byes == dict.fromkeys(entrants, 2 if double else 1)
    else:
        assert not byes


def test_a_double_round_robin_swaps_sides_the_second_time():
    rounds = pairing.round_robin(["a", "b", "c", "d"], double=True)
    first_half = {pair for pairs in rounds[:3] for pair in pairs}
    second_half = {pair for pairs in rounds[3:] for pair in pairs}
    assert second_half == {(b, a) for a, b in first_half}


def test_a_round_robin_needs_two_distinct_entrants():
    with pytest.raises(ValueError, match="At least 2"):
        pairing.round_robin(["alone"])
    with pytest.raises(ValueError, match="distinct"):
        pairing.round_robin(["a", "a"])


# Swiss


def rematch_free_pairing_exists(players: list, met: set, bye_allowed: list | None) -> bool:
    """An oracle independent of the pairing code: a bitmask search over every matching."""
    index = {player: i for i, player in enumerate(players)}

    @cache
    def can_pair(mask: int) -> bool:
        if mask == 0:
            return True
        first = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << first)
        return any(
            rest >> other & 1
            and frozenset((players[first], players[other])) not in met
            and can_pair(rest & ~(1 << other))
            for other in range(len(players))
        )

    everyone = (1 << len(players)) - 1
    if len(players) % 2 == 0:
        return can_pair(everyone)
    return any(can_pair(everyone & ~(1 << index[bye])) for bye in bye_allowed)


def check_round(ranking, pairs, met, byes):
    seen = [entrant for pair in pairs for entrant in pair if entrant is not None]
    assert sorted(seen) == sorted(ranking)  # everyone exactly once
    bye_pairs = [first for first, second in pairs if second is None]
    assert len(bye_pairs) == len(ranking) % 2
    repeats = [pair for pair in pairs if pair[1] is not None and frozenset(pair) in met]
    if rematch_free_pairing_exists(ranking, met, ranking):
        assert not repeats, f"rematch {repeats} although a pairing without one exists"
    if bye_pairs:
        # The lowest-ranked entrant without a bye whose bye leaves a pairing without
        # rematches; then those who had one; with no such pairing, the lowest without one.
        lowest_first = ranking[::-1]
        order = [p for p in lowest_first if p not in byes] + [p for p in lowest_first if p in byes]
        feasible = [p for p in order if rematch_free_pairing_exists(ranking, met, [p])]
        assert bye_pairs[0] == (feasible[0] if feasible else order[0])


@settings(max_examples=150, deadline=None)
@given(
    count=st.integers(2, 12),
    rounds=st.integers(1, 12),
    seed=st.integers(0, 2**32),
)
def test_swiss_never_repeats_a_pairing_while_another_is_possible(count, rounds, seed):
    rng = random.Random(seed)
    entrants = list(range(count))
    score = dict.fromkeys(entrants, 0)
    met: set[frozenset] = set()
    byes: set[int] = set()
    for _ in range(rounds):
        ranking = sorted(entrants, key=lambda e: (-score[e], e))
        pairs = pairing.swiss_round(ranking, played=met, had_bye=byes)
        check_round(ranking, pairs, met, byes)
        for first, second in pairs:
            if second is None:
                byes.add(first)
                score[first] += 1
            else:
                met.add(frozenset((first, second)))
                score[rng.choice((first, second))] += 1


def test_swiss_pairs_by_score_in_the_first_round():
    assert pairing.swiss_round([1, 2, 3, 4, 5]) == [(1, 2), (3, 4), (5, None)]


def test_swiss_bye_goes_to_the_lowest_ranked_who_has_not_had_one():
    pairs = pairing.swiss_round([1, 2, 3, 4, 5], had_bye={5})
    assert (4, None) in pairs


def test_swiss_backtracks_to_avoid_a_rematch_a_greedy_pairing_would_force():
    # Greedy would pair 1-2 and leave 3-4, who have met; 1-3 and 2-4 avoid both rematches.
    played = [frozenset((3, 4)), frozenset((1, 4))]
    pairs = pairing.swiss_round([1, 2, 3, 4], played=played)
    assert sorted(map(sorted, pairs)) == [[1, 3], [2, 4]]


def test_swiss_allows_a_rematch_only_when_none_can_be_avoided():
    everyone_met = [frozenset(pair) for pair in combinations([1, 2, 3, 4], 2)]
    pairs = pairing.swiss_round([1, 2, 3, 4], played=everyone_met)
    assert sorted(entrant for pair in pairs for entrant in pair) == [1, 2, 3, 4]


@settings(max_examples=150, deadline=None)
@given(
    count=st.integers(2, 14),
    rounds=st.integers(1, 6),
    links=st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13)), max_size=8),
    seed=st.integers(0, 2**32),
)
def test_swiss_never_pairs_entrants_kept_apart_and_seats_everyone_once(count, rounds, links, seed):
    # Entrants with accounts of one person (accounts.seats): they never meet; a bye instead.
    rng = random.Random(seed)
    entrants = list(range(count))
    apart = {frozenset(pair) for pair in links if len(set(pair)) == 2 and max(pair) < count}
    met: set[frozenset] = set()
    byes: set[int] = set()
    for _ in range(rounds):
        ranking = rng.sample(entrants, count)
        pairs = pairing.swiss_round(ranking, played=met, had_bye=byes, apart=apart)
        seated = [entrant for pair in pairs for entrant in pair if entrant is not None]
        assert sorted(seated) == entrants
        assert not any(frozenset(pair) in apart for pair in pairs if pair[1] is not None)
        for first, second in pairs:
            (byes.add(first) if second is None else met.add(frozenset((first, second))))


def test_swiss_keeps_linked_entrants_apart_and_gives_byes_when_nothing_else_will():
    assert pairing.swiss_round([1, 2, 3, 4], apart=[{1, 2}]) == [(1, 3), (2, 4)]
    assert pairing.swiss_round([1, 2], apart=[{1, 2}]) == [(1, None), (2, None)]


def test_single_entrants_are_partnered_in_order_but_never_two_kept_apart():
    assert pairing.partners_in_order([1, 2, 3, 4, 5]) == ([(1, 2), (3, 4)], [5])
    assert pairing.partners_in_order([1, 2, 3, 4], apart=[{1, 2}]) == ([(1, 3), (2, 4)], [])
    assert pairing.partners_in_order([1, 2], apart=[{1, 2}]) == ([], [1, 2])


# Single elimination


def test_bracket_order_keeps_the_top_seeds_apart():
    assert pairing.bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


@settings(max_examples=120, deadline=None)
@given(count=st.integers(2, 40), seed=st.integers(0, 2**32), favourites=st.booleans())
def test_elimination_advances_winners_and_gives_byes_to_the_top_seeds(count, seed, favourites):
    rng = random.Random(seed)
    seeds = [f"seed{i}" for i in range(1, count + 1)]
    rank = {entrant: i for i, entrant in enumerate(seeds)}
    pairs = pairing.elimination_first_round(seeds)
    size = 1 << pairing.elimination_rounds(count)
    assert len(pairs) == size // 2 and size // 2 < count <= size
    assert sorted(e for pair in pairs for e in pair if e is not None) == sorted(seeds)
    with_byes = {first for first, second in pairs if second is None}
    assert with_byes == set(seeds[: size - count])  # the top seeds, and only they
    eliminated: Counter = Counter()
    matches, rounds = 0, 0
    alive = set(seeds)
    while True:
        rounds += 1
        winners = []
        for first, second in pairs:
            assert first in alive and (second is None or second in alive)
            if second is None:
                winners.append(first)
                continue
            matches += 1
            favourite = min(first, second, key=rank.get)
            winner = favourite if favourites else rng.choice((first, second))
            loser = second if winner == first else first
            eliminated[loser] += 1
            alive.discard(loser)
            winners.append(winner)
        if len(winners) == 1:
            break
        assert rounds > 1 or len(winners) == size // 2
        pairs = pairing.elimination_next_round(winners)
        assert [e for pair in pairs for e in pair] == winners  # winners meet in bracket order
    assert rounds == pairing.elimination_rounds(count)
    assert matches == count - 1 and set(eliminated.values()) <= {1}
    assert alive == set(winners)
    if favourites:  # the two best seeds meet only in the final
        assert winners == ["seed1"] and set(pairs[0]) == {"seed1", "seed2"}


def test_the_first_knockout_round_keeps_linked_entrants_apart():
    seeds = list(range(1, 9))
    assert (1, 8) in pairing.elimination_first_round(seeds)
    pairs = pairing.elimination_first_round(seeds, apart=[{1, 8}, {2, 7}])
    assert sorted(e for pair in pairs for e in pair) == seeds
    assert not {frozenset(pair) for pair in pairs} & {frozenset((1, 8)), frozenset((2, 7))}
