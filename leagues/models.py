"""League seasons of fixed partnerships in a club, and tournaments run by directors."""

from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from clubs.models import Club
from games.models import Game

# Leagues


class Season(models.Model):
    """A league season of a club: fixed partnerships meet in a round robin."""

    class Status(models.TextChoices):
        DRAFT = "draft", "Preparing"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=80)
    preset = models.CharField(max_length=32, default="classic")
    options = models.JSONField(null=True, blank=True)  # custom rules; None plays the preset
    turn_seconds = models.PositiveIntegerField(default=30)
    start_date = models.DateField()
    round_days = models.PositiveSmallIntegerField(default=7)
    double_round_robin = models.BooleanField(default=False)
    points_win = models.SmallIntegerField(default=2)
    points_loss = models.SmallIntegerField(default=0)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.DRAFT)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_unique_in_club")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})"


class Team(models.Model):
    """A fixed partnership of two club members for one season."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=80)
    player_a = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    player_b = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["season", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="team_name_unique_in_season"),
            models.CheckConstraint(condition=~Q(player_a=F("player_b")), name="team_of_two_people"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def players(self) -> list:
        return [self.player_a, self.player_b]

    @property
    def players_label(self) -> str:
        return f"{self.player_a.username} & {self.player_b.username}"


class Fixture(models.Model):
    """One match of a season: the home team sits at seats 0 and 2, the away team at 1 and
    3. A fixture without an away team is that team's bye of the round."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        PLAYING = "playing", "Playing"
        PLAYED = "played", "Played"
        FORFEIT = "forfeit", "Forfeit"
        BYE = "bye", "Bye"

    DECIDED = (Status.PLAYED, Status.FORFEIT, Status.BYE)
    # The fields of its two sides and of their scores, as a Pairing names its own.
    SIDES = ("home", "away")
    SCORES = ("home_score", "away_score")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="fixtures")
    round = models.PositiveSmallIntegerField()
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    away = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    deadline = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    # One game per fixture, and one fixture per game: recording a result is keyed by it.
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="league_fixture"
    )
    winner = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    home_score = models.IntegerField(null=True, blank=True)
    away_score = models.IntegerField(null=True, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    overdue_notified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season", "round", "pk"]
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self) -> str:
        away = self.away.name if self.away_id else "bye"
        return f"Round {self.round}: {self.home} v {away}"

    @property
    def decided(self) -> bool:
        return self.status in self.DECIDED

    @property
    def overdue(self) -> bool:
        """Not played by its deadline: waits for an admin's forfeit or extension."""
        return self.status == self.Status.SCHEDULED and self.deadline <= timezone.now()

    def players(self) -> list:
        """Seats 0..3: home, away, home, away."""
        return [self.home.player_a, self.away.player_a, self.home.player_b, self.away.player_b]


class FixturePresence(models.Model):
    """A player said "I am here" for a fixture; the game starts when all four are."""

    # All four must have said so within this window: an "I am here" from yesterday is stale.
    WINDOW = timedelta(minutes=10)

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="presences")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["fixture", "user"], name="one_presence_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.user} is at {self.fixture}"


