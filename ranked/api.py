"""The JSON API of the ranked queue of each variant, alone or with a friend as partners:
thin views over ranked.services, in core.api's token and JSON-error style."""

from django.http import HttpRequest, JsonResponse
from django.utils import timezone

from accounts.browsers import client_of
from accounts.models import User
from core.api import api_view
from core.schemas import validate
from games.selectors import game_url
from ranked import selectors, variants
from ranked.schemas import GameLink, PartnerRequestOut, QueueIn, QueueLeft, QueueState
from ranked.services import partners as partner_services, queue as queue_services
from social import services as social_services


def _state(user: User) -> QueueState:
    state = selectors.queue_state(user, now=timezone.now())
    entry = state["entry"]
    game = selectors.ranked_game_of(user)
    return QueueState(
        queued=entry is not None,
        variant=entry.variant if entry else None,
        partner=entry.partner.username if entry and entry.partner else None,
        waited=state.get("waited"),
        max_wait=entry.max_wait if entry else None,
        sent=PartnerRequestOut.of(state["sent"]) if state["sent"] else None,
        received=[PartnerRequestOut.of(request) for request in state["received"]],
        game=GameLink(id=game.pk, url=game_url(game)) if game else None,
    )


@api_view(methods=["GET", "POST"], body=QueueIn, responses={200: QueueState, 201: QueueState})
def queue(request: HttpRequest, body: dict) -> JsonResponse:
    """GET: the caller's queue state. POST {"max_wait": 30, "partner": "<username>"}, both
    optional: joins the queue, or with a partner asks that friend to queue together (they
    accept with .../accept); if the friend had asked the caller already, both are queued."""
    if request.method == "GET":
        return JsonResponse(_state(request.user).data())
    wish = validate(QueueIn, body)
    variant = wish.variant or variants.CLASSIC
    if wish.partner is None:
        queue_services.queue_join(
            user=request.user, max_wait=wish.max_wait, variant=variant, client=client_of(request)
        )
    else:
        partner = social_services.person(wish.partner)
        partner_services.partner_request_send(
            user=request.user,
            partner=partner,
            max_wait=wish.max_wait,
            variant=variant,
            client=client_of(request),
        )
    return JsonResponse(_state(request.user).data(), status=201)


@api_view(responses={200: QueueLeft})
def queue_leave(request: HttpRequest, body: dict) -> JsonResponse:
    """Leaves the queue (one's partner too) and withdraws one's partner request."""
    left = queue_services.queue_leave(user=request.user)
    return JsonResponse(QueueLeft(**dict(_state(request.user)), left=left).data())


@api_view(responses={200: QueueState})
def partner_accept(request: HttpRequest, body: dict, request_id: int) -> JsonResponse:
    """Accepts a friend's request to queue together: both wait as one pair."""
    partner_services.partner_request_accept(
        user=request.user, request_id=request_id, client=client_of(request)
    )
    return JsonResponse(_state(request.user).data())


@api_view(responses={200: QueueState})
def partner_decline(request: HttpRequest, body: dict, request_id: int) -> JsonResponse:
    """Declines a friend's request to queue together (the friend is told)."""
    partner_services.partner_request_decline(user=request.user, request_id=request_id)
    return JsonResponse(_state(request.user).data())
