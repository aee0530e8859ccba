"""Accounts: people and the bot players that fill seats."""

from django.contrib.auth.models import AbstractUser
from django.db import models

from accounts.names import bot_level_name


class User(AbstractUser):
    class BotLevel(models.TextChoices):
        RANDOM = "random", "Random"
        STANDARD = "standard", "Standard"
        EXPERT = "expert", "Expert"

    # A bot account has a level and never logs in; people have an empty level.
    bot_level = models.CharField(max_length=16, choices=BotLevel.choices, blank=True)
    # The IANA zone times are shown in (accounts.time_zones); empty until the browser
    # tells it, or the person picks one on their profile.
    time_zone = models.CharField(max_length=64, blank=True)
    # A closed account (accounts.closing): its username is `closed-<id>` everywhere at once,
    # the old one kept here so that logging in within CLOSED_GRACE gives it back; after
    # that its personal data is erased (erased_at) and it can never come back. A
    # moderator's closing is not undone by logging in.
    closed_at = models.DateTimeField(null=True, blank=True, db_index=True)
    closed_by_moderator = models.BooleanField(default=False)
    former_username = models.CharField(max_length=150, blank=True)
    erased_at = models.DateTimeField(null=True, blank=True)

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    @property
    def display_name(self) -> str:
        """The name pages show: a bot account by its level ("Standard bot"); its username
        stays the address of its profile."""
        return bot_level_name(self.bot_level) if self.bot_level else self.username

    def __str__(self) -> str:
        return self.username


class ApiToken(models.Model):
    """A personal API token; only its SHA-256 is stored, the token is shown once."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8)  # lets a person tell their tokens apart
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.prefix}… of {self.user}"


# The account each bot level plays under (ratings, leaderboards, tournaments).
BOT_NAMES = {
    User.BotLevel.RANDOM: "RandomBot",
    User.BotLevel.STANDARD: "StandardBot",
    User.BotLevel.EXPERT: "ExpertBot",
}


class Sighting(models.Model):
    """A browser and a network address a signed-in person used (accounts.browsers): what
    the one-seat rule (accounts.seats) and the moderators compare. One row per person,
    browser and address, its last_seen moved on at most every few minutes. An API token's
    requests have no browser ("")."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="sightings")
    browser = models.CharField(max_length=64, blank=True, db_index=True)
    address = models.CharField(max_length=45, blank=True, db_index=True)  # IPv4 or IPv6
    first_seen = models.DateTimeField()
    last_seen = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "browser", "address"], name="one_sighting_per_place"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} from {self.browser[:8] or 'a token'} at {self.address}"


class SharedSeat(models.Model):
    """An account took or tried a seat (ranked play, the daily challenge, an arena, a
    tournament) where `other`, an account of the same browser or the same address, held
    one: refused for a browser, allowed for an address (accounts.seats). Moderators read
    these; the person is only told the refusal."""

    class Shared(models.TextChoices):
        BROWSER = "browser", "Same browser"
        ADDRESS = "address", "Same network address"

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="shared_seats")
    other = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    place = models.CharField(max_length=200)  # in words: "ranked play", "arena 4 (Friday)"
    shared = models.CharField(max_length=8, choices=Shared.choices)
    refused = models.BooleanField()
    browser = models.CharField(max_length=64, blank=True)
    address = models.CharField(max_length=45, blank=True)
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        verb = "refused" if self.refused else "allowed"
        return f"{self.user} and {self.other} at {self.place} ({verb})"


class ReservedName(models.Model):
    """The name or an e-mail address of an erased account, kept from sign-up and renaming
    until `until` (accounts.erasure.RESERVED_FOR): only a keyed digest, so that the erased
    text is nowhere in the database."""

    digest = models.CharField(max_length=64, unique=True)
    until = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.digest[:8]}… until {self.until:%Y-%m-%d}"


class DifferentPeople(models.Model):
    """A moderator's finding that two accounts linked by a browser or an address
    (accounts.seats) are two people, e.g. a family behind one address: the pair is not
    linked after it. `first` is the account of the lower id."""

    first = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    decided_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, related_name="+")
    decided_at = models.DateTimeField()

    class Meta:
        verbose_name = verbose_name_plural = "different people"
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="one_finding_per_pair"),
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")), name="pair_in_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} and {self.second} are different people"
