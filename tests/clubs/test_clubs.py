"""Clubs: creating, joining by link or by request, roles, and the club page."""

import re

import pytest

from clubs import services as clubs
from clubs.models import Club, JoinRequest, Membership
from core.errors import Conflict, Forbidden
from social.models import Notification
from tests.clubs.factories import club_with
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_anyone_signed_in_creates_a_club_and_owns_it(client, user):
    client.force_login(user)
    response = client.post(
        "/clubs/", {"name": "Tuesday Spades", "description": "Weekly", "public": "on"}
    )
    club = Club.objects.get()
    assert response.url == "/clubs/tuesday-spades/"
    assert club.public and club.description == "Weekly"
    assert Membership.objects.get(club=club).user == user
    assert Membership.objects.get(club=club).role == "owner"
    page = client.get(response.url).content.decode()
    assert "Tuesday Spades" in page and "Invite link" in page


def test_club_names_are_unique_whatever_the_case(client, user):
    clubs.club_create(owner=UserFactory(), name="Aces")
    client.force_login(user)
    response = client.post("/clubs/", {"name": "aces", "public": "on"})
    assert response.status_code == 400
    assert "There is already a club called aces" in response.content.decode()


def test_anonymous_visitors_are_sent_to_log_in_to_create_a_club(client):
    response = client.post("/clubs/", {"name": "Nope"})
    assert response.status_code == 302 and "/accounts/login/" in response.url
    assert not Club.objects.exists()


def test_joining_by_request_needs_an_admin_to_approve(client):
    club, _ = club_with()
    owner = club.memberships.get().user
    newcomer = UserFactory()
    client.force_login(newcomer)
    client.post(f"/clubs/{club.slug}/request")
    request = JoinRequest.objects.get(club=club, user=newcomer)
    assert request.status == "pending" and not Membership.objects.filter(user=newcomer).exists()
    assert Notification.objects.filter(user=owner, text__contains="asks to join").exists()
    # Asking twice changes nothing.
    response = client.post(f"/clubs/{club.slug}/request", follow=True)
    assert "already asked" in response.content.decode()
    assert JoinRequest.objects.filter(club=club, user=newcomer).count() == 1

    client.force_login(owner)
    for wrong in ({}, {"decision": "aprove"}):  # no decision counts as a decline
        refused = client.post(f"/clubs/{club.slug}/requests/{request.pk}", wrong, follow=True)
        assert "Choose approve or decline" in refused.content.decode()
    request.refresh_from_db()
    assert request.status == "pending"
    client.post(f"/clubs/{club.slug}/requests/{request.pk}", {"decision": "approve"})
    request.refresh_from_db()
    assert request.status == "approved" and request.decided_by == owner
    assert Membership.objects.get(club=club, user=newcomer).role == "member"


def test_a_declined_request_makes_no_member():
    club, _ = club_with()
    owner = club.memberships.get().user
    newcomer = UserFactory()
    request = clubs.club_request_join(club=club, user=newcomer)
    clubs.club_decide_request(request_id=request.pk, admin=owner, approve=False)
    assert not Membership.objects.filter(club=club, user=newcomer).exists()
    with pytest.raises(Conflict, match="already answered"):
        clubs.club_decide_request(request_id=request.pk, admin=owner, approve=True)


def test_private_clubs_are_hidden_and_joined_by_invite_link_only(client):
    club, _ = club_with(public=False)
    visitor = UserFactory()
    client.force_login(visitor)
    assert club.name not in client.get("/clubs/").content.decode()
    assert client.get(f"/clubs/{club.slug}/").status_code == 404
    assert client.post(f"/clubs/{club.slug}/request").status_code == 404

    wrong = client.post(f"/clubs/{club.slug}/invite/not-the-code")
    assert wrong.status_code == 404 and not Membership.objects.filter(user=visitor).exists()
    page = client.get(f"/clubs/{club.slug}/invite/{club.invite_code}")
    assert "Join the club" in page.content.decode()
    client.post(f"/clubs/{club.slug}/invite/{club.invite_code}")
    assert Membership.objects.get(club=club, user=visitor).role == "member"
    assert client.get(f"/clubs/{club.slug}/").status_code == 200


