"""Reads of friends, blocks, invitations, the bell and presence."""

from dataclasses import dataclass
from datetime import UTC, datetime

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from core.errors import NotFound
from games.models import Game
from games.selectors import access_game, unfinished_games_of
from social import notices, presence
from social.models import Block, FriendRequest, Friendship, Invitation, Notification, Preference


def are_friends(user_id: int, other_id: int) -> bool:
    return Friendship.objects.filter(user_id=user_id, friend_id=other_id).exists()


def friend_ids(user_id: int) -> set[int]:
    return set(Friendship.objects.filter(user_id=user_id).values_list("friend_id", flat=True))


def blocked_between(user_id: int, other_id: int) -> bool:
    """Either one blocks the other: nothing passes between them."""
    return Block.objects.filter(
        Q(blocker_id=user_id, blocked_id=other_id) | Q(blocker_id=other_id, blocked_id=user_id)
    ).exists()


def blocked_pairs(user_ids: list[int]) -> frozenset[frozenset[int]]:
    """{a, b} for each block between two of these people, whichever side blocked (the
    ranked matchmaker never seats them as partners)."""
    rows = Block.objects.filter(blocker_id__in=user_ids, blocked_id__in=user_ids).values_list(
        "blocker_id", "blocked_id"
    )
    return frozenset(frozenset(row) for row in rows)


def friends_by_name(user: User) -> list[User]:
    return list(
        User.objects.filter(pk__in=friend_ids(user.pk), is_active=True, bot_level="").order_by(
            "username"
        )
    )


def blocked_by(user_id: int) -> set[int]:
    """The people this person blocks (their table chat is not shown to them)."""
    return set(Block.objects.filter(blocker_id=user_id).values_list("blocked_id", flat=True))


def muted_names(user_id: int | None) -> set[str]:
    """The usernames whose table chat this person does not see: those they block."""
    if user_id is None:
        return set()
    return set(Block.objects.filter(blocker_id=user_id).values_list("blocked__username", flat=True))


def invites_from(user_id: int) -> str:
    preference = Preference.objects.filter(user_id=user_id).first()
    return preference.invites_from if preference else Preference.InvitesFrom.FRIENDS


@dataclass(frozen=True)
class Presence:
    status: str  # playing, at a table, in the ranked queue, in the lobby, online, offline
    online: bool
    game_url: str = ""  # where to watch, only when the viewer may
    last_seen: datetime | None = None

    def as_json(self) -> dict:
        body = {"status": self.status, "online": self.online}
        if self.game_url:
            body["game"] = self.game_url
        if self.last_seen and not self.online:
            body["last_seen"] = self.last_seen.isoformat()
        return body


def _may_watch(game: Game, viewer_id: int) -> bool:
    """games.selectors.access_game without an invite: a private or players-only game shows
    only to those who may watch it, so a friend's presence never reveals one to others."""
    try:
        access_game(viewer_id, game.pk, invite=None)
    except NotFound:
        return False
    return True


def presence_of(user_ids: list[int], *, viewer_id: int) -> dict[int, Presence]:
    pages = presence.pages_of(user_ids)
    games = unfinished_games_of(user_ids)
    activities = presence.activities_of(user_ids)
    found = {}
    for user_id in user_ids:
        live, seen = pages.get(user_id, (set(), None))
        last_seen = datetime.fromtimestamp(seen, UTC) if seen else None
        game = games.get(user_id)
        if game is not None and (live or game.status == Game.Status.PLAYING):
            status = "playing" if game.status == Game.Status.PLAYING else "at a table"
            url = reverse("game", args=[game.pk]) if _may_watch(game, viewer_id) else ""
            if not url:
                status += " (private)"
            found[user_id] = Presence(status, bool(live), url, last_seen)
        elif user_id in activities:
            found[user_id] = Presence(activities[user_id], True, "", last_seen)
        elif live:
            found[user_id] = Presence("in the lobby" if "lobby" in live else "online", True)
        else:
            found[user_id] = Presence("offline", False, "", last_seen)
    return found


@dataclass(frozen=True)
class FriendRow:
    user: User
    since: datetime
    presence: Presence


def friends_of(user: User) -> list[FriendRow]:
    """Friends with presence, those online first, then by name."""
    friendships = list(
        Friendship.objects.filter(user=user).select_related("friend").order_by("friend__username")
    )
    found = presence_of([row.friend_id for row in friendships], viewer_id=user.pk)
    rows = [FriendRow(row.friend, row.since, found[row.friend_id]) for row in friendships]
    return sorted(rows, key=lambda row: not row.presence.online)


def requests_received(user: User) -> list[FriendRequest]:
    return list(
        FriendRequest.objects.filter(receiver=user).select_related("sender").order_by("-pk")
    )


def requests_sent(user: User) -> list[FriendRequest]:
    return list(
        FriendRequest.objects.filter(sender=user).select_related("receiver").order_by("-pk")
    )


def blocks_of(user: User) -> list[Block]:
    return list(Block.objects.filter(blocker=user).select_related("blocked").order_by("-pk"))


def free_seats(seats, origin: int) -> list[int]:
    """The open seats of a table, the partner's of seat `origin` first: a friend is asked
    to play with, not against."""
    return sorted(
        (seat.position for seat in seats if not seat.taken),
        key=lambda position: position != (origin + 2) % 4,
    )


def live_invitations(**filters) -> list[Invitation]:
    """Open invitations not yet expired whose seat is still free at a table not started."""
    candidates = Invitation.objects.filter(
        status=Invitation.Status.OPEN,
        expires_at__gt=timezone.now(),
        game__status=Game.Status.WAITING,
        **filters,
    ).select_related("sender", "receiver", "game")
    free = {}
    for invitation in candidates:
        key = (invitation.game_id, invitation.position)
        if key not in free:
            free[key] = invitation.game.seats.filter(
                position=invitation.position, user__isnull=True, bot_level=""
            ).exists()
    return [
        invitation for invitation in candidates if free[(invitation.game_id, invitation.position)]
    ]


def invited_seats(game_id: int) -> set[int]:
    """The seats of a waiting table that open invitations keep for the people invited."""
    return {invitation.position for invitation in live_invitations(game_id=game_id)}


def relation(viewer: User, person: User) -> dict:
    """What the viewer's profile page of `person` offers: the friendship's state and blocks."""
    if not viewer.is_authenticated or viewer.pk == person.pk or person.is_bot:
        return {}
    received = FriendRequest.objects.filter(sender=person, receiver=viewer).first()
    return {
        "friends": are_friends(viewer.pk, person.pk),
        "request_sent": FriendRequest.objects.filter(sender=viewer, receiver=person).exists(),
        "request_received": received,
        "blocked": Block.objects.filter(blocker=viewer, blocked=person).exists(),
    }


def unread_count(user: User) -> int:
    if not user.is_authenticated:
        return 0
    return Notification.objects.filter(user=user, read_at=None).count()


def notifications_recent(user: User, limit: int = 30) -> list[Notification]:
    """The latest notices, newest first, each worded for this reader (`.words`, in the
    zone of the request: social.notices)."""
    return notices.worded(list(Notification.objects.filter(user=user)[:limit]), reader=user)


def find_people(query: str, *, viewer: User, limit: int = 10) -> list[User]:
    """People (not bots) whose username starts with the query, for adding friends."""
    if not query:
        return []
    return list(
        User.objects.filter(username__istartswith=query, bot_level="", is_active=True)
        .exclude(pk=viewer.pk)
        .order_by("username")[:limit]
    )
