"""Reads of moderation: the restrictions in force on a person."""

from django.utils import timezone

from accounts.models import User
from core.clock import your_time
from moderation.models import Decision

# The decisions that restrict an activity (accounts.hooks.restrictions).
RESTRICTING = {"chat": Decision.Kind.MUTE, "ranked": Decision.Kind.BAR, "events": Decision.Kind.BAR}


def in_force(user: User, kind: str, *, now=None) -> Decision | None:
    """The decision of this kind that is in force on `user` now (the one ending last)."""
    now = now or timezone.now()
    return (
        Decision.objects.filter(subject=user, kind=kind, undone_at=None, until__gt=now)
        .order_by("-until")
        .first()
    )


def restriction(user: User, activity: str) -> str | None:
    """accounts.hooks.restrictions: why a mute or a bar forbids `activity` now."""
    kind = RESTRICTING.get(activity)
    if kind is None or not user.is_authenticated:
        return None
    decision = in_force(user, kind)
    if decision is None:
        return None
    until = your_time(decision.until)
    if kind == Decision.Kind.MUTE:
        return f"A moderator muted your chat until {until}: {decision.reason}"
    return f"A moderator barred you from ranked play and events until {until}: {decision.reason}"
