"""Writes of friends, blocks, invitations and notifications.

Each write between two people locks both their rows first (games.services.seating.people_lock),
so that a request, an answer and a block between the same two people never interleave."""

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from core.errors import Conflict, Forbidden, Invalid, NotFound
from core.schemas import value
from games.models import Game
from games.services import clock, seating, tables
from social import events, notices, selectors
from social.models import (
    INVITATION_LIFETIME,
    Block,
    FriendRequest,
    Friendship,
    Invitation,
    Notification,
    Preference,
)
from social.schemas import Username

MAX_OPEN_INVITATIONS = 10  # from one person at once: invitations are not for spamming


def person(username: object) -> User:
    """A person (not a bot) by username, or NotFound."""
    username = value(Username, username, "username")[:150]
    found = User.objects.filter(username=username, bot_level="", is_active=True).first()
    if found is None:
        raise NotFound(f"There is nobody called {username!r}")
    return found


REQUEST_ANSWERS = ("accept", "decline", "cancel")
INVITATION_ANSWERS = ("accept", "decline")


def check_answer(answer: str, answers: tuple[str, ...]) -> None:
    if answer not in answers:
        raise NotFound(f"There is nothing here: the answer is {' or '.join(answers)}")


# Notifications


def notify(
    users: Iterable[User | None],
    text: str,
    url: str = "",
    *,
    data: dict | None = None,
    invitation=None,
) -> None:
    """A line under each person's bell, and a toast on their open pages once committed.
    A text that names a person or a moment is a template with `data` (social.notices:
    "{sender} wants to be your friend", data={"sender": notices.person(user)}): each
    reader sees it worded when shown."""
    data = data or {}
    unique = {user.pk: user for user in users if user is not None and not user.is_bot}
    created = Notification.objects.bulk_create(
        [Notification(user=user, text=text[:200], url=url, data=data) for user in unique.values()]
    )
    for notification in created:

        def push(user=notification.user):
            events.notified(
                user.pk,
                text=notices.words_for(user, text[:200], data),
                url=url,
                unread=selectors.unread_count(user),
                invitation=invitation.pk if invitation else None,
            )

        # robust: with Redis away the notification stands; the bell shows it on next page.
        transaction.on_commit(push, robust=True)


@transaction.atomic
def notifications_mark_read(*, user: User) -> int:
    return Notification.objects.filter(user=user, read_at=None).update(read_at=timezone.now())


# Friends


def _check_other(user: User, other: User) -> None:
    if other.pk == user.pk:
        raise Invalid("That is you")
    if other.is_bot:
        raise Invalid("Bots do not make friends")


@transaction.atomic
def friend_request_send(*, user: User, other: User) -> FriendRequest | None:
    """Asks `other` to be friends. If they already asked `user`, this accepts: they are
    friends at once and None is returned."""
    _check_other(user, other)
    seating.people_lock([user.pk, other.pk])
    if selectors.blocked_between(user.pk, other.pk):
        # The same words whichever side blocked: a block is not announced.
        raise Forbidden(f"You cannot send {other.username} a friend request")
    if selectors.are_friends(user.pk, other.pk):
        raise Conflict(f"You and {other.username} are already friends")
    theirs = FriendRequest.objects.filter(sender=other, receiver=user).first()
    if theirs is not None:
        _befriend(theirs)
        return None
    if FriendRequest.objects.filter(sender=user, receiver=other).exists():
        raise Conflict(f"You already asked {other.username}")
    request = FriendRequest.objects.create(sender=user, receiver=other)
    notify([other], ASKED, "/friends/", data={"sender": notices.person(user)})
    return request


ASKED = "{sender} wants to be your friend"


def _request_settled(sender: User, receiver: User) -> None:
    """The request's notice goes once it is answered or withdrawn, wherever that was done:
    it would ask the receiver for an answer already given."""
    Notification.objects.filter(
        user=receiver, text=ASKED, data__sender__person=sender.pk, url="/friends/"
    ).delete()


