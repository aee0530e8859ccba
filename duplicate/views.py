"""Pages of duplicate events: the daily challenge (the day, a board's result and traveller,
the ranking and the past days) and club sessions (the session: seats, progress and results;
a board's traveller). Thin: reads from selectors, the one write (start a board) from
services; a session's writes are its director's, in the admin."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts.browsers import client_of
from core.errors import Unauthenticated
from duplicate import variants
from duplicate.api import parse_day
from duplicate.selectors import (
    boards as board_selectors,
    daily as daily_selectors,
    sessions as session_selectors,
)
from duplicate.services import daily as daily_services
from games.selectors import game_url

SEATS = ("North", "East", "South", "West")


def _day_context(event, user) -> dict:
    progress = daily_selectors.progress(event, user)
    mine = daily_selectors.my_percentages(event, progress.entry)
    boards = []
    for board in event.boards.all():
        played = board.number in progress.played
        boards.append(
            {
                "number": board.number,
                "dealer": SEATS[board.dealer],
                "played": played,
                "next": board.number == progress.next,
                "started": board.number == progress.next and progress.current is not None,
                "percentage": mine.get(board.number),
            }
        )
    so_far = list(mine.values())
    return {
        "event": event,
        "variant": variants.VARIANTS[event.variant],  # (name, what changes)
        "schedule": daily_selectors.week_from(event.day) if not event.closed else [],
        "boards": boards,
        "progress": progress,
        "average": sum(so_far) / len(so_far) if so_far else None,
        "commitment": board_selectors.commitments(event)[0],
        "verification": board_selectors.board_verification(event),
        "standings": daily_selectors.standings(event, user, limit=10),
    }


@require_GET
def today(request: HttpRequest) -> HttpResponse:
    event = daily_services.daily_today()
    return render(request, "duplicate/day.html", _day_context(event, request.user))


@require_GET
def day(request: HttpRequest, day: str) -> HttpResponse:
    event = daily_selectors.daily_event(parse_day(day))
    return render(request, "duplicate/day.html", _day_context(event, request.user))


@require_POST
def play(request: HttpRequest, day: str, number: int) -> HttpResponse:
    if not request.user.is_authenticated:
        raise Unauthenticated("Log in to play the daily challenge")
    game = daily_services.daily_board_start(
        user=request.user, day=parse_day(day), number=number, client=client_of(request)
    )
    return redirect(game_url(game))


@require_GET
def board(request: HttpRequest, day: str, number: int) -> HttpResponse:
    event = daily_selectors.daily_event(parse_day(day))
    board = daily_selectors.board_of(event, number)
    mine = daily_selectors.check_may_see_board(event, board, request.user)
    rows = daily_selectors.traveller(event, board)
    me = next((row for row in rows if mine is not None and row["game"] == mine.game_id), None)
    progress = daily_selectors.progress(event, request.user)
    so_far = list(daily_selectors.my_percentages(event, progress.entry).values())
    return render(
        request,
        "duplicate/board.html",
        {
            "event": event,
            "variant": variants.VARIANTS[event.variant],
            "board": board,
            "dealer": SEATS[board.dealer],
            "rows": rows,
            "me": me,
            "progress": progress,
            "average": sum(so_far) / len(so_far) if so_far else None,
            "open": not event.closed,
            "day_url": reverse("duplicate:day", args=[event.day.isoformat()]),
        },
    )


@require_GET
def standings(request: HttpRequest, day: str) -> HttpResponse:
    event = daily_selectors.daily_event(parse_day(day))
    return render(
        request,
        "duplicate/standings.html",
        daily_selectors.standings(event, request.user, limit=100),
    )


@require_GET
def past(request: HttpRequest) -> HttpResponse:
    return render(request, "duplicate/past.html", {"days": daily_selectors.past_dailies()})


# Club sessions


@require_GET
def session(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_selectors.session_of(pk)
    pair = session_selectors.my_pair(session, request.user)
    seats = session_selectors.my_seats(session, request.user)
    context = {
        "session": session,
        "pair": pair,
        "seen": session_selectors.boards_seen(session, pair),
        "seats": seats,
        "current": session_selectors.current_seat(seats),
        "progress": session_selectors.progress(session),
        "boards": range(1, session.boards_total + 1),
    }
    if session.closed:
        if session.movement == session.Movement.MITCHELL:
            context["rankings"] = session_selectors.mitchell_rankings(session)
        else:
            context["match"] = session_selectors.team_result(session)
    return render(request, "duplicate/session.html", context)


@require_GET
def session_board(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    session = session_selectors.session_of(pk)
    board = session_selectors.board_of(session, number)
    session_selectors.check_may_see_board(session, board, request.user)
    pair = session_selectors.my_pair(session, request.user)
    return render(
        request,
        "duplicate/session_board.html",
        {
            "session": session,
            "board": board,
            "dealer": SEATS[board.dealer],
            "rows": session_selectors.traveller(session, board),
            "pair": pair,
        },
    )
