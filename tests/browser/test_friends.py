"""Friends, presence, the bell, invitations and playing together between two people in two
real browsers, against a real Daphne, Celery worker and Redis. Screenshots go to
test-artifacts/."""

import time

import pytest

from games.models import ChatMessage, Game, Seat
from games.services import tables
from social.models import Block, Friendship, Invitation
from tests.browser.pages import (
    DESKTOP,
    PHONE,
    log_in,
    notice,
    off_the_loop,
    person_page,
    shot,
    socket_open,
)
from tests.factories import UserFactory
from tests.social.factories import befriend

pytestmark = pytest.mark.usefixtures("fresh_presence")


def presence_text(page, username: str) -> str:
    return " ".join(page.inner_text(f"li.friend[data-friend='{username}'] [data-presence]").split())


def reload_until(page, username: str, wanted, timeout: float = 40) -> str:
    """Reloads the friends page until the friend's presence reads as wanted."""
    deadline = time.monotonic() + timeout
    while True:
        text = presence_text(page, username)
        if wanted(text):
            return text
        assert time.monotonic() < deadline, f"{username}'s presence stayed {text!r}"
        page.wait_for_timeout(1000)
        page.reload()


def test_two_friends_find_each_other_see_presence_and_sit_together_in_one_click(
    open_page, servers, celery_worker
):
    server = servers()
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    a, b = person_page(open_page, server, ann), person_page(open_page, server, ben)
    b.goto(f"{server.url}/friends/")
    assert b.is_hidden("#bell-count")
    assert "No friends yet" in b.inner_text(".friends-page")
    socket_open(b)

    # Ann finds Ben by the start of his name and asks him.
    a.goto(f"{server.url}/friends/")
    a.fill("#find", "be")
    a.click(".find-form button[type=submit]")
    a.wait_for_selector("form[action='/u/ben/friend']")
    shot(a, "friends-search-desktop")
    a.click("form[action='/u/ben/friend'] button")
    a.locator(".message.success", has_text="Friend request sent to ben").wait_for()
    assert "waiting for an answer" in a.inner_text(".friends-page")

    # Ben, without reloading: the bell counts one and a notice says who asks.
    asked = notice(b, "ann wants to be your friend")
    assert b.inner_text("#bell-count") == "1"
    assert b.is_visible("#bell-count")
    assert asked.locator("a", has_text="Open").get_attribute("href") == "/friends/"
    shot(b, "friends-request-notice-desktop", full_page=False)
    b.set_viewport_size(PHONE)
    shot(b, "friends-request-notice-phone", full_page=False)
    b.set_viewport_size(DESKTOP)
    asked.locator("[data-dismiss]").click()
    assert b.locator("#notices .notice").count() == 0

    # The bell's page lists the request to answer; opening it marks the notices read.
    b.click("a.bell")
    b.wait_for_url("**/notifications/")
    assert "ann wants to be your friend" in b.inner_text(".notices-list")
    shot(b, "notifications-desktop")
    b.set_viewport_size(PHONE)
    shot(b, "notifications-phone")
    b.set_viewport_size(DESKTOP)
    socket_open(a)  # Ann's friends page, open when Ben answers
    b.click("form[action^='/friends/requests/'][action$='/accept'] button")
    b.locator(".message.success", has_text="You are friends now").wait_for()
    assert b.url.endswith("/notifications/")
    assert b.is_hidden("#bell-count")
    assert Friendship.objects.filter(user=ann, friend=ben).exists()
    assert Friendship.objects.filter(user=ben, friend=ann).exists()

    # Ann hears of it at once.
    notice(a, "ben accepted your friend request")
    assert a.inner_text("#bell-count") == "1"

    # Ben in the lobby: Ann's friends page says so; elsewhere on the site, "online".
    b.goto(f"{server.url}/play/")
    socket_open(b)
    a.goto(f"{server.url}/friends/")
    reload_until(a, "ben", lambda text: text == "in the lobby")
    assert "online" in a.get_attribute("li.friend[data-friend='ben']", "class")
    shot(a, "friends-presence-desktop")
    a.set_viewport_size(PHONE)
    shot(a, "friends-presence-phone")
    a.set_viewport_size(DESKTOP)
    b.goto(f"{server.url}/friends/")
    socket_open(b)
    reload_until(a, "ben", lambda text: text == "online")
    assert presence_text(b, "ann") == "online"

    # "Play together" on Ben's row: a private table, Ben invited to the partner's seat.
    a.click("li.friend[data-friend='ben'] button:has-text('Play together')")
    a.wait_for_url("**/games/*/")
    game_id = int(a.url.rstrip("/").split("/")[-1])
    a.locator(".message.success", has_text="ben is invited").wait_for()
    invitation = Invitation.objects.get(game_id=game_id, receiver=ben)
    assert invitation.position == 2

    # Ben, on another page, is told at once, and one click seats him.
    invited = notice(b, f"ann invites you to table {game_id}, as their partner")
    take = invited.locator("button", has_text="Take the seat")
    assert take.is_visible()
    shot(b, "invitation-notice-desktop", full_page=False)
    b.set_viewport_size(PHONE)
    shot(b, "invitation-notice-phone", full_page=False)
    b.set_viewport_size(DESKTOP)
    # The bell's page (in a second tab of his) lists it too, with until when it is open.
    bell = b.context.new_page()
    bell.goto(f"{server.url}/notifications/")
    listed = bell.locator("section", has_text="Invitations to a table").locator("li")
    assert f"ann invites you to table {game_id}" in listed.inner_text()
    assert listed.locator("button", has_text="Take the seat").is_visible()
    assert "open until" in listed.inner_text()
    shot(bell, "notifications-invitation-desktop")
    bell.set_viewport_size(PHONE)
    shot(bell, "notifications-invitation-phone")
    bell.close()
    take.click()
    b.wait_for_url(f"**/games/{game_id}/")
    b.wait_for_selector(".seat.me")
    assert "ben" in b.inner_text(".seat.me .seat-name")
    # Ann's table shows him seated, pushed over her game socket.
    a.locator(".seat[data-seat='2'] .seat-name", has_text="ben").wait_for(timeout=30_000)
    assert Seat.objects.get(game_id=game_id, position=2).user == ben
    assert Game.objects.get(pk=game_id).status == Game.Status.WAITING  # two seats still open
    # Two seats are still free: Ann's invite box offers them (as the page is loaded: the
    # box is not part of the table's pushes).
    a.reload()
    a.locator(".seat[data-seat='2'] .seat-name", has_text="ben").wait_for()
    assert a.locator(".invite-box #invite-seat option").all_inner_texts() == [
        "On your left",
        "On your right",
    ]
    shot(a, "game-friend-seated-desktop", full_page=False)
    a.set_viewport_size(PHONE)
    shot(a, "game-friend-seated-phone")
    a.set_viewport_size(DESKTOP)

    # At her table, with a link to watch (she may: it is hers).
    a.goto(f"{server.url}/friends/")
    assert presence_text(a, "ben") == "at a table"
    assert a.get_attribute("li.friend[data-friend='ben'] [data-presence] a", "href") == (
        f"/games/{game_id}/"
    )

    # Ben closes every page: offline within seconds (Ann reloads to see).
    b.context.close()
    offline = reload_until(a, "ben", lambda text: text.startswith("last seen"))
    assert offline.endswith("ago")
    assert "online" not in a.get_attribute("li.friend[data-friend='ben']", "class")
    shot(a, "friends-offline-desktop")
    a.set_viewport_size(PHONE)
    shot(a, "friends-offline-phone")


