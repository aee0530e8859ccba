"""Writes on accounts: demo data for a fresh site."""

import secrets

from allauth.account.models import EmailAddress
from django.db import transaction

from accounts.models import BOT_NAMES, User


def bots_ensure() -> list[User]:
    """One bot account per level; bots cannot log in."""
    bots = []
    for level, name in BOT_NAMES.items():
        bot, created = User.objects.get_or_create(username=name, defaults={"bot_level": level})
        if created:
            bot.set_unusable_password()
            bot.save(update_fields=["password"])
        bots.append(bot)
    return bots


@transaction.atomic
def demo_data_create(*, admin_username: str = "admin") -> str | None:
    """Creates the bot accounts and an admin; returns the admin's new password, if created."""
    bots_ensure()
    if User.objects.filter(username=admin_username).exists():
        return None
    password = secrets.token_urlsafe(12)
    email = f"{admin_username}@localhost"
    admin = User.objects.create_superuser(admin_username, email, password)
    # Sign-in needs a verified address; the local admin's cannot receive mail.
    EmailAddress.objects.create(user=admin, email=email, primary=True, verified=True)
    return password
