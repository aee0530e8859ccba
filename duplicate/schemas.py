"""What the daily challenge's API answers, declared once as types (core.schemas)."""

from typing import Any

from core.schemas import Output


class DailyEvent(Output):
    """A day's challenge: its boards' commitment, closing time and the caller's boards
    done."""

    date: str
    boards: int
    commitment: str
    board_commitments: list[str]
    closes_at: str
    closed: bool
    played: list[int]


class BoardStarted(Output):
    game: int


class DoubleDummy(Output):
    ns: int
    ew: int


class BoardResults(Output):
    """A board's traveller: every result, with the double-dummy tricks once worked out."""

    date: str
    board: int
    dealer: int
    double_dummy: DoubleDummy | None
    results: list[dict[str, Any]]


class Standings(Output):
    """Those who played every board (`standings`), then the others unranked (`unranked`:
    status "in_progress" while the day is open, "incomplete" once closed)."""

    date: str
    closed: bool
    boards: int
    entries: int
    standings: list[dict[str, Any]]
    unranked: list[dict[str, Any]]
