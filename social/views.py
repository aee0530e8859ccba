"""Pages of friends, the bell and invitations. Thin: services write, selectors read; a
form's refusal comes back as a message on the page it was sent from (core.posts)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from core import posts
from core.navigation import back_path, back_to
from core.schemas import value
from games.schemas import Seat
from games.selectors import unfinished_game_of
from games.services import tables
from social import selectors, services
from social.invite_box import invite_box_context
from social.models import Preference
from social.schemas import Username
from social.services import INVITATION_ANSWERS, REQUEST_ANSWERS, check_answer

SEARCH_MAX = 150


def _carry_out(request: HttpRequest, call, done: str) -> HttpResponse:
    """Runs a form's service; says what happened (or why not) on the page it came from."""
    return posts.act(request, call, back=back_path(request, "/friends/"), done=done)


@login_required
@require_GET
def friends(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:SEARCH_MAX]
    query = posts.attempt(value, Username, query, "The name")[0] or ""
    user = request.user
    context = {
        "query": query,
        "found": selectors.find_people(query, viewer=user),
        "friends": selectors.friends_of(user),
        "received": selectors.requests_received(user),
        "sent": selectors.requests_sent(user),
        "blocks": selectors.blocks_of(user),
        "invites_from": selectors.invites_from(user.pk),
        "invite_choices": Preference.InvitesFrom.choices,
        "table": _table_to_invite_to(user),
    }
    return render(request, "social/friends.html", context)


def _table_to_invite_to(user):
    """The person's own waiting table with a free seat, which friends can be invited to."""
    game = unfinished_game_of(user.pk)
    if game is None or game.status != game.Status.WAITING:
        return None
    seats = list(game.seats.all())
    mine = next(seat.position for seat in seats if seat.user_id == user.pk)
    free = selectors.free_seats(seats, mine)
    seated = {seat.user_id for seat in seats if seat.user_id}
    return {"game": game, "free": free, "seated": seated} if free else None


@login_required
@require_POST
def friend_add(request: HttpRequest, username: str) -> HttpResponse:
    def call():
        other = services.person(username)
        if services.friend_request_send(user=request.user, other=other) is None:
            messages.info(request, f"{other.username} had asked you already: you are friends")

    return _carry_out(request, call, f"Friend request sent to {username}")


@login_required
@require_POST
def friend_remove(request: HttpRequest, username: str) -> HttpResponse:
    return _carry_out(
        request,
        lambda: services.friend_remove(user=request.user, other=services.person(username)),
        f"{username} is no longer your friend",
    )


@login_required
@require_POST
def request_answer(request: HttpRequest, request_id: int, answer: str) -> HttpResponse:
    check_answer(answer, REQUEST_ANSWERS)
    if answer == "cancel":
        call, done = (
            lambda: services.friend_request_cancel(user=request.user, request_id=request_id),
            "Friend request cancelled",
        )
    else:
        accept = answer == "accept"
        call, done = (
            lambda: services.friend_request_answer(
                user=request.user, request_id=request_id, accept=accept
            ),
            "You are friends now" if accept else "Friend request declined",
        )
    return _carry_out(request, call, done)


@login_required
@require_POST
def block(request: HttpRequest, username: str) -> HttpResponse:
    return _carry_out(
        request,
        lambda: services.block(user=request.user, other=services.person(username)),
        f"You blocked {username}: they cannot ask, invite or chat to you",
    )


@login_required
@require_POST
def unblock(request: HttpRequest, username: str) -> HttpResponse:
    return _carry_out(
        request,
        lambda: services.unblock(user=request.user, other=services.person(username)),
        f"You no longer block {username}",
    )


@login_required
@require_POST
def preferences(request: HttpRequest) -> HttpResponse:
    choice = request.POST.get("invites_from", "")
    return _carry_out(
        request,
        lambda: services.preference_set(user=request.user, invites_from=choice),
        "Saved: who may invite you",
    )


@login_required
@require_POST
def invite(request: HttpRequest, game_id: int) -> HttpResponse:
    """From a table's invite box, or a friend's row: invites them to a free seat."""

    def call():
        services.invitation_send(
            user=request.user,
            other=services.person(request.POST.get("username", "")),
            game_id=game_id,
            position=value(Seat, request.POST.get("seat"), "seat", forms=True),
        )

    username = request.POST.get("username", "")
    return _carry_out(request, call, f"Invitation sent to {username}: it is open for 5 minutes")


@login_required
@require_POST
def play_together(request: HttpRequest, username: str) -> HttpResponse:
    """A friend's row when the person has no table: a new private table with the friend
    invited to the partner's seat."""

    def call():
        other = services.person(username)
        game = tables.table_create(owner=request.user, private=True)
        services.invitation_send(user=request.user, other=other, game_id=game.pk, position=2)
        return other, game

    done, error = posts.attempt(call)
    if error:
        messages.error(request, error)
        return back_to(request, "/friends/")
    other, game = done
    messages.success(request, f"{other.username} is invited to be your partner here")
    return redirect(reverse("game", args=[game.pk]))


@login_required
@require_GET
def invite_box(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table page's invite box again (after each push: seats fill); empty once the
    table has no free seat or has started."""
    return render(request, "social/partials/invite_box.html", invite_box_context(request, game_id))


@login_required
@require_GET
def notifications(request: HttpRequest) -> HttpResponse:
    """The bell: open invitations and friend requests to answer, then the latest notices.
    Opening it marks them read."""
    user = request.user
    context = {
        "invitations": selectors.live_invitations(receiver=user),
        "received": selectors.requests_received(user),
        "notices": selectors.notifications_recent(user),
        "bell_unread": 0,  # read by opening this page
    }
    response = render(request, "social/notifications.html", context)
    services.notifications_mark_read(user=user)
    return response


@login_required
@require_POST
def invitation_answer(request: HttpRequest, invitation_id: int, answer: str) -> HttpResponse:
    check_answer(answer, INVITATION_ANSWERS)
    if answer == "decline":
        return _carry_out(
            request,
            lambda: services.invitation_decline(user=request.user, invitation_id=invitation_id),
            "Invitation declined",
        )
    if request.htmx:  # a toast's button: a refusal becomes a toast (core.middleware)
        game = services.invitation_accept(user=request.user, invitation_id=invitation_id)
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("game", args=[game.pk])
        return response
    game, error = posts.attempt(
        services.invitation_accept, user=request.user, invitation_id=invitation_id
    )
    if error:
        messages.error(request, error)
        return back_to(request, "/notifications/")
    return redirect(reverse("game", args=[game.pk]))
