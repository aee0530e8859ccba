"""Writes on accounts: a person's time zone, and demo data for a fresh site."""

import secrets

from allauth.account.models import EmailAddress
from django.db import transaction

from accounts.models import BOT_NAMES, User
from accounts.time_zones import zone_named
from core.errors import Invalid


def time_zone_set(*, user: User, name: str) -> User:
    """The zone the person picked on their profile; an unknown name changes nothing."""
    if not name:
        raise Invalid("Pick a time zone from the list")
    if zone_named(name) is None:
        raise Invalid(f"“{name[:64]}” is not a time zone: pick one from the list")
    user.time_zone = name
    user.save(update_fields=["time_zone"])
    return user


def time_zone_remember(*, user: User, name: str) -> None:
    """The zone the person's browser told (a valid name), kept unless they have one."""
    User.objects.filter(pk=user.pk, time_zone="").update(time_zone=name)
    user.time_zone = name


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
