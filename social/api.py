"""The JSON API of friends, blocks and invitations (session or token, as games.api)."""

from django.http import JsonResponse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import Invalid
from games import inputs
from games.api import api_view
from social import selectors, services
from social.models import Invitation


def _person(body: dict):
    return services.person(body.get("username"))


def _invitation_json(invitation: Invitation) -> dict:
    return {
        "id": invitation.pk,
        "from": invitation.sender.username,
        "to": invitation.receiver.username,
        "game": invitation.game_id,
        "seat": invitation.position,
        "expires_at": invitation.expires_at.isoformat(),
    }


@require_GET
@api_view
def friends(request, body):
    """Friends with presence, requests both ways, and the people blocked."""
    user = request.user
    return JsonResponse(
        {
            "friends": [
                {"username": row.user.username, "presence": row.presence.as_json()}
                for row in selectors.friends_of(user)
            ],
            "requests": {
                "received": [
                    {"id": r.pk, "from": r.sender.username, "at": r.created_at.isoformat()}
                    for r in selectors.requests_received(user)
                ],
                "sent": [
                    {"id": r.pk, "to": r.receiver.username, "at": r.created_at.isoformat()}
                    for r in selectors.requests_sent(user)
                ],
            },
            "blocked": [block.blocked.username for block in selectors.blocks_of(user)],
        }
    )


@require_POST
@api_view
def request_send(request, body):
    """`{"username"}`: 201 with the request's id, or 200 `{"friends": true}` when they had
    asked already (accepting it)."""
    sent = services.friend_request_send(user=request.user, other=_person(body))
    if sent is None:
        return JsonResponse({"friends": True})
    return JsonResponse({"id": sent.pk, "friends": False}, status=201)


@require_POST
@api_view
def request_answer(request, body, request_id: int, answer: str):
    services.check_answer(answer, services.REQUEST_ANSWERS)
    if answer == "cancel":
        services.friend_request_cancel(user=request.user, request_id=request_id)
    else:
        services.friend_request_answer(
            user=request.user, request_id=request_id, accept=answer == "accept"
        )
    return JsonResponse({"ok": True})


@require_POST
@api_view
def friend_remove(request, body, username: str):
    services.friend_remove(user=request.user, other=services.person(username))
    return JsonResponse({"ok": True})


@require_POST
@api_view
def block(request, body):
    services.block(user=request.user, other=_person(body))
    return JsonResponse({"ok": True}, status=201)


@require_POST
@api_view
def unblock(request, body, username: str):
    services.unblock(user=request.user, other=services.person(username))
    return JsonResponse({"ok": True})


@require_http_methods(["GET", "POST"])
@api_view
def invitations(request, body):
    """GET: the live invitations to and from you. POST `{"username", "game", "seat"}`:
    invites them to a free seat of your table (201)."""
    if request.method == "GET":
        return JsonResponse(
            {
                "received": [
                    _invitation_json(i) for i in selectors.live_invitations(receiver=request.user)
                ],
                "sent": [
                    _invitation_json(i) for i in selectors.live_invitations(sender=request.user)
                ],
            }
        )
    invitation = services.invitation_send(
        user=request.user,
        other=_person(body),
        game_id=inputs.whole_number(body.get("game"), "game"),
        position=inputs.seat(body.get("seat")),
    )
    return JsonResponse(_invitation_json(invitation), status=201)


@require_POST
@api_view
def invitation_answer(request, body, invitation_id: int, answer: str):
    services.check_answer(answer, services.INVITATION_ANSWERS)
    if answer == "decline":
        services.invitation_decline(user=request.user, invitation_id=invitation_id)
        return JsonResponse({"ok": True})
    game = services.invitation_accept(user=request.user, invitation_id=invitation_id)
    return JsonResponse({"game": game.pk})


@require_http_methods(["GET", "POST"])
@api_view
def preferences(request, body):
    """`{"invites_from": "friends" | "anyone" | "nobody"}`."""
    if request.method == "POST":
        if "invites_from" not in body:
            raise Invalid("Send invites_from: friends, anyone or nobody")
        services.preference_set(user=request.user, invites_from=body["invites_from"])
    return JsonResponse({"invites_from": selectors.invites_from(request.user.pk)})


@require_GET
@api_view
def notifications(request, body):
    """The latest notices under the bell, newest first, and how many are unread."""
    user = request.user
    return JsonResponse(
        {
            "unread": selectors.unread_count(user),
            "notifications": [
                {
                    "text": n.text,
                    "url": n.url,
                    "at": n.created_at.isoformat(),
                    "read": n.read_at is not None,
                }
                for n in selectors.notifications_recent(user)
            ],
        }
    )
