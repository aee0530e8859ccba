"""Duplicate events (issue #24): boards that every entrant plays, the entries, and the game
each entry played on each board. A board is played as an ordinary games.Game of one hand,
dealt from the board's seed; this app decides who sits where and who may see it.

The daily challenge is the first kind of event; a club session (a Session: a Mitchell pairs
session or a two-table team match, run by a director) is the other, over the same boards,
entries (there: the pairs) and board games (there: one per table and board)."""

import hashlib

from django.conf import settings
from django.db import models

from duplicate.variants import DEFAULT as DEFAULT_VARIANT, VARIANT_CHOICES
from games.engine import Ruleset, hand_seed
from games.models import Game


class Event(models.Model):
    class Kind(models.TextChoices):
        DAILY = "daily", "Daily challenge"
        CLUB = "club", "Club session"

    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.DAILY)
    day = models.DateField(null=True, blank=True)  # the UTC day of a daily challenge
    # The preset its boards are played in (duplicate.variants); `ruleset` follows from it.
    variant = models.CharField(max_length=16, choices=VARIANT_CHOICES, default=DEFAULT_VARIANT)
    ruleset = models.JSONField()  # a board's rules: Ruleset.to_dict(), hands=1
    bot_level = models.CharField(max_length=16, default="standard")  # every bot seat
    opens_at = models.DateTimeField()
    closes_at = models.DateTimeField(null=True, blank=True)  # None: when its director closes it
    # Once closed: the boards' seeds are public, every game of the event may be watched,
    # and each entry's final score is kept in Entry.score.
    closed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-opens_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "day"],
                condition=models.Q(kind="daily"),
                name="one_daily_challenge_a_day",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.day or self.pk}"

    @property
    def rules(self) -> Ruleset:
        return Ruleset.from_dict(self.ruleset)


def event_commitment(board_commitments: list[str]) -> str:
    """The event's one commitment: SHA-256 of its boards' commitments in board order (each
    the SHA-256 of the board's hand seed), so that one published value fixes every deal."""
    return hashlib.sha256("".join(board_commitments).encode("ascii")).hexdigest()


class Board(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()  # from 1
    dealer = models.PositiveSmallIntegerField()  # seat 0..3
    # The secret game seed (hex) of every game played on this board. It is drawn so that
    # the engine's own first dealer of that seed is `dealer`, so the games need no other
    # setting; the hand seed it derives is the one committed to and revealed.
    seed = models.CharField(max_length=64)
    commitment = models.CharField(max_length=64)  # SHA-256 of the hand seed: public
    # Tricks [north-south, east-west] with best play by all, the lead from left of the
    # dealer (analysis' double-dummy solver); None until worked out.
    dd_tricks = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_board_per_number")
        ]

    def __str__(self) -> str:
        return f"Board {self.number} of {self.event}"

    @property
    def hand_seed(self) -> bytes:
        """The seed of the board's deal (secret until the event closes)."""
        return hand_seed(bytes.fromhex(self.seed), 1)


class Session(Event):
    """A club's duplicate session, run by a director from the Django admin: its pairs are
    the event's entries; its movement (duplicate.movements) says who plays which boards
    against whom in each round; the tables of a round start together."""

    class Movement(models.TextChoices):
        MITCHELL = "mitchell", "Mitchell pairs (3 tables or more)"
        TEAMS = "teams", "Two-table team match"

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft: the pairs are being entered"
        RUNNING = "running", "Running"
        CLOSED = "closed", "Closed: results published"

    club = models.ForeignKey(
        "clubs.Club", on_delete=models.CASCADE, related_name="duplicate_sessions"
    )
    name = models.CharField(max_length=80)
    movement = models.CharField(max_length=16, choices=Movement.choices)
    boards_total = models.PositiveSmallIntegerField("boards", default=12)
    boards_per_round = models.PositiveSmallIntegerField(default=3)
    turn_seconds = models.PositiveSmallIntegerField(default=60)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.DRAFT)
    round = models.PositiveSmallIntegerField(default=0)  # the round started last (0: none)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return self.name

    @property
    def rounds(self) -> int:
        return self.boards_total // max(self.boards_per_round, 1)


class Direction(models.TextChoices):
    NORTH_SOUTH = "ns", "North-South"
    EAST_WEST = "ew", "East-West"


class Entry(models.Model):
    """One person's entry in a daily challenge; in a club session, a pair: `user` and their
    partner (a member, or a bot of `partner_bot`'s level), their direction, pair number
    (given when the session starts) and, in a team match, their team."""

    class Team(models.TextChoices):
        A = "A", "Team A"
        B = "B", "Team B"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    created_at = models.DateTimeField(auto_now_add=True)
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    partner_bot = models.CharField(
        max_length=16, blank=True, help_text="A bot level, when a bot takes the partner's seat"
    )
    direction = models.CharField(max_length=2, choices=Direction.choices, blank=True)
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    team = models.CharField(max_length=1, choices=Team.choices, blank=True)
    # Kept when the event closes (the matchpoints no longer change then).
    score = models.FloatField(null=True, blank=True)  # average matchpoint percentage
    boards_played = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_entry_per_person")
        ]

    def __str__(self) -> str:
        if self.direction:
            return f"{self.direction.upper()} {self.number or '?'}: {self.names}"
        return f"{self.user} in {self.event}"

    @property
    def names(self) -> str:
        """The pair's names as the pages show them."""
        partner = self.partner.username if self.partner_id else f"{self.partner_bot} bot"
        return f"{self.user.username} & {partner}"


class BoardGame(models.Model):
    """The game an entry played on a board, and its result once finished. In a club
    session: one table's game of a board, `entry` the North-South pair and `opponent` the
    East-West pair, or the director's average for a board the table could not play."""

    Direction = Direction

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="games")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    direction = models.CharField(max_length=2, choices=Direction.choices)
    opponent = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="games_against"
    )
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    # An average (50%, no IMPs) given by the director: finished, with no result.
    averaged = models.BooleanField(default=False)
    finished = models.BooleanField(default=False)
    bids = models.JSONField(null=True, blank=True)  # per seat
    tricks = models.JSONField(null=True, blank=True)  # per seat
    points = models.JSONField(null=True, blank=True)  # per team: the board score
    result = models.IntegerField(null=True, blank=True)  # the entry's side: own - other's
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["board", "finished_at"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "board"], name="one_game_per_board"),
            models.UniqueConstraint(
                fields=["opponent", "board"],
                condition=models.Q(opponent__isnull=False),
                name="one_game_per_board_against",
            ),
        ]
        indexes = [models.Index(fields=["board", "finished"])]

    def __str__(self) -> str:
        return f"{self.entry} on {self.board}"
