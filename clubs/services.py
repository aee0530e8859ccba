"""Writes of clubs: creating them, joining (by request or invite link), roles."""

import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from accounts.hooks import check_wording
from accounts.models import User
from clubs import selectors
from clubs.models import Club, JoinRequest, Membership
from core.errors import Conflict, Forbidden, Invalid, NotFound
from social import notices
from social.services import notify


def check_club_admin(club: Club, user: User) -> Membership:
    membership = selectors.membership_of(club, user)
    if membership is None or not membership.is_admin:
        raise Forbidden(f"Only admins of {club} can do that")
    return membership


def check_club_create(*, name: str) -> str:
    """The new club's slug, or an error."""
    if not name:
        raise Invalid("A club needs a name")
    check_wording(name, "A club's name")
    if Club.objects.filter(name__iexact=name).exists():
        raise Conflict(f"There is already a club called {name}")
    base = slugify(name)[:80] or "club"
    slug, number = base, 2
    while Club.objects.filter(slug=slug).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug


@transaction.atomic
def club_create(*, owner: User, name: str, description: str = "", public: bool = True) -> Club:
    name = name.strip()
    slug = check_club_create(name=name)
    check_wording(description, "A club's description")
    try:
        with transaction.atomic():  # a twin created meanwhile must not poison the outer one
            club = Club.objects.create(
                name=name, slug=slug, description=description.strip(), public=public,
                created_by=owner,
            )  # fmt: skip
    except IntegrityError:
        raise Conflict(f"There is already a club called {name}") from None
    Membership.objects.create(club=club, user=owner, role=Membership.Role.OWNER)
    return club


@transaction.atomic
def club_update(*, club: Club, admin: User, description: str, public: bool) -> Club:
    check_club_admin(club, admin)
    check_wording(description, "A club's description")
    club.description, club.public = description.strip(), public
    club.save(update_fields=["description", "public"])
    return club


@transaction.atomic
def club_request_join(*, club: Club, user: User) -> JoinRequest:
    if selectors.membership_of(club, user):
        raise Conflict(f"You are already a member of {club}")
    if not club.public:
        raise Forbidden(f"{club} is private: you need an invite link from its admins")
    if club.join_requests.filter(user=user, status=JoinRequest.Status.PENDING).exists():
        raise Conflict("You have already asked to join: an admin will answer")
    request = JoinRequest.objects.create(club=club, user=user)
    notify(
        selectors.club_admins(club),
        "{user} asks to join {club}",
        selectors.club_url(club),
        data={"user": notices.person(user), "club": str(club)},
    )
    return request


@transaction.atomic
def club_decide_request(*, request_id: int, admin: User, approve: bool) -> JoinRequest:
    request = (
        JoinRequest.objects.select_for_update()
        .select_related("club", "user")
        .filter(pk=request_id)
        .first()
    )
    if request is None:
        raise NotFound("There is no such request")
    check_club_admin(request.club, admin)
    if request.status != JoinRequest.Status.PENDING:
        raise Conflict("This request was already answered")
    request.status = JoinRequest.Status.APPROVED if approve else JoinRequest.Status.DECLINED
    request.decided_by, request.decided_at = admin, timezone.now()
    request.save(update_fields=["status", "decided_by", "decided_at"])
    club = request.club
    if approve:
        Membership.objects.get_or_create(club=club, user=request.user)
        notify([request.user], f"Welcome to {club}!", selectors.club_url(club))
    else:
        notify([request.user], f"Your request to join {club} was declined")
    return request


def invite_code_matches(club: Club, code: object) -> bool:
    # In constant time, so that timing tells nothing of the code; bytes, because
    # compare_digest refuses strings with characters beyond ASCII.
    return secrets.compare_digest(str(code).encode(), club.invite_code.encode())


@transaction.atomic
def club_join_by_invite(*, club: Club, user: User, code: str) -> Membership:
    if not invite_code_matches(club, code):
        raise Forbidden("This invite link is not valid (any more): ask the club for a new one")
    if selectors.membership_of(club, user):
        raise Conflict(f"You are already a member of {club}")
    club.join_requests.filter(user=user, status=JoinRequest.Status.PENDING).update(
        status=JoinRequest.Status.APPROVED, decided_at=timezone.now()
    )
    return Membership.objects.create(club=club, user=user)


@transaction.atomic
def club_reset_invite(*, club: Club, admin: User) -> Club:
    """A new invite link; the old one stops working."""
    check_club_admin(club, admin)
    club.invite_code = secrets.token_urlsafe(12)
    club.save(update_fields=["invite_code"])
    return club


def check_club_remove(club: Club, admin: User, user: User) -> Membership:
    actor = check_club_admin(club, admin)
    target = selectors.membership_of(club, user)
    if target is None:
        raise NotFound(f"{user} is not a member of {club}")
    if target.role == Membership.Role.OWNER:
        raise Forbidden("The owner cannot be removed")
    if target.role == Membership.Role.ADMIN and actor.role != Membership.Role.OWNER:
        raise Forbidden("Only the owner can remove an admin")
    return target


@transaction.atomic
def club_remove_member(*, club: Club, admin: User, user: User) -> None:
    check_club_remove(club, admin, user).delete()
    notify([user], f"You are no longer a member of {club}")


@transaction.atomic
def club_set_role(*, club: Club, owner: User, user: User, role: str) -> Membership:
    """The owner makes a member an admin or an organiser, or either a member again."""
    if check_club_admin(club, owner).role != Membership.Role.OWNER:
        raise Forbidden("Only the owner can appoint or dismiss admins and organisers")
    if role not in (Membership.Role.ADMIN, Membership.Role.ORGANISER, Membership.Role.MEMBER):
        raise Invalid("A member can be made an admin, an organiser or a member")
    target = selectors.membership_of(club, user)
    if target is None:
        raise NotFound(f"{user} is not a member of {club}")
    if target.role == Membership.Role.OWNER:
        raise Conflict("The owner stays the owner")
    target.role = role
    target.save(update_fields=["role"])
    return target
