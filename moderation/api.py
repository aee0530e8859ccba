"""Reporting in the JSON API (core.api's style: session or token, JSON errors)."""

from django.http import HttpRequest, JsonResponse

from core import schemas
from core.api import api_view
from core.schemas import Input, Output
from moderation.services import reports
from social import services as social_services

ID_MAX = 2**63 - 1  # a row's id


class ReportIn(Input):
    """A report: who (left out for a bot's card or a game's deals), why, a note; the moment
    it is about."""

    username: schemas.text("A username", optional=True) = None
    reason: schemas.text("A reason")
    note: schemas.text("A note", optional=True) = None
    game: schemas.whole_number(1, ID_MAX, optional=True) = None
    chat: schemas.whole_number(1, ID_MAX, optional=True) = None
    version: schemas.whole_number(1, ID_MAX, optional=True) = None  # a bot's card


class SeedCheckOut(Output):
    """The verify page's check of a game's finished hands, run when its deals are reported."""

    hands: list[int]  # the hands checked
    failed: list[int]  # those whose seed does not hash to the commitment shown before
    verify: str  # the verify page of the last one


class ReportOut(Output):
    id: int
    # "received": you are told when a moderator handled it; "added": to your open report
    # about the person (one a person, without a game)
    status: str
    filings: int  # how often you filed it
    seed_check: SeedCheckOut | None  # a report of a game's deals


@api_view(body=ReportIn, responses={201: ReportOut, 200: ReportOut})
def report(request: HttpRequest, body: dict) -> JsonResponse:
    """`{"username", "reason", "note", "game", "chat", "version"}`: reports a person, a
    bot's card (the `version` of the `game` that played it), or the deals of a `game`
    (reason "fairness", no username: checked at once, and the verify page of its last
    finished hand given). 201 received; 200 added to your open report about the person
    (without a game). 429 past 10 reports an hour; 409 the same person (or deals) twice in
    a game."""
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
    added = made.filings > 1
    answer = ReportOut(
        id=made.pk,
        status="added" if added else "received",
        filings=made.filings,
        seed_check=SeedCheckOut(**made.seed_check) if made.seed_check else None,
    )
    return JsonResponse(answer.data(), status=200 if added else 201)