def _befriend(request: FriendRequest) -> None:
    sender, receiver = request.sender, request.receiver
    FriendRequest.objects.filter(sender=receiver, receiver=sender).delete()
    request.delete()
    _request_settled(sender, receiver)
    _request_settled(receiver, sender)
    Friendship.objects.bulk_create(
        [Friendship(user=sender, friend=receiver), Friendship(user=receiver, friend=sender)],
        ignore_conflicts=True,
    )
    notify(
        [sender],
        "{receiver} accepted your friend request",
        "/friends/",
        data={"receiver": notices.person(receiver)},
    )


def _request_to(user: User, request_id: int, *, received: bool) -> FriendRequest:
    mine = {"receiver": user} if received else {"sender": user}
    request = FriendRequest.objects.filter(pk=request_id, **mine).select_related(
        "sender", "receiver"
    )
    found = request.first()
    if found is None:
        raise NotFound(
            f"There is no friend request {request_id} to you"
            if received
            else f"You sent no friend request {request_id}"
        )
    return found


@transaction.atomic
def friend_request_answer(*, user: User, request_id: int, accept: bool) -> None:
    request = _request_to(user, request_id, received=True)
    seating.people_lock([request.sender_id, user.pk])
    if not FriendRequest.objects.filter(pk=request.pk).exists():
        raise NotFound(f"There is no friend request {request_id} to you")
    if accept:
        _befriend(request)
    else:
        request.delete()  # the sender is not told: they see it still unanswered, then gone
        _request_settled(request.sender, user)


@transaction.atomic
def friend_request_cancel(*, user: User, request_id: int) -> None:
    request = _request_to(user, request_id, received=False)
    request.delete()
    _request_settled(user, request.receiver)


@transaction.atomic
def friend_remove(*, user: User, other: User) -> None:
    seating.people_lock([user.pk, other.pk])
    removed, _ = Friendship.objects.filter(
        user__in=[user, other], friend__in=[user, other]
    ).delete()
    if not removed:
        raise NotFound(f"{other.username} is not your friend")


@transaction.atomic
def block(*, user: User, other: User) -> None:
    """Ends any friendship, request and open invitation between the two, both ways."""
    _check_other(user, other)
    seating.people_lock([user.pk, other.pk])
    Friendship.objects.filter(user__in=[user, other], friend__in=[user, other]).delete()
    FriendRequest.objects.filter(sender__in=[user, other], receiver__in=[user, other]).delete()
    Invitation.objects.filter(
        sender__in=[user, other], receiver__in=[user, other], status=Invitation.Status.OPEN
    ).update(status=Invitation.Status.DECLINED)
    try:
        with transaction.atomic():
            Block.objects.create(blocker=user, blocked=other)
    except IntegrityError:
        raise Conflict(f"You already block {other.username}") from None


@transaction.atomic
def unblock(*, user: User, other: User) -> None:
    removed, _ = Block.objects.filter(blocker=user, blocked=other).delete()
    if not removed:
        raise NotFound(f"You do not block {other.username}")


@transaction.atomic
def preference_set(*, user: User, invites_from: str) -> Preference:
    if invites_from not in Preference.InvitesFrom.values:
        choices = ", ".join(Preference.InvitesFrom.values)
        raise Invalid(f"invites_from must be one of: {choices}")
    preference, _ = Preference.objects.update_or_create(
        user=user, defaults={"invites_from": invites_from}
    )
    return preference


# Invitations to a seat


