"""Live games: the table, its seats, the action log (the truth) and finished hands."""

import secrets

from django.conf import settings
from django.db import models

from accounts.names import seat_name
from games import hooks
from games.engine import GameState, Ruleset


def _new_seed() -> str:
    return secrets.token_hex(32)


def _new_invite() -> str:
    return secrets.token_urlsafe(16)


def game_kinds() -> list[tuple[str, str]]:
    """Every kind of game as (value, label): games' own (Game.Kind), then those of the apps
    built on games (games.hooks.kinds), so that a new app adds its kind without a migration
    here (the field's choices are this function, not its values)."""
    return [*Game.Kind.choices, *(kind for kinds in hooks.kinds for kind in kinds())]


class Game(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    class Kind(models.TextChoices):
        """What a game was played as; set by the code that creates it (the archive filters
        on it). Games' own kinds: the apps built on games add theirs (game_kinds)."""

        CASUAL = "casual", "Casual"

    preset = models.CharField(max_length=32, default="classic")
    ruleset = models.JSONField(default=dict)  # Ruleset.to_dict()
    seed = models.CharField(max_length=64, default=_new_seed)  # secret: hex of the game seed
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    state = models.JSONField(null=True, blank=True)  # cache of the replayed action log
    version = models.PositiveIntegerField(default=0)  # actions applied
    turn_seconds = models.PositiveIntegerField(default=30)  # 0: no turn clock, no timeouts
    turn_deadline = models.DateTimeField(null=True, blank=True)
    private = models.BooleanField(default=False)
    # Only the seated players may see it: no spectators, invite links, replay, export or
    # analysis for anyone else while it is set (a duplicate board's cards are the same at
    # every table until its event closes; the event app clears it then).
    players_only = models.BooleanField(default=False)
    ranked = models.BooleanField(default=False)  # rated when it ends (ranked app)
    kind = models.CharField(max_length=16, choices=game_kinds, default=Kind.CASUAL)
    invite = models.CharField(max_length=32, default=_new_invite)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)  # last write: finds stuck games
    finished_at = models.DateTimeField(null=True, blank=True)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)  # its side (a seat in Solo)
    rematch = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        indexes = [
            models.Index(fields=["status", "turn_deadline"]),
            models.Index(fields=["status", "finished_at"]),  # archives, newest first
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.status})"

    @property
    def rules(self) -> Ruleset:
        return Ruleset.from_dict(self.ruleset)

    @property
    def engine_state(self) -> GameState:
        return GameState.from_dict(self.state)


def team_of_column(column: str = "position", ruleset: str | None = None) -> models.Expression:
    """games.engine.team_of in SQL: the side of the seat whose position is in `column`.
    With the path of the game's `ruleset` JSON, Ruleset.side_of: a Solo seat is its own
    side (without it, the partnership, for queries of games that are never Solo)."""
    team = models.ExpressionWrapper(models.F(column) % 2, output_field=models.IntegerField())
    if ruleset is None:
        return team
    solo = models.When(**{f"{ruleset}__solo": True}, then=models.F(column))
    return models.Case(solo, default=team, output_field=models.IntegerField())


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()  # 0..3 clockwise; side: Ruleset.side_of
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    bot_level = models.CharField(max_length=16, blank=True)  # set for a bot seat
    away = models.BooleanField(default=False)  # a bot plays for the person meanwhile
    timeouts = models.PositiveSmallIntegerField(default=0)  # consecutive

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_seat_per_position"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="one_seat_per_user",
            ),
        ]

    def __str__(self) -> str:
        return f"Seat {self.position} of game {self.game_id}"

    @property
    def taken(self) -> bool:
        return bool(self.user_id or self.bot_level)

    @property
    def name(self) -> str | None:
        """Who sits here, as every page names them (None: an open seat)."""
        return seat_name(
            username=self.user.username if self.user_id else None,
            bot_level=self.bot_level,
            game_id=self.game_id,
            position=self.position,
        )


class Action(models.Model):
    class Source(models.TextChoices):
        PLAYER = "player", "Player"
        BOT = "bot", "Bot"
        TIMEOUT = "timeout", "Played on timeout"
        AWAY = "away", "Played while away"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    version = models.PositiveIntegerField()  # the game version this action produced
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8)  # bid, look, nilpass or play
    payload = models.JSONField()  # action_to_dict(action)
    source = models.CharField(max_length=8, choices=Source.choices, default=Source.PLAYER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="one_action_per_version")
        ]

    def __str__(self) -> str:
        return f"v{self.version}: seat {self.seat} {self.payload} (game {self.game_id})"


class Hand(models.Model):
    """A finished hand, written in the transaction of its last card."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    dealer = models.PositiveSmallIntegerField()
    bids = models.JSONField()  # per seat
    blind = models.JSONField()  # per seat
    tricks = models.JSONField()  # per seat
    # Per side: two partnerships (seats 0+2, 1+3), or the four players in Solo.
    points = models.JSONField()  # per side: the hand's change
    scores = models.JSONField()  # per side: totals after the hand
    bags = models.JSONField()  # per side: totals after the hand
    penalties = models.JSONField()  # per side: bag penalties this hand
    boston = models.JSONField()  # per side
    commitment = models.CharField(max_length=64)
    seed = models.CharField(max_length=64)  # the revealed hand seed (hex)
    finished_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="one_row_per_hand")]

    def __str__(self) -> str:
        return f"Hand {self.number} of game {self.game_id}"


class ChatMessage(models.Model):
    """Table chat of players and spectators, kept with the game."""

    MAX_LENGTH = 300

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=MAX_LENGTH)
    # What was typed, when the chat's rules masked some of it: for moderators only (their
    # report pages), never shown to players; erased with the account.
    original = models.CharField(max_length=MAX_LENGTH, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.user}: {self.text[:40]}"