class FixtureDecision(models.Model):
    """An admin's forfeit or extension, kept with who made it and when."""

    class Kind(models.TextChoices):
        FORFEIT = "forfeit", "Forfeit"
        EXTENSION = "extension", "Extension"

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="decisions")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    made_at = models.DateTimeField(auto_now_add=True)
    winner = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )  # forfeit: the team awarded the win; none means both lose
    old_deadline = models.DateTimeField()
    new_deadline = models.DateTimeField(null=True, blank=True)  # extension
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["made_at", "pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.fixture} by {self.made_by}"


# Tournaments


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        ELIMINATION = "elimination", "Single elimination"

    class Status(models.TextChoices):
        DRAFT = "draft", "Announced"
        REGISTRATION = "registration", "Registration open"
        CLOSED = "closed", "Registration closed"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=110, unique=True)
    description = models.TextField(max_length=2000, blank=True)
    club = models.ForeignKey(
        Club,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournaments",
        help_text="Optional: the tournament is then listed on this club's page.",
    )
    format = models.CharField(max_length=12, choices=Format.choices, default=Format.SWISS)
    swiss_rounds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Swiss only: how many rounds (empty: enough to find one unbeaten entrant).",
    )
    preset = models.CharField(max_length=32, default="classic")
    options = models.JSONField(
        null=True, blank=True, help_text="Custom rules on top of the preset (empty: none)."
    )
    turn_seconds = models.PositiveIntegerField(default=30)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.DRAFT)
    # Set, the tournament runs itself (leagues.services.autorun): nobody directs it.
    starts_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Set: it runs itself. Registration closes at this time, each round is paired "
        "and started when the last one's games have ended, and it finishes after the last "
        "round. Its rules must then fix the number of hands (the hands option). "
        "Empty: a director runs it.",
    )
    announced = models.BooleanField(default=False)  # its entrants were told it starts soon
    members_only = models.BooleanField(
        default=False, help_text="Only the club's members may register."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        # A round of a tournament that runs itself must end in a bounded time: one slow
        # table could otherwise hold every entrant for hours.
        if self.starts_at is not None and not (self.options or {}).get("hands"):
            raise ValidationError(
                {"starts_at": "A tournament that runs itself needs a number of hands a game "
                 "(the hands rule)"}
            )  # fmt: skip
        if self.members_only and self.club_id is None:
            raise ValidationError({"members_only": "Choose the club whose members may register"})

    @property
    def runs_itself(self) -> bool:
        return self.starts_at is not None

    @property
    def custom_rules(self) -> bool:
        """Rules beyond its preset's other than a number of hands (shown on their own)."""
        return bool(set(self.options or {}) - {"hands"})


class Entrant(models.Model):
    """A partnership in a tournament, or a person who registered alone and waits to be
    paired with another single entrant by rating when registration closes."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    player_a = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    player_b = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Empty: registered alone, waiting for a partner.",
    )
    # Nobody is entered without their consent: a partner named at registration plays only
    # once they accept (a director's entries need no acceptance). Unaccepted partnerships
    # lapse when registration closes, and the registrant is paired as a single entrant.
    partner_accepted = models.BooleanField(
        default=True, help_text="Off while the partner has not accepted the registration."
    )
    name = models.CharField(max_length=80, blank=True)
    # Seeds brackets and pairs single entrants. Empty until registration closes, which
    # fills it from the players' ranked ratings; a rating the director enters stays.
    seed_rating = models.IntegerField(
        null=True,
        blank=True,
        help_text="Empty: the players' ranked ratings when registration closes.",
    )
    seed = models.PositiveSmallIntegerField(null=True, blank=True)  # fixed at the first round
    withdrawn = models.BooleanField(default=False)
    # Rounds in a row whose game neither player came to (a tournament that runs itself
    # withdraws the pair at autorun.MISSED_ROUNDS).
    missed = models.PositiveSmallIntegerField(default=0)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player_a"], name="one_entry_per_player"),
            models.CheckConstraint(
                condition=~Q(player_a=F("player_b")), name="entrant_of_two_people"
            ),
        ]

    def __str__(self) -> str:
        if self.name:
            return self.name
        if self.pending:  # the partner is not named before they accept
            return f"{self.player_a} (partner not confirmed)"
        if self.player_b_id:
            return f"{self.player_a} & {self.player_b}"
        return f"{self.player_a} (alone)"

    @property
    def complete(self) -> bool:
        return self.player_b_id is not None and self.partner_accepted

    @property
    def people(self) -> list:
        """Who plays for the entry: the registrant, and the partner once they accepted."""
        return [self.player_a] + ([self.player_b] if self.complete else [])

    @property
    def pending(self) -> bool:
        """A partner was named and has not accepted yet."""
        return self.player_b_id is not None and not self.partner_accepted


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft: pairings not published"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.DRAFT)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: round {self.number}"


class Pairing(models.Model):
    """Two entrants meet at a table: entrant A at seats 0 and 2, entrant B at 1 and 3.
    Without entrant B it is A's bye (a win). `table` orders a round, and in elimination is
    the bracket slot."""

    class Status(models.TextChoices):
        PENDING = "pending", "Not started"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Played"
        FORFEIT = "forfeit", "Forfeit"
        BYE = "bye", "Bye"

    DECIDED = (Status.FINISHED, Status.FORFEIT, Status.BYE)
    # The fields of its two sides and of their scores, as a Fixture names its own.
    SIDES = ("entrant_a", "entrant_b")
    SCORES = ("score_a", "score_b")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField()
    entrant_a = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")
    entrant_b = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_pairing"
    )
    winner = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    score_a = models.IntegerField(null=True, blank=True)
    score_b = models.IntegerField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )  # a director's forfeit
    decided_at = models.DateTimeField(null=True, blank=True)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="one_pairing_per_table")
        ]

    def __str__(self) -> str:
        return f"{self.entrant_a} v {self.entrant_b or 'bye'}"

    @property
    def decided(self) -> bool:
        return self.status in self.DECIDED
