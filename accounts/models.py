"""Accounts: people and the bot players that fill seats."""

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    class BotLevel(models.TextChoices):
        RANDOM = "random", "Random"
        STANDARD = "standard", "Standard"
        EXPERT = "expert", "Expert"

    # A bot account has a level and never logs in; people have an empty level.
    bot_level = models.CharField(max_length=16, choices=BotLevel.choices, blank=True)

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    def __str__(self) -> str:
        return self.username
