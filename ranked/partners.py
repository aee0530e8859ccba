"""Reads of the social app that ranked play needs for partnerships: whom a person may ask
to queue with, and which waiting people must not be partners. Kept here rather than in
social/, whose selectors answer for one pair of people at a time."""

from accounts.models import User
from social.models import Block
from social.selectors import friend_ids


def blocked_pairs(user_ids: list[int]) -> frozenset[frozenset[int]]:
    """{a, b} for each block between two of these people, whichever side blocked."""
    rows = Block.objects.filter(blocker_id__in=user_ids, blocked_id__in=user_ids).values_list(
        "blocker_id", "blocked_id"
    )
    return frozenset(frozenset(row) for row in rows)


def friends_to_ask(user: User) -> list[User]:
    """The friends a person may ask to queue with them, by name."""
    return list(
        User.objects.filter(pk__in=friend_ids(user.pk), is_active=True, bot_level="").order_by(
            "username"
        )
    )
