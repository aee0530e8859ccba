"""The moderators' finding that two linked accounts (accounts.seats) are two people."""

from django.db import transaction
from django.utils import timezone

from accounts.models import DifferentPeople, User
from core.errors import Invalid
from moderation.services import decisions


@transaction.atomic
def different_people_mark(*, moderator: User, person: User, other: User) -> DifferentPeople:
    """Marks `person` and `other` as different people (e.g. a family behind one address):
    the one-seat rule no longer links them. Kept with who decided and when; marking a pair
    twice keeps the first finding."""
    decisions.check_moderator(moderator)
    if person.pk == other.pk:
        raise Invalid("Choose two different accounts")
    first, second = sorted((person, other), key=lambda account: account.pk)
    finding, _ = DifferentPeople.objects.get_or_create(
        first=first,
        second=second,
        defaults={"decided_by": moderator, "decided_at": timezone.now()},
    )
    return finding
