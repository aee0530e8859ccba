"""Two friends queue for ranked play as partners in real browsers against a real Daphne,
and land at the same table facing each other. Screenshots go to test-artifacts/."""

from datetime import timedelta

from django.utils import timezone

from ranked.services import queue as ranked_queue, ratings as ranked_ratings
from social.models import Notification
from tests.browser.pages import DESKTOP, PHONE, finish_in_process, log_in, off_the_loop, shot
from tests.factories import UserFactory
from tests.helpers import told
from tests.social.factories import befriend


def where_the_queue_left(page, server) -> str:
    """What a page that was not sent to its game shows, and what its queue poll answers now."""
    box = page.locator("#queue")
    shown = box.inner_html() if box.count() else "(no queue box)"
    answer = page.request.get(f"{server.url}/ranked/queue", headers={"HX-Request": "true"})
    return (
        f"still at {page.url}; its queue box: {shown}\n"
        f"the poll now answers {answer.status}, HX-Redirect "
        f"{answer.headers.get('hx-redirect')!r}: {answer.text()[:500]}"
    )


def test_two_friends_queue_as_partners_and_sit_facing_each_other(open_page, servers):
    server = servers()
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    off_the_loop(befriend, alice, bob)

    friend = open_page(viewport=PHONE)
    log_in(friend, server, bob)  # and stays on the home page, its socket open
    asker = open_page()
    log_in(asker, server, alice)
    asker.goto(f"{server.url}/ranked/")
    asker.wait_for_selector("text=Queue with a friend")
    shot(asker, "ranked-partner-ask-desktop")
    asker.set_viewport_size(PHONE)
    shot(asker, "ranked-partner-ask-phone")
    asker.set_viewport_size(DESKTOP)
    asker.select_option("select[name=max_wait]", "15")
    asker.select_option("select[name=partner]", "bob")
    asker.click("text=Ask to play as partners")
    asker.wait_for_selector("text=Waiting for bob…")
    shot(asker, "ranked-partner-waiting-desktop", full_page=False)

    # Bob is told at once (a notice on his open page, a line under his bell) with a link to
    # the ranked page, where one click accepts.
    assert told(bob)[0] == "alice asks you to play ranked as partners in Classic"  # the latest
    assert Notification.objects.filter(user=bob).first().url == "/ranked/"
    notice = friend.locator("#notices .notice", has_text="alice asks you to play ranked")
    notice.wait_for()
    shot(friend, "ranked-partner-notice-phone", full_page=False)
    notice.locator("text=Open").click()
    friend.wait_for_url(f"{server.url}/ranked/")
    friend.wait_for_selector("text=asks you to play ranked as partners")
    shot(friend, "ranked-partner-request-phone", full_page=False)
    friend.click("text=Play with alice")
    friend.wait_for_selector("text=Looking for opponents for you and alice")
    shot(friend, "ranked-partner-queued-phone", full_page=False)
    # Alice's box, polling while she waited for an answer, now waits with bob.
    asker.wait_for_selector("text=Looking for opponents for you and bob")
    shot(asker, "ranked-partner-queued-desktop", full_page=False)

    # The matchmaker (the beat task's service) after their 15 s: bots fill the other side.
    (game,) = off_the_loop(ranked_queue.tables_form, now=timezone.now() + timedelta(seconds=20))
    url = f"{server.url}/games/{game.pk}/"
    # (Both pages poll their queue box each second; on a busy machine a poll and the game
    # page's load can take a while.)
    for page in (asker, friend):
        try:
            page.wait_for_url(url, timeout=120_000)
        except Exception as error:  # once seen in CI, not reproduced: say what the page saw
            raise AssertionError(where_the_queue_left(page, server)) from error
    # Each sees the other across the table, as partner.
    asker.locator(".seat-top .seat-name", has_text="bob").wait_for()
    friend.locator(".seat-top .seat-name", has_text="alice").wait_for()
    shot(asker, "ranked-partner-table-desktop", full_page=False)
    shot(friend, "ranked-partner-table-phone", full_page=False)

    # Once the game is over and rated, each profile lists the partnership. They leave the
    # table first: two open game pages would render each of the bots' hundreds of moves,
    # which on two cores took most of this test's time (tests/browser/test_table.py
    # watches a table's pushes).
    for page, name in ((asker, "alice"), (friend, "bob")):
        page.goto(f"{server.url}/u/{name}/")
    finish_in_process(game)
    off_the_loop(ranked_ratings.ratings_rate_pending)
    asker.goto(f"{server.url}/u/alice/")
    row = asker.locator(".partnerships tbody tr")
    assert row.count() == 1
    cells = row.locator("td").all_inner_texts()
    assert cells[:3] == ["bob", "Classic", "1"] and cells[3] in ("0", "1")
    assert cells[4].endswith("%")
    asker.locator(".partnerships").scroll_into_view_if_needed()
    shot(asker, "ranked-partnerships-profile-desktop")
    friend.goto(f"{server.url}/u/bob/")
    friend.locator(".partnerships").scroll_into_view_if_needed()
    shot(friend, "ranked-partnerships-profile-phone")
