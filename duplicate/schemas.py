"""What the daily challenge's API answers, declared once as types (core.schemas)."""

from typing import Any

from core.schemas import Output


class ScheduledDay(Output):
    """A day of the daily challenge's week and the variant its boards are played in."""

    date: str
    variant: str  # a preset's name: classic, jokers, whiz, mirror, suicide
    name: str


class DailyEvent(Output):
    """A day's challenge: its variant and the rules its boards are played by, its boards'
    commitment, closing time, the caller's boards done, and the week from that day."""

    date: str
    variant: str
    ruleset: dict[str, Any]
    boards: int
    commitment: str
    board_commitments: list[str]
    closes_at: str
    closed: bool
    played: list[int]
    schedule: list[ScheduledDay]


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
