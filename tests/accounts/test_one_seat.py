"""One person, one seat (issue 41, Must 4): a second account from the same browser is
refused a seat in ranked play, the daily challenge, an arena or a tournament, and the
attempt recorded; the same network address is allowed and recorded; casual tables are
left alone. Through Django's test client, whose cookie jar is one browser."""

import html
from datetime import UTC

import pytest
from django.test import Client
from django.utils import timezone

from accounts.browsers import COOKIE
from accounts.models import SharedSeat, Sighting
from accounts.seats import ONE_SEAT, PARTNERS_ONE_SEAT
from accounts.tokens import token_create
from duplicate.services import daily as daily_services
from events.models import ArenaPlayer
from games.services import tables as game_tables
from leagues.models import Entrant
from ranked.models import QueueEntry
from tests.events.factories import ArenaFactory
from tests.factories import UserFactory
from tests.leagues.factories import TournamentFactory
from tests.social.factories import befriend

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def switch(browser: Client, user) -> None:
    """The person logs out of one account and into another in the same browser (the
    test client's own logout() would throw its cookies away: a new browser)."""
    browser.post("/accounts/logout/")
    browser.force_login(user)
    browser.get("/")  # any page: the site notes where the account is


def test_every_visitor_gets_a_long_lived_signed_browser_id_that_outlives_logins():
    browser = Client()
    first = browser.get("/")
    cookie = first.cookies[COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) >= 729 * 86400
    alice, bob = UserFactory(), UserFactory()
    switch(browser, alice)
    switch(browser, bob)
    assert COOKIE not in browser.get("/").cookies  # set once, kept
    seen = Sighting.objects.filter(user__in=[alice, bob])
    assert {s.browser for s in seen} == {seen[0].browser} and seen[0].browser
    assert {s.address for s in seen} == {"127.0.0.1"}


def test_a_tampered_browser_cookie_is_replaced():
    browser = Client()
    browser.cookies[COOKIE] = "made-up-by-hand-without-a-signature"
    assert browser.get("/").cookies[COOKIE].value != "made-up-by-hand-without-a-signature"


def test_a_sighting_is_written_once_not_per_request():
    browser, alice = Client(), UserFactory()
    switch(browser, alice)
    before = Sighting.objects.get(user=alice).last_seen
    for _ in range(3):
        browser.get("/")
    assert Sighting.objects.get(user=alice).last_seen == before


def test_a_second_account_from_one_browser_is_refused_a_ranked_seat_and_recorded():
    browser, alice, bob = Client(), UserFactory(), UserFactory()
    switch(browser, alice)
    assert browser.post("/ranked/queue/join", {"max_wait": "60"}, headers=HTMX).status_code == 200
    switch(browser, bob)
    refused = browser.post("/ranked/queue/join", {"max_wait": "60"}, headers=HTMX)
    assert ONE_SEAT in refused.content.decode()
    assert not QueueEntry.objects.filter(user=bob).exists()
    (record,) = SharedSeat.objects.all()
    assert (record.user, record.other, record.refused, record.shared) == (
        bob, alice, True, SharedSeat.Shared.BROWSER,
    )  # fmt: skip
    assert record.place == "ranked play"
    # Once Alice has left the queue, the browser's other account may queue.
    QueueEntry.objects.filter(user=alice).delete()
    browser.post("/ranked/queue/join", {"max_wait": "60"}, headers=HTMX)
    assert QueueEntry.objects.filter(user=bob).exists()


def test_the_json_api_refuses_a_second_seat_from_one_browser_in_its_own_format():
    browser, alice, bob = Client(), UserFactory(), UserFactory()
    switch(browser, alice)
    browser.post("/ranked/queue/join", {"max_wait": "60"})
    switch(browser, bob)
    refused = browser.post("/api/ranked/queue", {"max_wait": 60}, content_type="application/json")
    assert refused.status_code == 403
    assert refused.json()["error"] == ONE_SEAT


