"""Clubs' section of a person's download (accounts.hooks.personal_data)."""

from accounts.erasure import Erased
from accounts.models import User
from accounts.personal_data import covering, rows
from clubs.models import Club, JoinRequest, Membership


@covering(
    "clubs.Club.created_by",
    "clubs.Membership.user",
    "clubs.JoinRequest.user",
    "clubs.JoinRequest.decided_by",
)
def clubs(user: User) -> tuple[str, dict]:
    return "clubs", {
        "memberships": rows(
            Membership.objects.filter(user=user), "club__name", "role", "joined_at"
        ),
        "join_requests": rows(
            JoinRequest.objects.filter(user=user), "club__name", "status", "created_at"
        ),
        "join_requests_decided": rows(
            JoinRequest.objects.filter(decided_by=user),
            "club__name",
            "user__username",
            "status",
            "decided_at",
        ),
        "clubs_created": rows(Club.objects.filter(created_by=user), "name", "created_at"),
    }


def erase(user: User) -> None:
    """On erasure: a club's description that names the person names `closed-<id>`."""
    Erased.of(user).rewrite(Club.objects.all(), "description")
