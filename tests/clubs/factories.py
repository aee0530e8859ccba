"""Factories and helpers for club tests, and for the tests of the apps built on clubs."""

import factory

from clubs import services as clubs
from clubs.models import Club, Membership
from tests.factories import UserFactory


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")
    public = True


def club_with(*, owner=None, admins=(), members=0, public=True) -> tuple[Club, list]:
    """A club with an owner, the given admins and `members` new members; returns the club
    and its plain members."""
    owner = owner or UserFactory()
    club = clubs.club_create(owner=owner, name=f"Club of {owner}", public=public)
    for admin in admins:
        Membership.objects.create(club=club, user=admin, role=Membership.Role.ADMIN)
    plain = UserFactory.create_batch(members)
    Membership.objects.bulk_create([Membership(club=club, user=user) for user in plain])
    return club, plain
