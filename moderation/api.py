"""Reporting in the JSON API (core.api's style: session or token, JSON errors)."""

from django.http import HttpRequest, JsonResponse

from core import schemas
from core.api import api_view
from core.schemas import Input, Output
from moderation.services import reports
from social import services as social_services

ID_MAX = 2**63 - 1  # a row's id


class ReportIn(Input):
    """A report: who (left out for a bot's card), why, a note; the moment it is about."""

    username: schemas.text("A username", optional=True) = None
    reason: schemas.text("A reason")
    note: schemas.text("A note", optional=True) = None
    game: schemas.whole_number(1, ID_MAX, optional=True) = None
    chat: schemas.whole_number(1, ID_MAX, optional=True) = None
    version: schemas.whole_number(1, ID_MAX, optional=True) = None  # a bot's card


class ReportOut(Output):
    id: int
    status: str  # "received": you are told when a moderator handled it


@api_view(body=ReportIn, responses={201: ReportOut})
def report(request: HttpRequest, body: dict) -> JsonResponse:
    """`{"username", "reason", "note", "game", "chat", "version"}`: reports a person, or a
    bot's card (the `version` of the `game` that played it). 429 past 10 reports an hour;
    409 the same person twice in a game."""
    data = schemas.validate(ReportIn, body)
    subject = social_services.person(data.username) if data.username else None
    made = reports.report_create(
        reporter=request.user,
        subject=subject,
        reason=data.reason,
        note=data.note or "",
        game_id=data.game,
        chat_id=data.chat,
        version=data.version,
    )
    return JsonResponse(ReportOut(id=made.pk, status="received").data(), status=201)
