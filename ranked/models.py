"""Ranked play: each player's rating, its change per game, abandonments, the queue and
requests to queue as partners."""

from datetime import timedelta

from django.conf import settings
from django.db import models

from ranked import ratings, variants

# Every row of ranked play names its variant (ranked.variants): a pool with ratings of its
# own. Rows from before variants were offered are Classic's.
VARIANT_FIELD = {"max_length": 16, "choices": variants.choices, "default": variants.CLASSIC}


class Rating(models.Model):
    """A player's current rating in one variant: a cache of their last RatingChange in it
    (rebuildable)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    variant = models.CharField(**VARIANT_FIELD)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)
    # When inactivity makes this rating provisional again; null while it is provisional.
    # Lets the leaderboard select established players in SQL.
    established_until = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "variant"], name="one_rating_per_variant")
        ]
        indexes = [models.Index(fields=["variant", "-mu"], name="rating_variant_mu_desc")]

    def __str__(self) -> str:
        return f"{self.user_id} ({self.variant}): {self.display}"

    @property
    def display(self) -> int:
        return ratings.display(self.mu)


class RatingChange(models.Model):
    """What one rated game did to one player: rating before and after, and the player's
    statistics of the game (from its Hand rows), so profile pages aggregate one table."""

    class Result(models.TextChoices):
        WIN = ratings.WIN, "Win"
        LOSS = ratings.LOSS, "Loss"
        ABANDONED = ratings.ABANDONED, "Abandoned"  # a loss, whatever the table's result
        EXCUSED = ratings.EXCUSED, "Loss (partner left)"  # rating unchanged
        SPLIT = ratings.SPLIT, "Both sides"  # a bot account seated on several sides

    variant = models.CharField(**VARIANT_FIELD)  # the game's: the rating it moved
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    finished_at = models.DateTimeField()  # the game's: the order games are rated in
    position = models.PositiveSmallIntegerField()  # first seat held
    result = models.CharField(max_length=16, choices=Result.choices)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    before = models.IntegerField()  # display ratings
    after = models.IntegerField()
    delta = models.IntegerField()
    # The player's side of the game, summed over the hands (and seats, for a bot).
    hands = models.PositiveSmallIntegerField(default=0)
    contracts = models.PositiveSmallIntegerField(default=0)  # hands with a team bid > 0
    contracts_made = models.PositiveSmallIntegerField(default=0)
    nil_bids = models.PositiveSmallIntegerField(default=0)
    nils_made = models.PositiveSmallIntegerField(default=0)
    blind_nil_bids = models.PositiveSmallIntegerField(default=0)
    blind_nils_made = models.PositiveSmallIntegerField(default=0)
    bags = models.PositiveSmallIntegerField(default=0)
    points = models.IntegerField(default=0)
    bostons = models.PositiveSmallIntegerField(default=0)
    score = models.IntegerField(default=0)  # final score of the player's side
    opponent_score = models.IntegerField(default=0)  # the best other side's (Solo: three)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_rating_change_per_game")
        ]
        indexes = [
            models.Index(fields=["user", "finished_at", "game"], name="rating_history"),
            models.Index(
                fields=["user", "variant", "finished_at", "game"], name="rating_variant_history"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in game {self.game_id}: {self.delta:+d}"

    @property
    def won(self) -> bool:
        return self.result == self.Result.WIN


class RatedGame(models.Model):
    """Marks a game as rated: the set of games the ratings were computed from. Kept even
    if players' accounts (and so their changes) are deleted later."""

    game = models.OneToOneField(
        "games.Game", primary_key=True, on_delete=models.CASCADE, related_name="rated"
    )
    finished_at = models.DateTimeField()  # the game's

    class Meta:
        indexes = [models.Index(fields=["finished_at", "game"], name="rated_order")]

    def __str__(self) -> str:
        return f"game {self.game_id} rated"


class Abandonment(models.Model):
    """A person away from a ranked game when it ended. Repeats bar ranked play."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="abandonments"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField()  # when the game ended
    barred_until = models.DateTimeField()  # == at when it was only a warning

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="one_abandonment_per_game")
        ]
        indexes = [models.Index(fields=["user", "at"], name="abandonment_recent")]

    def __str__(self) -> str:
        return f"{self.user_id} left game {self.game_id}"


class QueueEntry(models.Model):
    """A person waiting for a ranked table of one variant (one entry at most; deleted when
    seated).

    Two friends who queue together have one entry each, naming each other as `partner`:
    the matchmaker seats them as partners, and either leaving takes both out."""

    WAIT_CHOICES = [(15, "15 seconds"), (30, "30 seconds"), (60, "1 minute"), (120, "2 minutes")]
    DEFAULT_WAIT = 30

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entry"
    )
    variant = models.CharField(**VARIANT_FIELD)  # tables form within a variant
    joined_at = models.DateTimeField()
    max_wait = models.PositiveSmallIntegerField(default=DEFAULT_WAIT)  # then bots fill in
    partner = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )

    class Meta:
        verbose_name_plural = "queue entries"

    def __str__(self) -> str:
        return f"{self.user_id} waiting for {self.variant} since {self.joined_at:%H:%M:%S}"


class PartnerRequest(models.Model):
    """A person asks a friend to enter the ranked queue with them as partners. Live until
    `expires_at` (checked when read); deleted when answered, withdrawn, or when either
    person queues or sits down elsewhere. One open request per sender."""

    LIFETIME = timedelta(minutes=3)

    sender = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    receiver = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    variant = models.CharField(**VARIANT_FIELD)  # never Solo, which has no partners
    max_wait = models.PositiveSmallIntegerField(default=QueueEntry.DEFAULT_WAIT)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.sender_id} asks {self.receiver_id} to queue as partners"


class RatingLock(models.Model):
    """A single row that rating writers lock, so games are rated by one writer at a time
    and in order."""

    def __str__(self) -> str:
        return "rating lock"