def test_the_same_address_from_another_browser_is_allowed_and_recorded():
    alice, bob = UserFactory(), UserFactory()
    home, laptop = Client(), Client()  # two browsers behind one address (127.0.0.1)
    switch(home, alice)
    home.post("/ranked/queue/join", {"max_wait": "60"})
    switch(laptop, bob)
    laptop.post("/ranked/queue/join", {"max_wait": "60"})
    assert QueueEntry.objects.filter(user__in=[alice, bob]).count() == 2
    (record,) = SharedSeat.objects.all()
    assert (record.user, record.other, record.refused, record.shared) == (
        bob, alice, False, SharedSeat.Shared.ADDRESS,
    )  # fmt: skip


def test_two_accounts_tokens_from_one_address_are_recorded_not_refused():
    alice, bob = UserFactory(), UserFactory()
    for person in (alice, bob):
        token = token_create(user=person)
        answer = Client().post(
            "/api/ranked/queue", {"max_wait": 60}, content_type="application/json",
            headers={"Authorization": f"Bearer {token}"},
        )  # fmt: skip
        assert answer.status_code == 201
        assert COOKIE not in answer.cookies  # a script is no browser
    assert set(Sighting.objects.values_list("browser", flat=True)) == {""}
    (record,) = SharedSeat.objects.all()
    assert (record.user, record.other, record.refused) == (bob, alice, False)


def test_casual_private_tables_are_left_alone():
    browser, alice, bob = Client(), UserFactory(), UserFactory()
    switch(browser, alice)
    game = game_tables.table_create(owner=alice)  # a casual table, not rated
    switch(browser, bob)
    joined = browser.post(f"/games/{game.pk}/join", {"seat": "1"}, headers=HTMX)
    assert joined.status_code == 204  # seated; the push redraws the table
    assert set(game.seats.values_list("user", flat=True)) >= {alice.pk, bob.pk}
    assert not SharedSeat.objects.exists()


def test_a_friend_of_the_same_browser_cannot_be_asked_as_a_ranked_partner():
    browser, alice, bob = Client(), UserFactory(), UserFactory()
    befriend(alice, bob)
    switch(browser, alice)
    switch(browser, bob)
    answer = browser.post(
        "/ranked/partner/ask", {"partner": alice.username, "max_wait": "60"}, headers=HTMX
    )
    assert PARTNERS_ONE_SEAT.format(partner=alice.username) in html.unescape(answer.text)
    assert SharedSeat.objects.filter(user=bob, other=alice, refused=True).exists()


def test_two_accounts_of_one_browser_cannot_both_join_an_arena():
    arena = ArenaFactory()
    browser, alice, bob = Client(), UserFactory(), UserFactory()
    switch(browser, alice)
    browser.post(f"/arenas/{arena.pk}/join", headers=HTMX)
    switch(browser, bob)
    answer = browser.post(f"/arenas/{arena.pk}/join", headers=HTMX)
    assert ONE_SEAT in answer.content.decode()
    assert list(ArenaPlayer.objects.values_list("user", flat=True)) == [alice.pk]
    assert SharedSeat.objects.get().place == f"arena {arena.pk} ({arena})"


def test_two_accounts_of_one_browser_cannot_both_enter_a_tournament():
    tournament = TournamentFactory()
    browser, alice, bob = Client(), UserFactory(), UserFactory()
    switch(browser, alice)
    browser.post(f"/tournaments/{tournament.slug}/register", {"partner": ""})
    switch(browser, bob)
    answer = browser.post(f"/tournaments/{tournament.slug}/register", {"partner": ""}, follow=True)
    assert ONE_SEAT in answer.content.decode()
    assert Entrant.objects.filter(tournament=tournament).count() == 1
    assert SharedSeat.objects.get().refused


def test_two_accounts_of_one_browser_cannot_both_play_the_same_daily_challenge(quiet_games):
    day = timezone.now().astimezone(UTC).date()
    daily_services.event_make_daily(day=day, variant="classic", solve=False)
    browser, alice, bob = Client(), UserFactory(), UserFactory()
    switch(browser, alice)
    assert browser.post(f"/daily/{day}/boards/1/play").status_code == 302
    switch(browser, bob)
    refused = browser.post(f"/daily/{day}/boards/1/play")
    assert refused.status_code == 403 and ONE_SEAT in refused.content.decode()
    assert SharedSeat.objects.get().place == f"the daily challenge of {day}"
