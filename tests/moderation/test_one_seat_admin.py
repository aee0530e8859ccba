"""The moderators' view of one person, one seat: accounts of one browser or address on a
person's case page and grouped on a page of their own, the shared seats recorded, and the
partners who win more than their ratings predict. Moderators only."""

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import SharedSeat
from ranked.models import RatingChange
from tests.factories import UserFactory
from tests.moderation.factories import moderator
from tests.ranked.factories import finished_game

pytestmark = pytest.mark.django_db
PAGES = ["/admin/accounts/sharedseat/", "/admin/accounts/sharedseat/groups/",
         "/admin/accounts/sharedseat/partners/"]  # fmt: skip


def in_one_browser_then_queue(*people) -> Client:
    """Each person in turn logs in from one browser and tries the ranked queue."""
    browser = Client()
    for person in people:
        browser.post("/accounts/logout/")
        browser.force_login(person)
        browser.post("/ranked/queue/join", {"max_wait": "60"})
    return browser


def test_a_refused_second_seat_shows_on_the_case_pages_and_in_the_groups():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    in_one_browser_then_queue(alice, bob)
    desk = Client()
    desk.force_login(moderator())
    case = desk.get(f"/admin/moderation/report/person/{bob.pk}/").content.decode()
    assert "Accounts of the same browser or address" in case
    assert f'href="/admin/moderation/report/person/{alice.pk}/">alice</a>' in case
    assert "<strong>same browser</strong>" in case
    assert "bob <strong>refused</strong> a seat in ranked play where alice sat" in case
    groups = desk.get("/admin/accounts/sharedseat/groups/").content.decode()
    assert groups.count(">alice</a>, <a") == 2  # by browser, and by address
    listed = desk.get("/admin/accounts/sharedseat/").content.decode()
    assert "ranked play" in listed and "1 shared seat" in listed


def test_a_family_behind_one_address_is_listed_without_a_refusal():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    for person in (alice, bob):
        in_one_browser_then_queue(person)  # a browser each
    assert not SharedSeat.objects.filter(refused=True).exists()
    desk = Client()
    desk.force_login(moderator())
    case = desk.get(f"/admin/moderation/report/person/{alice.pk}/").content.decode()
    assert "same address 127.0.0.1" in case and "<strong>same browser</strong>" not in case
    assert "bob allowed a seat in ranked play where alice sat" in case


def test_partners_who_win_far_above_their_ratings_are_listed():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    now = timezone.now()
    for _ in range(25):  # 25 wins of even games: 12.5 expected, z = 5
        opponents = UserFactory.create_batch(2)
        game = finished_game([alice, opponents[0], bob, opponents[1]], winner=0)
        for seat, person in enumerate([alice, opponents[0], bob, opponents[1]]):
            RatingChange.objects.create(
                variant="classic", game=game, user=person, finished_at=now, position=seat,
                result="win" if seat % 2 == 0 else "loss", mu_before=25, sigma_before=3,
                mu_after=25, sigma_after=3, before=1500, after=1500, delta=0,
            )  # fmt: skip
    desk = Client()
    desk.force_login(moderator())
    page = desk.get("/admin/accounts/sharedseat/partners/").content.decode()
    assert ">alice</a> &amp; <a" in page and ">bob</a>" in page
    assert "<td>25</td><td>25</td>" in page and "<td>12.5</td><td>5.0</td>" in page


def test_no_one_seat_page_for_anyone_but_moderators():
    in_one_browser_then_queue(UserFactory(), UserFactory())
    record = SharedSeat.objects.get()
    pages = [*PAGES, f"/admin/accounts/sharedseat/{record.pk}/change/"]
    staff = Client()
    staff.force_login(UserFactory(is_staff=True))
    for page in pages:
        assert staff.get(page).status_code == 403, page
    visitor = Client()
    visitor.force_login(UserFactory())
    for page in pages:
        assert visitor.get(page).status_code == 302, page  # to the admin's login
    desk = Client()
    desk.force_login(moderator())
    for page in pages:
        assert desk.get(page).status_code == 200, page
