"""Duplicate events' section of a person's download (accounts.hooks.personal_data): their
entries and results. The boards' cards are in the games section, their own seat's only."""

from django.db.models import Q

from accounts.models import User
from accounts.personal_data import covering, rows
from duplicate.models import Entry, Session


@covering("duplicate.Entry.user", "duplicate.Entry.partner", "duplicate.Session.created_by")
def duplicate(user: User) -> tuple[str, dict]:
    entries = Entry.objects.filter(Q(user=user) | Q(partner=user)).order_by("pk")
    return "duplicate", {
        "entries": rows(
            entries,
            "event_id",
            "event__kind",
            "event__day",
            "user__username",
            "partner__username",
            "partner_bot",
            "direction",
            "score",
            "boards_played",
            "created_at",
        ),
        "sessions_created": rows(Session.objects.filter(created_by=user), "name", "created_at"),
    }