def without_nonces(response) -> str:
    """The page, less its CSP nonces and masked CSRF tokens (new for every response)."""
    return re.sub(r'nonce="[^"]*"|[A-Za-z0-9]{64}', "", response.content.decode())


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_wrong_invite_code_tells_nothing_about_a_private_club(client, method):
    club, _ = club_with(public=False)
    clubs.club_update(
        club=club, admin=club.memberships.get().user, description="Secret agenda", public=False
    )
    client.force_login(UserFactory())
    send = getattr(client, method)
    wrong = send(f"/clubs/{club.slug}/invite/not-the-code")
    unicode = send(f"/clubs/{club.slug}/invite/n%C3%A9-the-code")
    missing = send("/clubs/no-such-club/invite/not-the-code")
    for response in (wrong, unicode):
        assert response.status_code == missing.status_code == 404
        assert without_nonces(response) == without_nonces(missing)
        page = response.content.decode()
        assert club.name not in page and "Secret agenda" not in page
    assert client.get(f"/clubs/{club.slug}/invite/{club.invite_code}").status_code == 200


def test_a_wrong_invite_code_of_a_public_club_leads_to_its_page(client):
    club, _ = club_with(public=True)
    client.force_login(UserFactory())
    response = client.get(f"/clubs/{club.slug}/invite/not-the-code", follow=True)
    assert response.redirect_chain[-1][0] == f"/clubs/{club.slug}/"
    assert "This invite link is not valid" in response.content.decode()


def test_a_new_invite_link_retires_the_old_one():
    club, _ = club_with()
    owner = club.memberships.get().user
    old = club.invite_code
    clubs.club_reset_invite(club=club, admin=owner)
    with pytest.raises(Forbidden, match="not valid"):
        clubs.club_join_by_invite(club=club, user=UserFactory(), code=old)


def test_admins_remove_members_but_not_the_owner_or_other_admins(client):
    admin, other_admin = UserFactory(), UserFactory()
    club, (member,) = club_with(admins=[admin, other_admin], members=1)
    owner = club.memberships.get(role="owner").user
    client.force_login(admin)
    client.post(f"/clubs/{club.slug}/members/{member.pk}", {"action": "remove"})
    assert not Membership.objects.filter(club=club, user=member).exists()
    assert (
        client.post(f"/clubs/{club.slug}/members/{owner.pk}", {"action": "remove"}).status_code
        == 403
    )
    assert (
        client.post(
            f"/clubs/{club.slug}/members/{other_admin.pk}", {"action": "remove"}
        ).status_code
        == 403
    )
    assert Membership.objects.filter(club=club).count() == 3


def test_members_cannot_run_the_club(client):
    club, (member, other) = club_with(members=2)
    newcomer = UserFactory()
    request = clubs.club_request_join(club=club, user=newcomer)
    client.force_login(member)
    for url, data in [
        (f"/clubs/{club.slug}/members/{other.pk}", {"action": "remove"}),
        (f"/clubs/{club.slug}/requests/{request.pk}", {"decision": "approve"}),
        (f"/clubs/{club.slug}/invite-reset", {}),
        (f"/clubs/{club.slug}/settings", {"description": "mine now"}),
        (f"/clubs/{club.slug}/members/{other.pk}", {"action": "admin"}),
    ]:
        assert client.post(url, data).status_code == 403, url
    assert client.get(f"/clubs/{club.slug}/seasons/new").status_code == 403
    assert Membership.objects.filter(club=club).count() == 3
    assert not Membership.objects.filter(role="admin").exists()
    assert JoinRequest.objects.get().status == "pending"
    club.refresh_from_db()
    assert club.description == ""
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert "Invite link" not in page and club.invite_code not in page


def test_only_the_owner_appoints_admins():
    admin = UserFactory()
    club, (member,) = club_with(admins=[admin], members=1)
    owner = club.memberships.get(role="owner").user
    with pytest.raises(Forbidden, match="Only the owner"):
        clubs.club_set_role(club=club, owner=admin, user=member, role="admin")
    clubs.club_set_role(club=club, owner=owner, user=member, role="admin")
    assert Membership.objects.get(user=member).role == "admin"


def test_the_clubs_page_lists_my_clubs_and_public_clubs(client, user):
    mine, _ = club_with(owner=user, members=2)
    other, _ = club_with()
    client.force_login(user)
    page = client.get("/clubs/").content.decode()
    assert mine.name in page and other.name in page
    assert "3 members" in page
