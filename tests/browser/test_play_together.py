"""A friend and two bots in two clicks, in real browsers against a real Daphne, Celery
worker and Redis: "Play together" opens a private table with the friend invited, "Fill the
open seats with bots" seats bots in the others, and the game starts once the friend sits
down. Screenshots go to test-artifacts/."""

import pytest

from games.models import Game, Seat
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


def test_play_together_then_bots_fill_the_table_and_it_starts_when_the_friend_sits(
    open_page, servers, celery_worker
):
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
