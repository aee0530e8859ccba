"""The JSON API of the ranked queue, alone or with a friend as partners: thin views over
ranked.services, in games.api's token and JSON-error style."""

from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import User
from core.errors import Invalid
from games import inputs
from games.api import api_view
from games.selectors import game_url
from ranked import selectors
from ranked.models import PartnerRequest, QueueEntry
from ranked.services import partners as partner_services, queue as queue_services
from social import services as social_services


def _request_json(request: PartnerRequest) -> dict:
    return {
        "id": request.pk,
        "from": request.sender.username,
        "to": request.receiver.username,
        "max_wait": request.max_wait,
        "expires_at": request.expires_at.isoformat(),
    }


def _state(user: User) -> dict:
    """What the person waits for: the queue (with their partner), their requests, and the
    ranked game they play now."""
    state = selectors.queue_state(user, now=timezone.now())
    entry = state["entry"]
    game = selectors.ranked_game_of(user)
    return {
        "queued": entry is not None,
        "partner": entry.partner.username if entry and entry.partner else None,
        "waited": state.get("waited"),
        "max_wait": entry.max_wait if entry else None,
        "sent": _request_json(state["sent"]) if state["sent"] else None,
        "received": [_request_json(request) for request in state["received"]],
        "game": {"id": game.pk, "url": game_url(game)} if game else None,
    }


def _partner(value: object) -> User:
    if not inputs.text(value, "partner"):
        raise Invalid("partner must be the username of a friend")
    return social_services.person(value)


@require_http_methods(["GET", "POST"])
@api_view
def queue(request: HttpRequest, body: dict) -> JsonResponse:
    """GET: the caller's queue state. POST {"max_wait": 30, "partner": "<username>"}, both
    optional: joins the queue, or with a partner asks that friend to queue together (they
    accept with .../accept); if the friend had asked the caller already, both are queued."""
    if request.method == "GET":
        return JsonResponse(_state(request.user))
    unknown = set(body) - {"max_wait", "partner"}
    if unknown:
        raise Invalid(f"Unknown field {sorted(unknown)[0]!r}: send max_wait and partner")
    max_wait = body.get("max_wait", QueueEntry.DEFAULT_WAIT)
    max_wait = inputs.whole_number(max_wait, "max_wait")
    if body.get("partner") is None:
        queue_services.queue_join(user=request.user, max_wait=max_wait)
    else:
        partner_services.partner_request_send(
            user=request.user, partner=_partner(body["partner"]), max_wait=max_wait
        )
    return JsonResponse(_state(request.user), status=201)


@require_POST
@api_view
def queue_leave(request: HttpRequest, body: dict) -> JsonResponse:
    """Leaves the queue (one's partner too) and withdraws one's partner request."""
    left = queue_services.queue_leave(user=request.user)
    return JsonResponse({**_state(request.user), "left": left})


@require_POST
@api_view
def partner_accept(request: HttpRequest, body: dict, request_id: int) -> JsonResponse:
    partner_services.partner_request_accept(user=request.user, request_id=request_id)
    return JsonResponse(_state(request.user))


@require_POST
@api_view
def partner_decline(request: HttpRequest, body: dict, request_id: int) -> JsonResponse:
    partner_services.partner_request_decline(user=request.user, request_id=request_id)
    return JsonResponse(_state(request.user))
