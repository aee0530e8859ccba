"""A person's data as one file: every app's section (accounts.hooks.personal_data), and the
one list of relations to a person that the download leaves out, each with its reason."""

import json
from collections.abc import Callable, Iterable

from allauth.account.models import EmailAddress
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import QuerySet
from django.utils import timezone

from accounts.hooks import personal_data
from accounts.models import ApiToken, Sighting, User

FORMAT = 1

# Every relation to the user model ("app_label.Model.field") that no section covers, and
# why. tests/test_personal_data.py walks the models: a new relation must be covered by a
# section (covering) or named here.
EXEMPT = {
    "admin.LogEntry.user": "the admin's audit trail of what staff changed on the site: "
    "a record of the site's objects, kept as the site's",
    "social.Block.blocked": "who blocks the person is the blocker's private choice; "
    "the person is never told",
    "events.ArenaPlayer.last_partner": "another player's arena entry naming the person as "
    "their last partner, only so the pairing does not repeat it: the other player's row",
    "moderation.Report.subject": "a report about the person is the reporter's, who is "
    "never named to them; what was decided about them is in moderation_decisions",
    "moderation.Decision.moderator": "a moderator's work for the site, kept as its audit "
    "trail; the decisions belong to the people they are about",
    "moderation.Decision.undone_by": "as moderation.Decision.moderator",
    "moderation.BannedWord.added_by": "the site's word list, which staff edit",
    "moderation.AllowedWord.added_by": "as moderation.BannedWord.added_by",
    "accounts.SharedSeat.user": "the moderators' record of one browser or address seating "
    "two accounts (accounts.seats): it names the other account, whose browser and address "
    "are theirs; the person's own browsers and addresses are in browsers_and_addresses",
    "accounts.SharedSeat.other": "as accounts.SharedSeat.user",
    "accounts.DifferentPeople.first": "a moderator's finding that the account and another "
    "one, linked by a browser or an address, are two people (accounts.seats): it names the "
    "other account",
    "accounts.DifferentPeople.second": "as accounts.DifferentPeople.first",
    "accounts.DifferentPeople.decided_by": "as moderation.Decision.moderator",
}


def covering(*relations: str) -> Callable:
    """Marks a personal_data function with the relations to the user model its section
    holds ("games.Seat.user"), for the test that walks the models."""

    def mark(function: Callable) -> Callable:
        function.covers = frozenset(relations)
        return function

    return mark


def covered() -> set[str]:
    """Every relation some section holds."""
    return {relation for function in personal_data for relation in function.covers}


def rows(queryset: QuerySet, *fields: str) -> list[dict]:
    """The rows as plain dicts of `fields` (paths like "game_id" or "friend__username")."""
    return [dict(row) for row in queryset.values(*fields)]


def download(*, user: User) -> dict:
    """Everything the site holds about `user`, section by section in INSTALLED_APPS' order."""
    sections = dict(function(user) for function in personal_data)
    return {"format": FORMAT, "made_at": timezone.now(), "user_id": user.pk, **sections}


def download_json(*, user: User) -> str:
    return json.dumps(download(user=user), cls=DjangoJSONEncoder, indent=1, ensure_ascii=False)


def file_name(user: User) -> str:
    return f"spades-data-{user.username}.json"


# accounts' own sections


@covering("accounts.User.groups", "accounts.User.user_permissions")
def profile(user: User) -> tuple[str, dict]:
    return "profile", {
        "username": user.username,
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "time_zone": user.time_zone,
        "staff": user.is_staff,
        "groups": sorted(user.groups.values_list("name", flat=True)),
        "permissions": sorted(user.user_permissions.values_list("codename", flat=True)),
    }


@covering("account.EmailAddress.user")
def email_addresses(user: User) -> tuple[str, list]:
    addresses = EmailAddress.objects.filter(user=user).order_by("-primary", "email")
    return "email_addresses", rows(addresses, "email", "verified", "primary")


@covering("accounts.ApiToken.user")
def api_tokens(user: User) -> tuple[str, list]:
    # The prefix only: the token itself is never stored, its digest stays on the site.
    tokens = ApiToken.objects.filter(user=user).order_by("created_at")
    return "api_tokens", rows(tokens, "prefix", "created_at", "last_used_at", "revoked_at")


@covering("accounts.Sighting.user")
def browsers_and_addresses(user: User) -> tuple[str, list]:
    # The browser ids and network addresses they were signed in from (accounts.browsers).
    seen = Sighting.objects.filter(user=user).order_by("first_seen", "pk")
    return "browsers_and_addresses", rows(seen, "browser", "address", "first_seen", "last_seen")


ACCOUNTS_SECTIONS: Iterable[Callable] = (
    profile,
    email_addresses,
    api_tokens,
    browsers_and_addresses,
)
