"""Clubs moved from leagues to their own app: the tables keep their names, and the
permissions and the groups that hold them follow the content types."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType

from clubs.models import Club, JoinRequest, Membership

pytestmark = pytest.mark.django_db

MOVED = [Club, Membership, JoinRequest]


def test_the_tables_keep_their_names():
    assert [model._meta.db_table for model in MOVED] == [
        "leagues_club",
        "leagues_membership",
        "leagues_joinrequest",
    ]


def test_the_content_types_and_permissions_moved_with_the_models():
    names = [model._meta.model_name for model in MOVED]
    assert not ContentType.objects.filter(app_label="leagues", model__in=names).exists()
    assert ContentType.objects.filter(app_label="clubs", model__in=names).count() == 3
    view_club = Permission.objects.get(content_type__app_label="clubs", codename="view_club")
    # The group that the leagues migration made before the move still holds it.
    assert view_club in Group.objects.get(name="Tournament directors").permissions.all()
