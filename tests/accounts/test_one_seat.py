"""One person, one seat (issue 41, Must 4; issue 48, Must 1): a second account from the
same browser is refused a seat in ranked play, the daily challenge, an arena or a
tournament, and the attempt recorded; the same network address is allowed and recorded;
casual tables are left alone. Accounts linked by a browser, an API token's address or an
address with overlapping sessions are never seated at one table by the matchmaker, until
a moderator marks them as different people. Through Django's test client, whose cookie jar
is one browser, each client at the address it is given (REMOTE_ADDR)."""

import html
from datetime import UTC

import pytest
from django.test import Client
from django.utils import timezone

from accounts import seats
from accounts.browsers import COOKIE
from accounts.models import DifferentPeople, SharedSeat, Sighting
from accounts.seats import ONE_SEAT, PARTNERS_ONE_SEAT
from accounts.tokens import token_create
from duplicate.services import daily as daily_services
from events.models import ArenaPlayer
from games.services import tables as game_tables
from leagues.models import Entrant
from ranked.models import PartnerRequest, QueueEntry
from ranked.services import partners as partner_services, queue as queue_services
from tests.events.factories import ArenaFactory
from tests.factories import UserFactory
from tests.leagues.factories import TournamentFactory
from tests.moderation.factories import moderator
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


# Linked accounts at the ranked matchmaker (issue 48). HOME is one household's address.
HOME = "203.0.113.7"


def signed_in(user, address: str = HOME) -> Client:
    """A browser of its own (a new cookie jar: another browser, or a private window) at
    `address`, where `user` signs in and is seen."""
    browser = Client(REMOTE_ADDR=address)
    browser.force_login(user)
    browser.get("/")
    return browser


def queued(user, address: str) -> None:
    joined = signed_in(user, address).post("/ranked/queue/join", {"max_wait": "60"}, headers=HTMX)
    assert joined.status_code == 200 and QueueEntry.objects.filter(user=user).exists()


def tables_later(seconds: float = 0):
    """The matchmaker's pass, `seconds` after now: each table as the set of its people."""
    games = queue_services.tables_form(now=timezone.now() + timezone.timedelta(seconds=seconds))
    return [set(game.seats.exclude(user=None).values_list("user", flat=True))
            for game in games]  # fmt: skip


def strangers(count: int) -> list:
    people = UserFactory.create_batch(count)
    for number, person in enumerate(people):
        queued(person, f"198.51.100.{number + 1}")
    return people


def test_a_private_window_at_one_address_is_never_seated_with_its_account(quiet_games):
    alice, bob = UserFactory(), UserFactory()
    queued(alice, HOME)
    queued(bob, HOME)  # a private window: a new browser id, the same address, meanwhile
    carol, dave = strangers(2)
    # Four who would make a table at once: not with Alice and Bob at it.
    assert tables_later() == []
    # Once they have waited their time, bots fill the seats instead.
    tables = tables_later(61)
    assert {alice.pk, bob.pk, carol.pk, dave.pk} == set().union(*tables)
    assert not any({alice.pk, bob.pk} <= table for table in tables)


def test_a_second_browser_whose_session_overlaps_is_linked_but_not_an_old_one(quiet_games):
    alice, bob, carol, dave = UserFactory.create_batch(4)
    first = signed_in(alice)
    queued(bob, HOME)  # Bob's laptop, while Alice is still about in hers
    first.post("/ranked/queue/join", {"max_wait": "60"}, headers=HTMX)
    queued(carol, "198.51.100.1")
    # Dave's account was used at this address two days ago, and not since: no link.
    Sighting.objects.create(
        user=dave, browser="x" * 32, address=HOME,
        first_seen=timezone.now() - timezone.timedelta(days=2, hours=1),
        last_seen=timezone.now() - timezone.timedelta(days=2),
    )  # fmt: skip
    queue_services.queue_join(user=dave)
    assert tables_later() == []
    tables = tables_later(61)
    assert not any({alice.pk, bob.pk} <= table for table in tables)
    assert any({alice.pk, dave.pk} <= table or {bob.pk, dave.pk} <= table for table in tables)


