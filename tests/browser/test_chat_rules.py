"""The chat rules in a real browser against a real Daphne: a listed word masked, a refusing
one refused, and a person hiding a table's chat for themselves, live and after a reload.
Screenshots go to test-artifacts/."""

from games.models import ChatMessage
from games.services import tables
from moderation.chat import REFUSED_WORD
from moderation.models import BannedWord
from tests.browser.pages import PHONE, log_in, off_the_loop, shot, toast_after
from tests.factories import UserFactory


def say(page, text: str) -> None:
    page.fill("#chat-form input[name=text]", text)
    page.press("#chat-form input[name=text]", "Enter")


def test_words_are_masked_and_a_person_can_hide_a_tables_chat(open_page, servers):
    server = servers()
    BannedWord.objects.create(word="darn")
    BannedWord.objects.create(word="scum", refuse=True)
    ann, bob, cal = (UserFactory(username=name) for name in ("ann", "bob", "cal"))
    game = off_the_loop(tables.table_create, owner=bob)  # waiting: nobody moves
    other = off_the_loop(tables.table_create, owner=cal)
    a, b = open_page(), open_page()
    for page, person in ((a, ann), (b, bob)):
        log_in(page, server, person)
        page.goto(f"{server.url}/games/{game.pk}/")

    # Bob's word is masked for everyone; his refused line is refused to him alone.
    say(b, "darn good luck")
    a.locator(".chat-line", has_text="**** good luck").wait_for()
    assert toast_after(b, lambda: say(b, "you s.c.u.m")) == REFUSED_WORD
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["**** good luck"]

    # Ann hides the chat: the log and the box go, the switches stay.
    a.click("#chat-toggle")
    assert a.inner_text("#chat-toggle") == "Show chat"
    assert a.get_attribute("#chat-toggle", "aria-expanded") == "false"
    assert not a.is_visible("#chat-log") and not a.is_visible("#chat-form")
    assert a.is_visible("#chat-hidden-note") and a.is_visible("#sound-toggle")
    # A line pushed meanwhile arrives on her page, and stays hidden.
    say(b, "still there?")
    b.locator(".chat-line", has_text="still there?").wait_for()
    line = a.locator(".chat-line", has_text="still there?")
    line.wait_for(state="attached")
    assert not line.is_visible()
    shot(a, "chat-hidden-desktop", full_page=False)

    # Hidden still after a reload, at this table only.
    a.reload()
    a.locator(".chat-line", has_text="still there?").wait_for(state="attached")
    assert not a.is_visible("#chat-log") and a.inner_text("#chat-toggle") == "Show chat"
    a.goto(f"{server.url}/games/{other.pk}/")
    assert a.is_visible("#chat-log") and a.inner_text("#chat-toggle") == "Hide chat"

    phone = open_page(viewport=PHONE)
    log_in(phone, server, ann)  # her browser on a phone: a browser of its own, chat shown
    phone.goto(f"{server.url}/games/{game.pk}/")
    phone.locator(".chat-line", has_text="**** good luck").wait_for()
    phone.click("#chat-toggle")
    phone.locator("#chat-hidden-note").wait_for()
    phone.locator("#chat-toggle").scroll_into_view_if_needed()
    shot(phone, "chat-hidden-phone", full_page=False)

    # Shown again: every line, those that came while it was hidden too.
    a.goto(f"{server.url}/games/{game.pk}/")
    a.click("#chat-toggle")
    a.locator(".chat-line", has_text="still there?").wait_for()
    assert a.locator(".chat-line", has_text="**** good luck").is_visible()
    assert a.inner_text("#chat-toggle") == "Hide chat"
    shot(b, "chat-masked-desktop", full_page=False)
