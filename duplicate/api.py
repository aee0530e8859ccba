"""The daily challenge in the JSON API (core.api's style: session or token, JSON errors).
A board's game is then played through the games API and socket like any other game."""

from datetime import date

from django.http import JsonResponse

from accounts.browsers import client_of
from core.api import api_view
from core.errors import NotFound
from duplicate.schemas import (
    BoardResults,
    BoardStarted,
    DailyEvent,
    DoubleDummy,
    ScheduledDay,
    Standings,
)
from duplicate.selectors import boards as board_selectors, daily as daily_selectors
from duplicate.services import daily as daily_services


def parse_day(text: str) -> date:
    """A day in the URL, as YYYY-MM-DD; any other text is a day without a challenge."""
    try:
        if len(text) != 10:
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise NotFound(
            f"There is no daily challenge on {text[:20]!r}: dates are YYYY-MM-DD"
        ) from None


def event_document(event, user) -> DailyEvent:
    progress = daily_selectors.progress(event, user)
    event_commitment, boards = board_selectors.commitments(event)
    schedule = [
        ScheduledDay(date=day["date"].isoformat(), variant=day["variant"], name=day["name"])
        for day in daily_selectors.week_from(event.day)
    ]
    return DailyEvent(
        date=event.day.isoformat(),
        variant=event.variant,
        ruleset=event.ruleset,
        boards=len(boards),
        commitment=event_commitment,
        board_commitments=boards,
        closes_at=event.closes_at.isoformat(),
        closed=event.closed,
        played=progress.played,
        schedule=schedule,
    )


@api_view(methods=["GET"], anonymous=True, responses={200: DailyEvent})
def daily(request, body):
    """Today's challenge (UTC): its variant and rules, its boards' commitment, closing time
    and your boards done, and the week's variants from today (`schedule`, 7 days)."""
    return JsonResponse(event_document(daily_services.daily_today(), request.user).data())


@api_view(methods=["GET"], anonymous=True, responses={200: DailyEvent})
def daily_day(request, body, day: str):
    """The challenge of a given day (`schedule`: the 7 days from that day)."""
    event = daily_selectors.daily_event(parse_day(day))
    return JsonResponse(event_document(event, request.user).data())


@api_view(responses={200: BoardStarted})
def board_start(request, body, day: str, number: int):
    """Starts (or goes back to) the caller's game of a board; play it as any other game."""
    game = daily_services.daily_board_start(
        user=request.user, day=parse_day(day), number=number, client=client_of(request)
    )
    return JsonResponse(BoardStarted(game=game.pk).data())


@api_view(methods=["GET"], responses={200: BoardResults})
def board_results(request, body, day: str, number: int):
    """The traveller of a board: only for those who finished it, or once the day is over."""
    event = daily_selectors.daily_event(parse_day(day))
    board = daily_selectors.board_of(event, number)
    daily_selectors.check_may_see_board(event, board, request.user)
    dd = board.dd_tricks
    results = BoardResults(
        date=event.day.isoformat(),
        board=board.number,
        dealer=board.dealer,
        double_dummy=None if dd is None else DoubleDummy(ns=dd[0], ew=dd[1]),
        results=daily_selectors.traveller(event, board),
    )
    return JsonResponse(results.data())


@api_view(methods=["GET"], anonymous=True, responses={200: Standings})
def standings(request, body, day: str):
    """The ranking: those who played every board (`standings`), then the others unranked
    (`unranked`: status "in_progress" while the day is open, "incomplete" once closed)."""
    table = daily_selectors.standings(
        daily_selectors.daily_event(parse_day(day)), request.user, limit=100
    )
    event = table["event"]
    answer = Standings(
        date=event.day.isoformat(),
        closed=event.closed,
        boards=table["boards"],
        entries=table["entries"],
        standings=table["rows"],
        unranked=table["others"],
    )
    return JsonResponse(answer.data())
