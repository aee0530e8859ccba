"""Reads of the daily challenge: progress, travellers, standings and a person's history.

Nothing about a board's play is shown to someone who has not finished that board, until
the event closes."""

from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Count, F

from accounts.models import User
from core.errors import Forbidden, NotFound
from duplicate import matchpoints, variants
from duplicate.models import Board, BoardGame, Entry, Event
from duplicate.selectors.boards import results_by_board
from games.models import Game


def daily_event(day: date) -> Event:
    event = Event.objects.filter(kind=Event.Kind.DAILY, day=day).first()
    if event is None:
        raise NotFound(f"There is no daily challenge on {day}")
    return event


def week_from(start: date) -> list[dict]:
    """The seven days from `start` and their variants: a day made already shows its own,
    the others the rotation's (duplicate.variants)."""
    made = dict(
        Event.objects.filter(
            kind=Event.Kind.DAILY, day__gte=start, day__lt=start + timedelta(days=7)
        ).values_list("day", "variant")
    )
    return variants.week_from(start, made)


@dataclass(frozen=True)
class Progress:
    """Where a person stands in an event."""

    entry: Entry | None
    played: list[int]  # board numbers finished
    next: int | None  # the board to play now (None: all played)
    current: Game | None  # the game of the next board, if started


def progress(event: Event, user: User | None) -> Progress:
    count = event.boards.count()
    entry = None
    if user is not None and user.is_authenticated:
        entry = Entry.objects.filter(event=event, user=user).first()
    if entry is None:
        return Progress(None, [], 1 if count else None, None)
    games = {bg.board.number: bg for bg in entry.games.select_related("board", "game")}
    played = sorted(n for n, bg in games.items() if bg.finished)
    following = max(played, default=0) + 1
    if following > count:
        return Progress(entry, played, None, None)
    started = games.get(following)
    return Progress(entry, played, following, started.game if started else None)


def board_of(event: Event, number: int) -> Board:
    board = event.boards.filter(number=number).first()
    if board is None:
        raise NotFound(f"There is no board {number} in this challenge")
    return board


def check_may_see_board(event: Event, board: Board, user: User | None) -> BoardGame | None:
    """The viewer's finished game of the board; Forbidden unless they finished it or the
    event is closed (the board's cards are the same at every table)."""
    mine = None
    if user is not None and user.is_authenticated:
        mine = (
            BoardGame.objects.filter(board=board, entry__user=user, finished=True)
            .select_related("game")
            .first()
        )
    if mine is None and not event.closed:
        raise Forbidden(
            f"Finish board {board.number} first: its results are shown to those who played it"
        )
    return mine


def traveller(event: Event, board: Board) -> list[dict]:
    """Every result on the board, best first, with its matchpoint percentage (callers check
    check_may_see_board first)."""
    rows = list(
        BoardGame.objects.filter(board=board, finished=True)
        .select_related("entry__user")
        .order_by("-result", "finished_at", "pk")
    )
    percentages = matchpoints.board_percentages([row.result for row in rows]) if rows else []
    return [
        {
            "player": row.entry.user.username,
            "game": row.game_id,
            "direction": row.direction,
            "bids": row.bids,
            "tricks": row.tricks,
            "score": row.points,
            "result": row.result,
            "percentage": round(percentage, 2),
        }
        for row, percentage in zip(rows, percentages, strict=True)
    ]


def my_percentages(event: Event, entry: Entry | None) -> dict[int, float]:
    """The entry's matchpoint percentage so far on each board it finished: {number: %}."""
    if entry is None:
        return {}
    boards = results_by_board(event)
    numbers = dict(event.boards.values_list("pk", "number"))
    out = {}
    for board_id, by_entry in boards.items():
        if entry.pk in by_entry:
            out[numbers[board_id]] = matchpoints.percentages({0: by_entry})[0][entry.pk]
    return out


