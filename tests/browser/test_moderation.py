"""A report in real browsers, from where it happened to a moderator's decision: a player
reports another's chat line from the table; a moderator finds them in the admin's queue,
reads the chat around the moment and mutes them; the muted player reads it in words, the
reporter learns it was handled. Screenshots go to test-artifacts/."""

from games.models import ChatMessage
from games.services import tables
from moderation.models import Decision
from tests.browser.pages import PHONE, log_in, off_the_loop, shot
from tests.factories import UserFactory
from tests.moderation.factories import moderator


def a_table_with_a_rude_line():
    ada, ben = UserFactory(username="ada"), UserFactory(username="ben")
    game = tables.game_create_seated(players=[ada, ben, "random", "random"], preset="quick")
    ChatMessage.objects.create(game=game, user=ben, text="you play like a potato")
    return ada, ben, game


def test_a_report_from_the_table_through_a_moderators_mute(open_page, servers):
    server = servers()
    ada, ben, game = off_the_loop(a_table_with_a_rude_line)
    page = open_page()
    log_in(page, server, ada)
    page.goto(f"{server.url}/games/{game.pk}/")
    page.locator(".table-report summary").click()
    page.locator("a", has_text="Report ben").click()
    page.wait_for_url("**/report/**")
    page.select_option("select[name=reason]", "chat")
    page.locator("label.chat-choice", has_text="potato").click()
    page.fill("textarea[name=note]", "Insults at every trick")
    shot(page, "report-form-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "report-form-phone")
    page.locator("button", has_text="Send the report").click()
    page.wait_for_url(f"{server.url}/games/{game.pk}/")
    assert "Report received" in page.locator(".messages, .notices, body").first.inner_text()

    boss = off_the_loop(moderator, username="mod")
    admin = open_page()
    log_in(admin, server, boss)
    admin.goto(f"{server.url}/admin/moderation/report/queue/")
    admin.locator("a", has_text="ben").click()
    admin.wait_for_selector("text=you play like a potato")
    admin.select_option("select[name=kind]", "mute")
    admin.fill("input[name=minutes]", "1440")
    admin.fill("textarea[name=reason]", "Insulting other players")
    shot(admin, "moderation-case-desktop")
    admin.locator("input[type=submit]").click()
    admin.wait_for_selector("text=decided and told")
    assert off_the_loop(lambda: Decision.objects.get().kind) == "mute"

    muted = open_page()
    log_in(muted, server, ben)
    muted.goto(f"{server.url}/moderation/you/")
    assert "Insulting other players" in muted.locator(".decision").inner_text()
    shot(muted, "moderation-record-desktop")
    muted.set_viewport_size(PHONE)
    shot(muted, "moderation-record-phone")
    page.goto(f"{server.url}/notifications/")
    assert "Your report about ben was handled" in page.content()
