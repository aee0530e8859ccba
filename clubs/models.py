"""Clubs, their members and roles, and the requests to join them (invitations are the
club's invite link)."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q


def _new_code() -> str:
    return secrets.token_urlsafe(12)


class Club(models.Model):
    name = models.CharField(max_length=80, unique=True)
    slug = models.SlugField(max_length=90, unique=True)
    description = models.TextField(max_length=2000, blank=True)
    public = models.BooleanField(default=True)  # listed, and anyone may ask to join
    invite_code = models.CharField(max_length=32, default=_new_code)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "leagues_club"  # made by the leagues app, which held clubs before
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", "Owner"
        ADMIN = "admin", "Admin"
        ORGANISER = "organiser", "Organiser"  # schedules the club's arenas (with the owner)
        MEMBER = "member", "Member"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "leagues_membership"
        ordering = ["club", "joined_at"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_user"),
            models.UniqueConstraint(
                fields=["club"], condition=Q(role="owner"), name="one_owner_per_club"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"

    @property
    def is_admin(self) -> bool:
        return self.role in (self.Role.OWNER, self.Role.ADMIN)

    @property
    def can_organise(self) -> bool:
        """Schedules the club's own arenas."""
        return self.role in (self.Role.OWNER, self.Role.ORGANISER)


class JoinRequest(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        APPROVED = "approved", "Approved"
        DECLINED = "declined", "Declined"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "leagues_joinrequest"
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=Q(status="pending"),
                name="one_pending_request_per_user",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} asks to join {self.club} ({self.status})"
