"""A game's double-dummy review: requested once, run by a Celery task hand by hand."""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models import Game

# A run that saved no progress for this long was lost (its worker died): the page says so
# and asking again starts it afresh. A hand takes seconds; a queued run may wait behind
# the analyses of other games.
LOST_RUNNING_AFTER = timedelta(minutes=2)
LOST_QUEUED_AFTER = timedelta(minutes=15)


class Analysis(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    hands_done = models.PositiveSmallIntegerField(default=0)
    hands_total = models.PositiveSmallIntegerField(default=0)
    # {"hands": [analysis.review.review_hand(...), ...], "summary": review.summary(...)}
    result = models.JSONField(default=dict)
    error = models.CharField(max_length=200, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)  # last progress: finds a lost run
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "analyses"

    def __str__(self) -> str:
        return f"Analysis of game {self.game_id} ({self.status})"

    @property
    def pending(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING) and not self.lost

    @property
    def lost(self) -> bool:
        """Queued or running, but with no progress for too long."""
        limits = {self.Status.RUNNING: LOST_RUNNING_AFTER, self.Status.QUEUED: LOST_QUEUED_AFTER}
        limit = limits.get(self.status)
        return limit is not None and timezone.now() - self.updated_at > limit
