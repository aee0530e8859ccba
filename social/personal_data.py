"""Social's section of a person's download (accounts.hooks.personal_data), and what it
undoes when an account closes or is erased (accounts.hooks.account_closing/_erasing)."""

from django.db.models import Q

from accounts.erasure import Erased
from accounts.models import User
from accounts.personal_data import covering, rows
from social import notices, presence
from social.models import Block, FriendRequest, Friendship, Invitation, Notification, Preference


@covering(
    "social.Friendship.user",
    "social.Friendship.friend",
    "social.FriendRequest.sender",
    "social.FriendRequest.receiver",
    "social.Block.blocker",
    "social.Preference.user",
    "social.Invitation.sender",
    "social.Invitation.receiver",
    "social.Notification.user",
)
def social(user: User) -> tuple[str, dict]:
    # A friendship is two rows, one each way: the person's own direction names them all.
    preference = Preference.objects.filter(user=user).first()
    invitations = Invitation.objects.filter(Q(sender=user) | Q(receiver=user)).order_by("pk")
    return "social", {
        "friends": rows(Friendship.objects.filter(user=user), "friend__username", "since"),
        "friend_requests_sent": rows(
            FriendRequest.objects.filter(sender=user), "receiver__username", "created_at"
        ),
        "friend_requests_received": rows(
            FriendRequest.objects.filter(receiver=user), "sender__username", "created_at"
        ),
        "blocked": rows(Block.objects.filter(blocker=user), "blocked__username", "created_at"),
        "invites_from": preference.invites_from if preference else None,
        "invitations": rows(
            invitations,
            "sender__username",
            "receiver__username",
            "game_id",
            "position",
            "status",
            "created_at",
        ),
        "notifications": [
            {"text": n.words, "url": n.url, "created_at": n.created_at, "read_at": n.read_at}
            for n in notices.worded(list(Notification.objects.filter(user=user)), reader=user)
        ],
    }


def forget_ties(user: User) -> None:
    """On closing: friendships (both directions) and requests go for good, open
    invitations lapse, and the person is offline at once."""
    Friendship.objects.filter(Q(user=user) | Q(friend=user)).delete()
    FriendRequest.objects.filter(Q(sender=user) | Q(receiver=user)).delete()
    Invitation.objects.filter(
        Q(sender=user) | Q(receiver=user), status=Invitation.Status.OPEN
    ).delete()
    presence.forget(user_id=user.pk)


def erase(user: User) -> None:
    """On erasure: what only the person needed (their choices, their bell, their blocks),
    and their old name in other people's bells."""
    Preference.objects.filter(user=user).delete()
    Notification.objects.filter(user=user).delete()
    Block.objects.filter(blocker=user).delete()
    # Other people's notices that name them: those stored as data name them by id
    # (social.notices); older texts, and strings in data, written since they joined, are
    # rewritten.
    since = Notification.objects.filter(created_at__gte=user.date_joined)
    Erased.of(user).rewrite(since, "text", "url", "data")
