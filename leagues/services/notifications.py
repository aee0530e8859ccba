"""Notifications: the lines on a person's clubs and tournament pages."""

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from leagues.models import Notification


def notify(users: Iterable[User], text: str, url: str = "") -> None:
    unique = {user.pk: user for user in users if user is not None}
    Notification.objects.bulk_create(
        [Notification(user=user, text=text[:200], url=url) for user in unique.values()]
    )


@transaction.atomic
def notifications_mark_read(*, user: User) -> int:
    return Notification.objects.filter(user=user, read_at=None).update(read_at=timezone.now())
