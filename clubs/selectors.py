"""Reads of clubs: who is a member and in what role, who may see a club, the clubs pages'
data."""

from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse

from accounts.models import User
from clubs.models import Club, JoinRequest, Membership


def club_url(club: Club) -> str:
    return reverse("clubs:club", args=[club.slug])


def membership_of(club: Club, user: User | None) -> Membership | None:
    if user is None or not user.is_authenticated:
        return None
    return club.memberships.filter(user=user).first()


def clubs_of(user: User | None) -> set[int]:
    """The ids of the person's clubs (none for a visitor)."""
    if user is None or not user.is_authenticated:
        return set()
    return set(Membership.objects.filter(user=user).values_list("club_id", flat=True))


def is_club_admin(club: Club, user: User | None) -> bool:
    membership = membership_of(club, user)
    return bool(membership and membership.is_admin)


def member_ids(club: Club) -> set[int]:
    return set(club.memberships.values_list("user_id", flat=True))


def members_by_name(club: Club):
    """The club's members as people, by username."""
    return User.objects.filter(club_memberships__club=club).order_by("username")


def club_admins(club: Club) -> list[User]:
    """The owner and the admins."""
    return [
        membership.user
        for membership in club.memberships.select_related("user").filter(
            role__in=[Membership.Role.OWNER, Membership.Role.ADMIN]
        )
    ]


def may_view_club(club: Club, user: User | None) -> bool:
    """Public clubs are open to all; a private club's page only to its members."""
    return club.public or membership_of(club, user) is not None


def visible_club(slug: str, user: User | None) -> Club:
    """The club of a page: a private club one is not a member of is not there (404)."""
    club = get_object_or_404(Club, slug=slug)
    if not may_view_club(club, user):
        raise Http404("There is no such club")
    return club


def clubs_overview(user: User | None) -> dict:
    signed_in = user is not None and user.is_authenticated
    mine = (
        Club.objects.filter(pk__in=Membership.objects.filter(user=user).values("club"))
        .annotate(size=Count("memberships"))
        .order_by("name")
        if signed_in
        else Club.objects.none()
    )
    return {
        "my_clubs": list(mine),
        "public_clubs": list(
            Club.objects.filter(public=True).annotate(size=Count("memberships")).order_by("name")
        ),
    }


def club_page(club: Club, user: User | None) -> dict:
    membership = membership_of(club, user)
    return {
        "club": club,
        "membership": membership,
        "is_admin": bool(membership and membership.is_admin),
        "members": list(club.memberships.select_related("user").order_by("role", "user__username")),
        "requests": list(
            club.join_requests.filter(status=JoinRequest.Status.PENDING).select_related("user")
        )
        if membership and membership.is_admin
        else [],
        "requested": bool(
            user
            and user.is_authenticated
            and club.join_requests.filter(user=user, status=JoinRequest.Status.PENDING).exists()
        ),
    }
