"""The JSON API of friends, blocks and invitations (session or token, as core.api)."""

from django.http import JsonResponse

from core.api import api_view
from core.errors import Invalid
from core.schemas import validate
from social import selectors, services
from social.schemas import (
    FriendOut,
    FriendRequests,
    Friends,
    InvitationAccepted,
    InvitationIn,
    InvitationOut,
    Invitations,
    NotificationOut,
    Notifications,
    Ok,
    PersonIn,
    Preferences,
    PreferencesIn,
    RequestReceived,
    RequestSent,
    RequestSentOut,
)


def _person(body: dict):
    return services.person(body.get("username"))


def _ok(status: int = 200) -> JsonResponse:
    return JsonResponse(Ok().data(), status=status)


@api_view(methods=["GET"], responses={200: Friends})
def friends(request, body):
    """Friends with presence, requests both ways, and the people blocked."""
    user = request.user
    answer = Friends(
        friends=[
            FriendOut(username=row.user.username, presence=row.presence.as_json())
            for row in selectors.friends_of(user)
        ],
        requests=FriendRequests(
            received=[
                RequestReceived(id=r.pk, sender=r.sender.username, at=r.created_at.isoformat())
                for r in selectors.requests_received(user)
            ],
            sent=[
                RequestSentOut(id=r.pk, to=r.receiver.username, at=r.created_at.isoformat())
                for r in selectors.requests_sent(user)
            ],
        ),
        blocked=[block.blocked.username for block in selectors.blocks_of(user)],
    )
    return JsonResponse(answer.data())


@api_view(body=PersonIn, responses={201: RequestSent, 200: RequestSent})
def request_send(request, body):
    """`{"username"}`: 201 with the request's id, or 200 `{"friends": true}` when they had
    asked already (accepting it)."""
    sent = services.friend_request_send(user=request.user, other=_person(body))
    if sent is None:
        return JsonResponse(RequestSent(friends=True).data())
    return JsonResponse(RequestSent(id=sent.pk, friends=False).data(), status=201)


@api_view(responses={200: Ok})
def request_answer(request, body, request_id: int, answer: str):
    """Answers a friend request: accept or decline one received, cancel one sent."""
    services.check_answer(answer, services.REQUEST_ANSWERS)
    if answer == "cancel":
        services.friend_request_cancel(user=request.user, request_id=request_id)
    else:
        services.friend_request_answer(
            user=request.user, request_id=request_id, accept=answer == "accept"
        )
    return _ok()


@api_view(responses={200: Ok})
def friend_remove(request, body, username: str):
    """Ends a friendship."""
    services.friend_remove(user=request.user, other=services.person(username))
    return _ok()


@api_view(body=PersonIn, responses={201: Ok})
def block(request, body):
    """`{"username"}`: blocks them; ends any friendship, request and invitation between you."""
    services.block(user=request.user, other=_person(body))
    return _ok(201)


@api_view(responses={200: Ok})
def unblock(request, body, username: str):
    """Lifts a block."""
    services.unblock(user=request.user, other=services.person(username))
    return _ok()


@api_view(
    methods=["GET", "POST"], body=InvitationIn, responses={200: Invitations, 201: InvitationOut}
)
def invitations(request, body):
    """GET: the live invitations to and from you. POST `{"username", "game", "seat"}`:
    invites them to a free seat of your table (201)."""
    if request.method == "GET":
        answer = Invitations(
            received=[
                InvitationOut.of(i) for i in selectors.live_invitations(receiver=request.user)
            ],
            sent=[InvitationOut.of(i) for i in selectors.live_invitations(sender=request.user)],
        )
        return JsonResponse(answer.data())
    other = _person(body)  # who first: nobody by that name is a 404 whatever the rest says
    invitation_in = validate(InvitationIn, body)
    invitation = services.invitation_send(
        user=request.user, other=other, game_id=invitation_in.game, position=invitation_in.seat
    )
    return JsonResponse(InvitationOut.of(invitation).data(), status=201)


@api_view(responses={200: Ok | InvitationAccepted})
def invitation_answer(request, body, invitation_id: int, answer: str):
    """Accepts (seated at the game, whose id is answered) or declines an invitation."""
    services.check_answer(answer, services.INVITATION_ANSWERS)
    if answer == "decline":
        services.invitation_decline(user=request.user, invitation_id=invitation_id)
        return _ok()
    game = services.invitation_accept(user=request.user, invitation_id=invitation_id)
    return JsonResponse(InvitationAccepted(game=game.pk).data())


@api_view(methods=["GET", "POST"], body=PreferencesIn, responses={200: Preferences})
def preferences(request, body):
    """`{"invites_from": "friends" | "anyone" | "nobody"}`."""
    if request.method == "POST":
        if "invites_from" not in body:
            raise Invalid("Send invites_from: friends, anyone or nobody")
        chosen = validate(PreferencesIn, body)
        services.preference_set(user=request.user, invites_from=chosen.invites_from)
    return JsonResponse(Preferences(invites_from=selectors.invites_from(request.user.pk)).data())


@api_view(methods=["GET"], responses={200: Notifications})
def notifications(request, body):
    """The latest notices under the bell, newest first, and how many are unread."""
    user = request.user
    answer = Notifications(
        unread=selectors.unread_count(user),
        notifications=[
            NotificationOut(
                text=n.words, url=n.url, at=n.created_at.isoformat(), read=n.read_at is not None
            )
            for n in selectors.notifications_recent(user)
        ],
    )
    return JsonResponse(answer.data())
