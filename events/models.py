"""Arenas: time-boxed events of one ruleset that people join and leave while they run,
seated continuously (events.pairing) and scored per game (events.scoring). The standings
are rows updated as each game ends, so no page recomputes an arena from its games."""

from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse

from games.engine import PRESETS
from games.schemas import TURN_SECONDS_RANGE

ARENA_MINUTES = (10, 240)  # how long an arena may last
SWISS_ROUNDS = (1, 15)
# A schedule lists its events at most this long ahead: a beat tick then creates a bounded
# number of them (168 arenas of an hourly schedule, the first time).
AHEAD_MINUTES_MAX = 7 * 24 * 60
CLOSING_SECONDS = 300  # a 45-minute arena's last minutes with no new table
BOT_WAIT_SECONDS = 30  # and how long its free people wait for others before bots


def windows_for(minutes: int) -> tuple[int, int]:
    """(closing, bot wait) seconds of an arena this long: the usual ones, shorter for a
    short arena, which would otherwise seat for only half of its 10 minutes."""
    seconds = minutes * 60
    return min(CLOSING_SECONDS, seconds // 6), min(BOT_WAIT_SECONDS, seconds // 40)


def _check_windows(seconds: float, closing: int, bot_wait: int) -> None:
    """An arena's closing and bot wait must leave time to play."""
    errors = {}
    if closing >= seconds:
        errors["closing_seconds"] = "The closing must be shorter than the arena"
    if bot_wait >= seconds:
        errors["bot_wait_seconds"] = "The bot wait must be shorter than the arena"
    if errors:
        raise ValidationError(errors)


def _turn_seconds() -> models.PositiveIntegerField:
    return models.PositiveIntegerField(
        default=20,
        validators=[
            MinValueValidator(TURN_SECONDS_RANGE[0]), MaxValueValidator(TURN_SECONDS_RANGE[1])
        ],
    )  # fmt: skip


def partnership_presets() -> list[tuple[str, str]]:
    """The presets an arena may be played in: partnership ones (Solo arenas later)."""
    return [(name, name.replace("-", " ").capitalize()) for name, rules in PRESETS.items()
            if rules.sides == 2]  # fmt: skip


class EventSchedule(models.Model):
    """A recurring event a site admin defines once: an arena, or a Swiss tournament that
    runs itself. Beat creates each one ahead of time (events.services.schedule), and it
    then runs by itself."""

    class Kind(models.TextChoices):
        ARENA = "arena", "Arena"
        SWISS = "swiss", "Swiss tournament"

    class Every(models.TextChoices):
        HOUR = "hour", "Every hour"
        DAY = "day", "Every day"
        WEEK = "week", "Every week"

    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.ARENA)
    preset = models.CharField(max_length=32, choices=partnership_presets, default="quick")
    every = models.CharField(max_length=8, choices=Every.choices, default=Every.HOUR)
    first_start = models.DateTimeField(help_text="The first event's start; the next ones follow")
    ahead_minutes = models.PositiveIntegerField(
        default=60,
        validators=[MaxValueValidator(AHEAD_MINUTES_MAX)],
        help_text="Each event is listed (and can be joined, or registered for) this long "
        "before it starts (a week at most)",
    )
    turn_seconds = _turn_seconds()
    # Arenas
    minutes = models.PositiveIntegerField(
        default=45,
        validators=[MinValueValidator(ARENA_MINUTES[0]), MaxValueValidator(ARENA_MINUTES[1])],
        help_text="Arenas: how long each runs",
    )
    bot_wait_seconds = models.PositiveIntegerField(default=BOT_WAIT_SECONDS)
    closing_seconds = models.PositiveIntegerField(
        default=CLOSING_SECONDS, help_text="Arenas: no new table this long before the end"
    )
    # Swiss tournaments: each game is a fixed number of hands, so a round ends in time.
    rounds = models.PositiveSmallIntegerField(
        default=5,
        validators=[MinValueValidator(SWISS_ROUNDS[0]), MaxValueValidator(SWISS_ROUNDS[1])],
        help_text="Swiss: how many rounds",
    )
    hands = models.PositiveSmallIntegerField(
        default=4, validators=[MinValueValidator(1)], help_text="Swiss: hands a game"
    )
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.name} ({self.get_every_display().lower()})"

    def clean(self) -> None:
        if self.kind == self.Kind.ARENA and self.minutes:
            _check_windows(self.minutes * 60, self.closing_seconds, self.bot_wait_seconds)