def test_an_api_token_queued_from_the_same_address_is_not_seated_with_its_account(quiet_games):
    alice, bob = UserFactory(), UserFactory()
    queued(alice, HOME)
    script = Client(REMOTE_ADDR=HOME)
    answer = script.post(
        "/api/ranked/queue", {"max_wait": 60}, content_type="application/json",
        headers={"Authorization": f"Bearer {token_create(user=bob)}"},
    )  # fmt: skip
    assert answer.status_code == 201
    assert Sighting.objects.filter(user=bob, browser="", address=HOME).exists()
    strangers(2)
    assert tables_later() == []
    assert not any({alice.pk, bob.pk} <= table for table in tables_later(61))


def test_two_people_behind_one_address_share_a_casual_table():
    alice, bob = UserFactory(), UserFactory()
    signed_in(alice)
    game = game_tables.table_create(owner=alice)
    joined = signed_in(bob).post(f"/games/{game.pk}/join", {"seat": "2"}, headers=HTMX)
    assert joined.status_code == 204
    assert set(game.seats.values_list("user", flat=True)) >= {alice.pk, bob.pk}
    assert not SharedSeat.objects.exists()


def test_the_api_refuses_a_ranked_partner_of_one_browser_in_its_own_format():
    browser, alice, bob = Client(REMOTE_ADDR=HOME), UserFactory(), UserFactory()
    befriend(alice, bob)
    switch(browser, alice)
    switch(browser, bob)
    # Bob then asks through a token, from elsewhere: the accounts are linked all the same.
    refused = Client(REMOTE_ADDR="198.51.100.9").post(
        "/api/ranked/queue", {"max_wait": 60, "partner": alice.username},
        content_type="application/json",
        headers={"Authorization": f"Bearer {token_create(user=bob)}"},
    )  # fmt: skip
    assert refused.status_code == 403
    assert refused.json()["error"] == PARTNERS_ONE_SEAT.format(partner=alice.username)
    assert not PartnerRequest.objects.exists()
    assert SharedSeat.objects.get(refused=True).shared == SharedSeat.Shared.BROWSER


def test_a_ranked_partner_of_one_address_is_allowed_recorded_and_seated(quiet_games):
    alice, bob = UserFactory(), UserFactory()
    befriend(alice, bob)
    signed_in(alice)
    asked = signed_in(bob).post(
        "/ranked/partner/ask", {"partner": alice.username, "max_wait": "60"}, headers=HTMX
    )
    assert asked.status_code == 200
    request = PartnerRequest.objects.get(sender=bob, receiver=alice)
    record = SharedSeat.objects.get()
    assert (record.user, record.other, record.refused, record.shared, record.place) == (
        bob, alice, False, SharedSeat.Shared.ADDRESS, "ranked play",
    )  # fmt: skip
    partner_services.partner_request_accept(user=alice, request_id=request.pk)
    carol, dave = strangers(2)
    (table,) = queue_services.tables_form()
    people = list(table.seats.order_by("position").values_list("user", flat=True))
    assert {people[0], people[2]} == {alice.pk, bob.pk}  # as partners, against the others
    assert {people[1], people[3]} == {carol.pk, dave.pk}


def test_a_moderator_marks_two_accounts_as_different_people_and_they_are_seated(quiet_games):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    queued(alice, HOME)
    queued(bob, HOME)
    strangers(2)
    assert tables_later() == []
    assert seats.linked(alice, bob) == seats.ADDRESS
    mark = f"/admin/accounts/sharedseat/different/{bob.pk}/{alice.pk}/"
    assert signed_in(bob, "198.51.100.20").post(mark).status_code == 302  # to the login
    assert not DifferentPeople.objects.exists()
    desk = Client(REMOTE_ADDR="192.0.2.1")
    boss = moderator()
    desk.force_login(boss)
    case = desk.get(f"/admin/moderation/report/person/{bob.pk}/").content.decode()
    assert f'action="{mark}"' in case
    marked = desk.post(mark, follow=True).content.decode()
    assert f"different people (marked by {boss.username}" in marked
    finding = DifferentPeople.objects.get()
    assert (finding.first, finding.second, finding.decided_by) == (alice, bob, boss)
    assert finding.decided_at is not None
    assert seats.linked(alice, bob) is None
    (table,) = tables_later()
    assert {alice.pk, bob.pk} <= table
