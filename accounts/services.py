"""Writes on accounts: a person's time zone, closing an account (and reopening it, and
erasing it for good when its grace ends), and demo data for a fresh site."""

import secrets
from datetime import datetime, timedelta

from allauth.account.models import EmailAddress
from django.contrib.admin.models import LogEntry
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts import hooks
from accounts.erasure import Erased, reserve
from accounts.models import BOT_NAMES, ApiToken, SharedSeat, Sighting, User
from accounts.time_zones import zone_named
from accounts.tokens import tokens_revoke
from core.errors import Conflict, Invalid

# How long a person who closed their account may log in to undo it; then it is erased.
CLOSED_GRACE = timedelta(days=7)


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


# Closing an account
#
# The username itself becomes `closed-<id>`: every page, standings table, chat line and
# export that names the person shows that at once, with no page needing to know about
# closing. `is_active` goes off: sessions and API tokens stop working at once, and the
# lists that show only active people (search, friends, leaderboards) drop them.


def closed_name(user: User) -> str:
    return f"closed-{user.pk}"


def _locked(user: User) -> User:
    return User.objects.select_for_update().get(pk=user.pk)


@transaction.atomic
def account_close(*, user: User, by_moderator: bool = False) -> User:
    """Closes the account at once: hidden everywhere, its name `closed-<id>`, out of the
    queue, friendships and arenas, and a bot plays its unfinished games (each app's
    accounts.hooks.account_closing). Logging in within CLOSED_GRACE undoes it, unless a
    moderator closed it. Closing a closed account changes nothing, except that a
    moderator's closing makes it one the person cannot undo."""
    user = _locked(user)
    if user.is_bot:
        raise Invalid("A bot's account cannot be closed")
    if user.erased_at is not None:
        raise Conflict("This account is closed and erased already")
    if user.closed_at is not None:
        if by_moderator and not user.closed_by_moderator:
            user.closed_by_moderator = True
            user.save(update_fields=["closed_by_moderator"])
        return user
    user.former_username = user.username
    user.username = closed_name(user)
    user.closed_at = timezone.now()
    user.closed_by_moderator = by_moderator
    user.is_active = False
    user.save(
        update_fields=[
            "former_username",
            "username",
            "closed_at",
            "closed_by_moderator",
            "is_active",
        ]
    )
    # A token is revoked for good: reopening the account does not bring it back, the
    # person makes a new one.
    tokens_revoke(user=user)
    for leave in hooks.account_closing:
        leave(user)
    return user


def reopen_refusal(user: User, *, now: datetime) -> str | None:
    """Why logging in does not reopen this closed account, in words, or None."""
    if user.closed_by_moderator:
        return "This account was closed by a moderator. Logging in does not reopen it."
    if user.erased_at is not None or user.closed_at + CLOSED_GRACE <= now:
        return "This account was closed more than 7 days ago and its data erased."
    return None


@transaction.atomic
def account_reopen(*, user: User) -> User:
    """Gives a closed account back its name and access (a moderator's, or the person's own
    by logging in within the grace: accounts.adapter). Friendships do not come back."""
    user = _locked(user)
    if user.closed_at is None:
        return user
    if user.erased_at is not None:
        raise Conflict("This account's data is erased: it cannot be reopened")
    if User.objects.filter(username__iexact=user.former_username).exclude(pk=user.pk).exists():
        raise Conflict(f"The name {user.former_username} is someone else's now")
    user.username, user.former_username = user.former_username, ""
    user.closed_at = None
    user.closed_by_moderator = False
    user.is_active = True
    user.save(
        update_fields=[
            "username",
            "former_username",
            "closed_at",
            "closed_by_moderator",
            "is_active",
        ]
    )
    return user


def accounts_erase_closed(*, now: datetime | None = None) -> int:
    """Erases every account closed CLOSED_GRACE ago or longer (the beat task); returns how
    many. Safe to run twice: an erased account is not erased again."""
    now = now or timezone.now()
    due = User.objects.filter(closed_at__lte=now - CLOSED_GRACE, erased_at=None)
    return sum(_account_erase(user_id, now=now) for user_id in due.values_list("pk", flat=True))


@transaction.atomic
def _account_erase(user_id: int, *, now: datetime) -> bool:
    """The person's data goes for good; the row stays as `closed-<id>`, so that games,
    other people's ratings and event results keep their player."""
    user = User.objects.select_for_update().get(pk=user_id)
    if user.erased_at is not None or user.closed_at is None:
        return False  # erased already, or reopened meanwhile
    # Each app rewrites its texts that name the person while the row still holds the old
    # name and addresses (accounts.erasure.Erased.of); then they go, kept from sign-up
    # for a while only as digests.
    erased = Erased.of(user)
    for erase in hooks.account_erasing:
        erase(user)
    erased.rewrite(LogEntry.objects.all(), "object_repr", "change_message")
    reserve([*erased.names, *erased.emails], now=now)
    EmailAddress.objects.filter(user=user).delete()
    ApiToken.objects.filter(user=user).delete()
    Sighting.objects.filter(user=user).delete()
    # The moderators' records of shared seats stay, without where they were taken from.
    SharedSeat.objects.filter(Q(user=user) | Q(other=user)).update(browser="", address="")
    user.groups.clear()
    user.user_permissions.clear()
    for field in ("email", "first_name", "last_name", "former_username", "time_zone"):
        setattr(user, field, "")
    user.set_unusable_password()
    user.is_staff = user.is_superuser = False
    user.last_login = None
    user.erased_at = now
    user.save()
    return True