def test_a_blocked_person_cannot_ask_invite_or_be_read_in_chat(open_page, servers):
    server = servers()
    ann, cal, dot = (UserFactory(username=name) for name in ("ann", "cal", "dot"))
    a, c = person_page(open_page, server, ann), person_page(open_page, server, cal)

    # Ann takes invitations from anyone, then blocks Cal from his profile.
    a.goto(f"{server.url}/friends/")
    a.select_option("#invites-from", "anyone")
    a.click("form[action='/friends/preferences'] button")
    a.locator(".message.success", has_text="Saved").wait_for()
    a.goto(f"{server.url}/u/cal/")
    a.click("form[action='/u/cal/block'] button")
    a.locator(".message.success", has_text="You blocked cal").wait_for()
    assert Block.objects.filter(blocker=ann, blocked=cal).exists()
    a.goto(f"{server.url}/friends/")
    assert "cal" in a.inner_text(".friends-page h3 + .people")

    # Cal's friend request is refused (the 403 page), in words that do not say who blocked
    # whom.
    c.goto(f"{server.url}/friends/?q=ann")
    c.click("form[action='/u/ann/friend'] button")
    refused = c.locator(".error-page", has_text="You cannot send ann a friend request")
    refused.wait_for()
    shot(c, "blocked-request-refused-desktop", full_page=False)

    # Cal's table, one seat taken by him and three open: his invitation to Ann is refused.
    game = off_the_loop(tables.table_create, owner=cal)
    c.goto(f"{server.url}/games/{game.pk}/")
    c.fill("#invite-who", "ann")
    c.select_option("#invite-seat", "2")
    c.click(".invite-box button[type=submit]")
    c.locator(".error-page", has_text="You cannot invite ann").wait_for()
    shot(c, "blocked-invite-refused-desktop", full_page=False)
    assert not Invitation.objects.filter(receiver=ann).exists()
    c.goto(f"{server.url}/games/{game.pk}/")  # back from the error page to his table

    # Yet Ann may sit at his table; Cal's chat there is not shown to her, but is to Dot,
    # who watches. Each page sees Ann seated through its game socket: they are all open.
    d = person_page(open_page, server, dot)
    d.goto(f"{server.url}/games/{game.pk}/")
    d.wait_for_selector("#chat-log", state="attached")
    a.goto(f"{server.url}/games/{game.pk}/")
    a.click(".seat[data-seat='2'] button.sit")
    a.wait_for_selector(".seat.me")
    for page in (c, d):
        page.locator(".seat[data-seat='2'] .seat-name", has_text="ann").wait_for(timeout=30_000)
    c.fill("#chat-form input[name=text]", "hello from cal")
    c.press("#chat-form input[name=text]", "Enter")
    d.locator(".chat-line", has_text="hello from cal").wait_for()
    a.fill("#chat-form input[name=text]", "hello from ann")
    a.press("#chat-form input[name=text]", "Enter")
    # Pushes reach each page in order: once Ann's line is there, Cal's would have been.
    a.locator(".chat-line", has_text="hello from ann").wait_for()
    c.locator(".chat-line", has_text="hello from ann").wait_for()  # she is not hidden from him
    assert a.locator(".chat-line", has_text="hello from cal").count() == 0
    assert ChatMessage.objects.filter(game=game).count() == 2
    # Nor in the history a page shows on opening.
    a.reload()
    a.locator(".chat-line", has_text="hello from ann").wait_for()
    assert a.locator(".chat-line", has_text="hello from cal").count() == 0
    d.reload()
    d.locator(".chat-line", has_text="hello from cal").wait_for()
    shot(a, "blocked-chat-hidden-desktop", full_page=False)


