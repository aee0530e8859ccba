"""Movements of club sessions, pure (no Django): who sits at which table with which boards
in each round. Tables, pairs and board sets are numbered from 1; a board set is the
`boards_per_round` boards a table plays in one round (set s: boards (s-1)*k+1 .. s*k).

- Mitchell (3 tables or more): North-South pair n sits at table n all session; East-West
  pairs move up one table each round and the boards down one. With an even number of
  tables the East-West pairs would meet their boards a second time halfway, so they skip
  a table then (move up two), as the bridge Mitchell does. Every pair plays every board
  set exactly once; with an odd number of tables every North-South pair meets every
  East-West pair, with an even number each East-West pair meets one North-South pair
  twice (on other boards) and one never, the price of playing every board.
- Team match (two tables): team A's North-South pair plays team B's East-West pair at
  table 1, team B's North-South pair plays team A's East-West pair at table 2, and both
  tables play the same board set in each round."""

from typing import NamedTuple


class Table(NamedTuple):
    """One table in one round: the North-South pair, the East-West pair, the board set."""

    table: int
    ns: int  # pair number of the North-South pair
    ew: int  # pair number of the East-West pair
    board_set: int


def mitchell(tables: int) -> list[list[Table]]:
    """The rounds of a Mitchell of `tables` tables (as many rounds as tables)."""
    if tables < 3:
        raise ValueError("A Mitchell needs 3 tables or more")
    skip_from = tables // 2 if tables % 2 == 0 else tables  # the round from which EW skip
    rounds = []
    for r in range(tables):
        skip = 1 if r >= skip_from else 0
        rounds.append(
            [
                Table(
                    table=t + 1,
                    ns=t + 1,
                    ew=(t - r - skip) % tables + 1,
                    board_set=(t + r) % tables + 1,
                )
                for t in range(tables)
            ]
        )
    return rounds


def team_match(rounds: int) -> list[list[Table]]:
    """The rounds of a two-table team match: NS pair 1 and EW pair 1 are team A's, NS pair 2
    and EW pair 2 team B's; both tables play board set r in round r."""
    if rounds < 1:
        raise ValueError("A match has one round or more")
    return [
        [Table(table=1, ns=1, ew=2, board_set=r), Table(table=2, ns=2, ew=1, board_set=r)]
        for r in range(1, rounds + 1)
    ]


def board_numbers(board_set: int, boards_per_round: int) -> list[int]:
    """The boards of a set, in the order a table plays them."""
    first = (board_set - 1) * boards_per_round + 1
    return list(range(first, first + boards_per_round))