def check_invitation(*, user: User, other: User, game: Game, position: int) -> None:
    _check_other(user, other)
    if selectors.blocked_between(user.pk, other.pk):
        raise Forbidden(f"You cannot invite {other.username}")
    policy = selectors.invites_from(other.pk)
    if policy == Preference.InvitesFrom.NOBODY or (
        policy == Preference.InvitesFrom.FRIENDS and not selectors.are_friends(user.pk, other.pk)
    ):
        only = "nobody" if policy == Preference.InvitesFrom.NOBODY else "their friends only"
        raise Forbidden(f"{other.username} takes invitations from {only}")
    if game.created_by_id != user.pk and not game.seats.filter(user=user).exists():
        raise Forbidden("You can invite people only to a table you sit at")
    if game.status != Game.Status.WAITING:
        raise Conflict("This game has already started")
    if game.seats.filter(user=other).exists():
        raise Conflict(f"{other.username} already sits at this table")
    seat = game.seats.filter(position=position).first()
    if seat is None or seat.taken:
        raise Conflict(f"Seat {position} is not free")
    if len(selectors.live_invitations(sender=user)) >= MAX_OPEN_INVITATIONS:
        raise Conflict(f"You have {MAX_OPEN_INVITATIONS} open invitations: wait for answers")


@transaction.atomic
def invitation_send(*, user: User, other: User, game_id: int, position: int) -> Invitation:
    """Invites `other` to a free seat of the table `user` sits at; inviting them to the same
    seat again renews the invitation."""
    if position not in range(4):
        raise Invalid("The seat must be 0, 1, 2 or 3")
    game = seating.game_lock(game_id)
    if game.created_by_id != user.pk and not game.seats.filter(user=user).exists():
        raise NotFound(f"There is no game {game_id}")  # as access_game: no private leak
    check_invitation(user=user, other=other, game=game, position=position)
    expires_at = timezone.now() + INVITATION_LIFETIME
    invitation, _ = Invitation.objects.update_or_create(
        sender=user,
        receiver=other,
        game=game,
        position=position,
        status=Invitation.Status.OPEN,
        defaults={"expires_at": expires_at},
    )
    inviter = game.seats.filter(user=user).values_list("position", flat=True).first()
    role = "as their partner" if inviter is not None and (position - inviter) % 4 == 2 else ""
    notify(
        [other],
        f"{{sender}} invites you to table {game.pk}" + (f", {role}" if role else ""),
        "/notifications/",
        data={"sender": notices.person(user)},
        invitation=invitation,
    )
    _seats_held_changed(game.pk)
    return invitation


def _seats_held_changed(game_id: int) -> None:
    """The table shows which open seats wait for someone invited (games' held seats):
    its viewers get it again once the invitation is written."""
    transaction.on_commit(lambda: clock.game_refresh(game_id=game_id), robust=True)


def _invitation_to(user: User, invitation_id: int) -> Invitation:
    invitation = (
        Invitation.objects.filter(pk=invitation_id, receiver=user)
        .select_related("sender", "game")
        .first()
    )
    if invitation is None:
        raise NotFound(f"There is no invitation {invitation_id} to you")
    return invitation


def invitation_accept(*, user: User, invitation_id: int) -> Game:
    """One click seats the person (games.services.tables.table_join: its locks and checks)."""
    invitation = _invitation_to(user, invitation_id)
    if invitation.status != Invitation.Status.OPEN:
        raise Conflict(f"You already {invitation.status} this invitation")
    if invitation.expires_at <= timezone.now():
        raise Conflict("This invitation has expired")
    if selectors.blocked_between(user.pk, invitation.sender_id):
        raise Conflict("This invitation is no longer valid")
    with transaction.atomic():
        game = tables.table_join(
            game_id=invitation.game_id,
            user=user,
            seat=invitation.position,
            invite=invitation.game.invite,
        )
        Invitation.objects.filter(pk=invitation.pk).update(status=Invitation.Status.ACCEPTED)
    return game


@transaction.atomic
def invitation_decline(*, user: User, invitation_id: int) -> None:
    invitation = _invitation_to(user, invitation_id)
    if invitation.status != Invitation.Status.OPEN:
        raise Conflict(f"You already {invitation.status} this invitation")
    Invitation.objects.filter(pk=invitation.pk).update(status=Invitation.Status.DECLINED)
    _seats_held_changed(invitation.game_id)
