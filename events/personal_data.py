"""Arenas' section of a person's download (accounts.hooks.personal_data), and leaving
every arena when an account closes (accounts.hooks.account_closing)."""

from accounts.models import User
from accounts.personal_data import covering, rows
from events.models import ArenaPlayer, BattleChallenge
from events.services import arenas


@covering("events.ArenaPlayer.user", "events.BattleChallenge.sent_by")
def events(user: User) -> tuple[str, dict]:
    return "arenas", {
        "entries": rows(
            ArenaPlayer.objects.filter(user=user).order_by("pk"),
            "arena__name",
            "arena__starts_at",
            "joined_at",
            "active",
            "points",
            "games",
            "wins",
            "club__name",
        ),
        "battle_challenges_sent": rows(
            BattleChallenge.objects.filter(sent_by=user),
            "challenger__name",
            "challenged__name",
            "starts_at",
            "status",
            "created_at",
        ),
    }


def leave_arenas(user: User) -> None:
    """On closing: not seated again in any arena (points already won stay)."""
    for arena_id in ArenaPlayer.objects.filter(user=user, active=True).values_list(
        "arena_id", flat=True
    ):
        arenas.arena_leave(user=user, arena_id=arena_id)
