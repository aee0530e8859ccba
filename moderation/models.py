"""Reports people make, the decisions moderators take on them (an audit trail: who, when,
why; each can be undone), the words the chat refuses or masks, and the innocent ones
that contain one."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models import ChatMessage, Game


class Report(models.Model):
    """A person reports someone (a bot's card, or a game's deals) where it happened: a chat
    line, their play at a moment of a game, their profile, a finished game. A reporter has
    one open report a person without a game: filing again adds to it (`filings`)."""

    class Reason(models.TextChoices):
        CHAT = "chat", "Abusive chat"
        CHEATING = "cheating", "Cheating or collusion"
        STALLING = "stalling", "Stalling or leaving"
        NAME = "name", "Offensive name"
        BOT = "bot", "A bot played badly"
        FAIRNESS = "fairness", "This deal was rigged"
        OTHER = "other", "Other"

    # How much harm a reason stands for, the moderators' queue's second order (after how
    # many people report): cheating spoils games for everyone at the table and the ranks,
    # abuse and offensive names hurt people, the rest costs time or trust in a card.
    SEVERITY = {
        Reason.CHEATING: 3,
        Reason.CHAT: 2,
        Reason.NAME: 2,
        Reason.STALLING: 1,
        Reason.FAIRNESS: 1,
        Reason.BOT: 0,
        Reason.OTHER: 0,
    }
    SEVERITY_LABELS = {3: "high", 2: "medium", 1: "low", 0: "minor"}

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        HANDLED = "handled", "Handled"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    # None: a bot's card (a bot level with no account of its own).
    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="reports_about",
    )
    reason = models.CharField(max_length=10, choices=Reason.choices)
    # The notes of every filing, one paragraph each (the service bounds its length).
    note = models.CharField(max_length=2000, blank=True)
    # The moment: the game, its hand and version then (the replay's position), the seat
    # reported, and the chat line.
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    hand = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    chat_message = models.ForeignKey(
        ChatMessage, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    # How often the reporter filed it, and when last (filing again adds to an open report).
    filings = models.PositiveIntegerField(default=1)
    filed_at = models.DateTimeField(default=timezone.now)
    # A deal reported rigged: the seed check of the game's finished hands when it was
    # filed, {"hands": [numbers checked], "failed": [numbers whose seed is not committed]}.
    seed_check = models.JSONField(null=True, blank=True)
    handled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["status", "created_at"]),
            models.Index(fields=["reporter", "filed_at"]),
        ]

    def __str__(self) -> str:
        about = self.subject or ("a deal" if self.reason == self.Reason.FAIRNESS else "a bot")
        return f"{self.get_reason_display()}: {about}, by {self.reporter}"

    @property
    def severity(self) -> int:
        return self.SEVERITY[self.reason]


class Decision(models.Model):
    """A moderator's decision about a person, kept for good: who took it, when and why;
    undoing it keeps the row (who undid it, when, why). The person is told in words."""

    class Kind(models.TextChoices):
        DISMISS = "dismiss", "Reports dismissed"
        WARN = "warn", "Warning"
        MUTE = "mute", "Chat muted"
        BAR = "bar", "Barred from ranked play and events"
        RENAME = "rename", "Rename required"
        CLOSE = "close", "Account closed"

    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decisions_about"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    reason = models.CharField(max_length=500)
    until = models.DateTimeField(null=True, blank=True)  # a mute's or a bar's end
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    reports = models.ManyToManyField(Report, blank=True, related_name="decisions")
    # A warning the person acknowledged; a rename they made.
    acknowledged_at = models.DateTimeField(null=True, blank=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    undo_reason = models.CharField(max_length=500, blank=True)
    previous_username = models.CharField(max_length=150, blank=True)  # a rename's, for its undo

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["subject", "kind", "undone_at"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.subject}"


class ListedWord(models.Model):
    """A word of a list moderators edit, and who added it."""

    word = models.CharField(max_length=60, unique=True)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["word"]

    def __str__(self) -> str:
        return self.word


class BannedWord(ListedWord):
    """A word the chat masks, or refuses outright; moderators edit the list."""

    refuse = models.BooleanField(
        default=False, help_text="Refuse the message (otherwise the word is masked)"
    )


class AllowedWord(ListedWord):
    """An innocent word or name that contains a listed one ("Moby Dick", "Scunthorpe"):
    where it is found, the listed word is let through; moderators edit the list."""