def test_play_together_then_bots_fill_the_table_and_it_starts_when_the_friend_sits(
    open_page, servers, celery_worker
):
    """A friend and two bots in two clicks: "Play together" opens a private table with the
    friend invited, "Fill the open seats with bots" seats bots in the others, and the game
    starts once the friend sits down."""
    server = servers()
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    off_the_loop(befriend, ann, ben)
    friend = person_page(open_page, server, ben, viewport=PHONE)  # stays on the home page
    socket_open(friend)
    owner = open_page()
    log_in(owner, server, ann)

    # Click one: "Play together" on Ben's row, a private table with Ben invited as partner.
    owner.goto(f"{server.url}/friends/")
    owner.click("li.friend[data-friend='ben'] button:has-text('Play together')")
    owner.wait_for_url("**/games/*/")
    game_id = int(owner.url.split("?")[0].rstrip("/").split("/")[-1])
    owner.locator(".seat[data-seat='2'] .badge.invited").wait_for()
    assert owner.input_value(".fill-bots select[name=level]") == "standard"
    shot(owner, "play-together-waiting-desktop", full_page=False)
    owner.set_viewport_size(PHONE)
    shot(owner, "play-together-waiting-phone", full_page=False)
    owner.set_viewport_size(DESKTOP)

    # Click two: bots take the two other seats; the partner's seat stays Ben's.
    owner.click(".fill-bots button:has-text('Fill the open seats with bots')")
    for seat in (1, 3):
        owner.locator(f".seat[data-seat='{seat}'] .badge.bot", has_text="Standard bot").wait_for()
    assert owner.inner_text(".seat[data-seat='2'] .seat-name") == "Open seat"
    assert owner.locator(".fill-bots").count() == 0  # nothing left for a bot
    # The invite box offers the partner's seat alone now (read again once seats filled).
    owner.locator(".invite-box #invite-seat option").nth(1).wait_for(state="detached")
    assert owner.locator(".invite-box #invite-seat option").all_inner_texts() == ["Your partner"]
    assert Game.objects.get(pk=game_id).status == Game.Status.WAITING
    shot(owner, "play-together-bots-desktop", full_page=False)

    # Ben's invitation (a live notice, below the header: the bell and his name show).
    invited = notice(friend, f"ann invites you to table {game_id}, as their partner")
    header = friend.locator("header.nav").bounding_box()
    assert invited.bounding_box()["y"] >= header["y"] + header["height"]
    assert friend.is_visible(".bell") and friend.is_visible(".nav-user >> text=ben")
    shot(friend, "play-together-invitation-phone", full_page=False)
    invited.locator("button", has_text="Take the seat").click()
    friend.wait_for_url(f"**/games/{game_id}/")

    # The table is full: the game starts, for both of them.
    for page in (owner, friend):
        page.locator("#table[data-status='playing']").wait_for(timeout=30_000)
    assert [
        (s.user_id, s.bot_level) for s in Seat.objects.filter(game_id=game_id).order_by("position")
    ] == [
        (ann.pk, ""),
        (None, "standard"),
        (ben.pk, ""),
        (None, "standard"),
    ]
    assert "ben" in friend.inner_text(".seat.me .seat-name")
    shot(friend, "play-together-started-phone", full_page=False)
    shot(owner, "play-together-started-desktop", full_page=False)