class ScheduledTournament(models.Model):
    """The Swiss tournament a schedule made for one of its starts (`slot`)."""

    schedule = models.ForeignKey(
        EventSchedule, on_delete=models.CASCADE, related_name="tournaments"
    )
    slot = models.DateTimeField()
    tournament = models.OneToOneField(
        "leagues.Tournament", on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["schedule", "slot"], name="one_tournament_per_slot")
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} of {self.schedule}"


class Arena(models.Model):
    class State(models.TextChoices):
        UPCOMING = "upcoming", "Starts soon"
        LIVE = "live", "Live"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=80)
    preset = models.CharField(max_length=32, choices=partnership_presets, default="quick")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    # A table with at least two people waits this long for more before expert bots fill it.
    bot_wait_seconds = models.PositiveIntegerField(default=BOT_WAIT_SECONDS)
    # Nobody is seated this long before the end: a game started then could not finish.
    closing_seconds = models.PositiveIntegerField(default=CLOSING_SECONDS)
    turn_seconds = _turn_seconds()
    # Its entrants were told the result once it ended (events.services.results).
    concluded = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # Made by a schedule for its start `slot` (it starts later than that when beat was
    # down at the time); the people who joined ahead are told shortly before the start.
    schedule = models.ForeignKey(
        EventSchedule, null=True, blank=True, on_delete=models.SET_NULL, related_name="arenas"
    )
    slot = models.DateTimeField(null=True, blank=True)
    announced = models.BooleanField(default=False)
    # A club's own arena is open to its members only; with two clubs or more it is a
    # battle: each person scores for their club, a club the sum of its best `battle_top`.
    clubs = models.ManyToManyField("clubs.Club", blank=True, related_name="arenas")
    battle_top = models.PositiveSmallIntegerField(default=5)

    class Meta:
        indexes = [models.Index(fields=["ends_at", "starts_at"])]
        constraints = [
            models.UniqueConstraint(fields=["schedule", "slot"], name="one_arena_per_slot")
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("events:arena", args=[self.pk])

    def clean(self) -> None:
        if self.starts_at and self.ends_at and self.ends_at <= self.starts_at:
            raise ValidationError({"ends_at": "An arena ends after it starts"})
        if self.starts_at and self.ends_at:
            seconds = (self.ends_at - self.starts_at).total_seconds()
            _check_windows(seconds, self.closing_seconds, self.bot_wait_seconds)

    def state_at(self, now: datetime) -> str:
        if now < self.starts_at:
            return self.State.UPCOMING
        return self.State.LIVE if now < self.ends_at else self.State.FINISHED

    @property
    def seats_until(self) -> datetime:
        """Nobody is seated from then on: its last minutes."""
        return self.ends_at - timedelta(seconds=self.closing_seconds)

    def seats_at(self, now: datetime) -> bool:
        """Whether people are seated now: it runs, and its last minutes have not come."""
        return self.starts_at <= now < self.seats_until


class ArenaPlayer(models.Model):
    """A person in an arena: their score so far (events.scoring) and whether they wait
    for a table."""

    arena = models.ForeignKey(Arena, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="arena_entries"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    active = models.BooleanField(default=True)  # False once they left: not seated again
    # When they became free for a table: joined, or their last game ended; null while at a
    # table or after leaving.
    free_since = models.DateTimeField(null=True, blank=True)
    last_partner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )  # the club they score for in a battle (their club, in a club's arena)
    points = models.PositiveIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    streak = models.PositiveIntegerField(default=0)  # wins in a row up to now

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["arena", "user"], name="one_entry_per_arena")
        ]
        indexes = [models.Index(fields=["arena", "-points", "games", "joined_at"])]

    def __str__(self) -> str:
        return f"{self.user_id} in arena {self.arena_id}: {self.points}"


class ArenaGame(models.Model):
    """A game an arena seated, and whether its result counted."""

    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        COUNTED = "counted", "Counted"
        LATE = "late", "Ended after the arena: not counted"

    arena = models.ForeignKey(Arena, on_delete=models.CASCADE, related_name="arena_games")
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="arena_game")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)

    class Meta:
        indexes = [models.Index(fields=["arena", "status"])]

    def __str__(self) -> str:
        return f"Game {self.game_id} of arena {self.arena_id} ({self.status})"


class BattleChallenge(models.Model):
    """One club's owner challenges another club to a battle; once that club's owner
    accepts, the battle is an arena of both clubs."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for an answer"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"

    challenger = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    challenged = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    preset = models.CharField(max_length=32, choices=partnership_presets, default="quick")
    starts_at = models.DateTimeField()
    minutes = models.PositiveIntegerField(default=45)
    top = models.PositiveSmallIntegerField(default=5)  # each club's best this many count
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    arena = models.OneToOneField(
        Arena, null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.challenger} challenges {self.challenged} ({self.status})"