def standings(event: Event, user: User | None, *, limit: int | None = None) -> dict:
    """The ranking of an event: the entries that played every board, ranked; then the
    others, unranked: "in progress" while the event is open, "incomplete" once it closed.
    Each list shows its top `limit` lines, and the viewer's own line always."""
    count = event.boards.count()
    if event.closed:
        lines = [
            matchpoints.Line(pk, None, score, boards)
            for pk, score, boards in event.entries.order_by(
                F("score").desc(nulls_last=True), "pk"
            ).values_list("pk", "score", "boards_played")
        ]
    else:
        lines = matchpoints.standings(
            results_by_board(event), event.entries.order_by("pk").values_list("pk", flat=True)
        )
    ranked, others = matchpoints.complete(lines, count)
    cut = limit if limit is not None and max(len(ranked), len(others)) > limit else None
    me = None
    if user is not None and user.is_authenticated:
        me = event.entries.filter(user=user).values_list("pk", flat=True).first()
    ranked, others = _shown(ranked, me, limit), _shown(others, me, limit)
    names = dict(
        Entry.objects.filter(pk__in=[line.key for line in ranked + others]).values_list(
            "pk", "user__username"
        )
    )
    status = "incomplete" if event.closed else "in_progress"

    def row(line: matchpoints.Line, state: str) -> dict:
        return {
            "rank": line.rank,
            "player": names[line.key],
            "score": None if line.score is None else round(line.score, 2),
            "boards": line.boards,
            "me": line.key == me,
            "status": state,
        }

    return {
        "event": event,
        "boards": count,
        "entries": len(lines),
        "cut": cut,  # the lists were cut to their first `cut` lines
        "rows": [row(line, "ranked") for line in ranked],
        "others": [row(line, status) for line in others],
    }


def _shown(lines: list[matchpoints.Line], me: int | None, limit: int | None):
    """The top `limit` lines, and the viewer's own line below them if it is further down."""
    shown = lines if limit is None else lines[:limit]
    own = next((line for line in lines if line.key == me), None)
    return shown if own is None or own in shown else [*shown, own]


def past_dailies(limit: int = 60) -> list[dict]:
    """The closed daily challenges, newest first, with their number of entries."""
    events = (
        Event.objects.filter(kind=Event.Kind.DAILY, closed=True)
        .annotate(entrants=Count("entries"))
        .order_by("-day")[:limit]
    )
    return [
        {
            "day": event.day,
            "variant": variants.VARIANTS[event.variant][0],
            "entrants": event.entrants,
        }
        for event in events
    ]


def daily_history(user: User, limit: int = 30) -> dict:
    """A person's daily challenges: the days played (closed ones, with their final score)
    and the average and best over the days ranked (every board played, as the ranking)."""
    # One query: a person plays a day at most once, so the rows are few.
    days = [
        {"day": day, "score": score, "boards": boards, "of": total, "ranked": boards >= total}
        for day, score, boards, total in Entry.objects.filter(
            user=user, event__kind=Event.Kind.DAILY, event__closed=True, score__isnull=False
        )
        .annotate(total=Count("event__boards"))
        .order_by("-event__day")
        .values_list("event__day", "score", "boards_played", "total")
    ]
    scores = [day["score"] for day in days if day["ranked"]]
    return {
        "days": len(days),
        "average": round(sum(scores) / len(scores), 2) if scores else None,
        "best": round(max(scores), 2) if scores else None,
        "recent": [{**day, "score": round(day["score"], 2)} for day in days[:limit]],
    }


def day_so_far(user: User, viewer: User | None) -> dict | None:
    """A person's daily challenge still open, once they finished a board of it: the boards
    played and, to the person alone, their percentage so far (to anyone else it would
    tell how the day's boards play before they have played them). None: nothing to show."""
    entry = (
        Entry.objects.filter(user=user, event__kind=Event.Kind.DAILY, event__closed=False)
        .select_related("event")
        .order_by("-event__day")
        .first()
    )
    played = entry.games.filter(finished=True).count() if entry else 0
    if not played:
        return None
    event = entry.event
    mine = viewer is not None and viewer.is_authenticated and viewer.pk == user.pk
    so_far = list(my_percentages(event, entry).values()) if mine else []
    return {
        "day": event.day,
        "played": played,
        "boards": event.boards.count(),
        "percentage": round(sum(so_far) / len(so_far), 2) if so_far else None,
        "mine": mine,
    }
