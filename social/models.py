"""People and their people: friends, requests, blocks, seat invitations and the bell."""

from datetime import timedelta

from django.conf import settings
from django.db import models

INVITATION_LIFETIME = timedelta(minutes=5)


class Friendship(models.Model):
    """One direction of a friendship; accepting a request writes both, so that a person's
    friends are one indexed filter on `user`."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    friend = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    since = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "friend"], name="one_friendship")]

    def __str__(self) -> str:
        return f"{self.user_id} → {self.friend_id}"


class FriendRequest(models.Model):
    """Pending until answered; answering or cancelling deletes it."""

    sender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    receiver = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["sender", "receiver"], name="one_friend_request")
        ]

    def __str__(self) -> str:
        return f"{self.sender_id} asks {self.receiver_id}"


class Block(models.Model):
    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["blocker", "blocked"], name="one_block")]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocks {self.blocked_id}"


class Preference(models.Model):
    """Who may invite a person to a seat (and ask them to queue as partners)."""

    class InvitesFrom(models.TextChoices):
        FRIENDS = "friends", "Friends"
        ANYONE = "anyone", "Anyone"
        NOBODY = "nobody", "Nobody"

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="+"
    )
    invites_from = models.CharField(
        max_length=8, choices=InvitesFrom.choices, default=InvitesFrom.FRIENDS
    )

    def __str__(self) -> str:
        return f"{self.user_id}: invites from {self.invites_from}"


class Invitation(models.Model):
    """An invitation to one seat of a waiting table. Live while it is unanswered, unexpired,
    the seat is free and the table has not started (checked when read: nothing to sweep)."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"

    sender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    receiver = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["receiver", "status", "expires_at"])]

    def __str__(self) -> str:
        return f"{self.sender_id} invites {self.receiver_id} to game {self.game_id}"


class Notification(models.Model):
    """A line under a person's bell: an invitation, a friend request, a league or tournament
    notice. Moved here from the leagues app; its table keeps the old name.

    With `data`, `text` is a template worded when shown (social.notices): the people it
    names by id, its moments as instants, so that the reader sees today's names, their own
    clock and "in 5 minutes" that is true when read. Without, it is shown as written."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    text = models.CharField(max_length=200)
    data = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "leagues_notification"
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["user", "read_at"], name="leagues_not_user_id_ebb17d_idx")]

    def __str__(self) -> str:
        return f"To {self.user}: {self.text}"
