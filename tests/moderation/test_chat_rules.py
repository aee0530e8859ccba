"""The chat rules that need nobody, through the table's real socket (JSON and htmx, the one
way a chat line is posted) and the Django admin: words masked or refused, links from new
accounts refused, the moderators' edits seen by the next message."""

import json
import re
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from accounts.tokens import token_create
from config.asgi import application
from core.errors import Forbidden, Invalid
from games.models import ChatMessage, Game
from games.services import chat as game_chat, tables
from moderation.chat import NO_LINKS_YET, REFUSED_WORD
from moderation.models import BannedWord
from tests.factories import UserFactory
from tests.games.finished import play_as_if_present


def a_table(owner):
    return tables.table_create(owner=owner, bots={1: "random", 2: "random", 3: "random"})


def an_old_hand(games: int):
    """A person who joined two days ago and sat to the end of `games` games."""
    person = UserFactory(date_joined=timezone.now() - timedelta(days=2))
    for _ in range(games):
        game = tables.game_create_seated(players=[person, "random", "random", "random"])
        assert play_as_if_present(game).status == Game.Status.FINISHED
    return person


class Socket:
    """A person's socket to a table, in the JSON or the htmx format."""

    def __init__(self, game, token: str, *, json_format: bool):
        query = f"format=json&token={token}" if json_format else f"token={token}"
        self.json_format = json_format
        self.communicator = WebsocketCommunicator(
            application,
            f"/ws/games/{game.pk}/?{query}",
            headers=[(b"origin", b"http://testserver")],
        )

    async def __aenter__(self):
        connected, _ = await self.communicator.connect()
        assert connected
        await self.communicator.receive_from()  # the table as it is
        return self

    async def __aexit__(self, *exc):
        await self.communicator.disconnect()

    async def say(self, text: str) -> str:
        """The first answer to a chat line that is not a table push: the line as posted, or
        the refusal."""
        if self.json_format:
            await self.communicator.send_to(text_data=json.dumps({"type": "chat", "text": text}))
        else:  # htmx's ws-send: the form's values, and its own HEADERS
            frame = {"type": "chat", "text": text, "HEADERS": {"HX-Request": "true"}}
            await self.communicator.send_to(text_data=json.dumps(frame))
        while True:
            answer = await self.communicator.receive_from()
            if '"type": "state"' not in answer and 'id="table"' not in answer:
                return answer


async def _socket_setup(**word):
    person = await sync_to_async(UserFactory)()
    token = await sync_to_async(token_create)(user=person)
    game = await sync_to_async(a_table)(person)
    if word:
        await sync_to_async(BannedWord.objects.create)(**word)
    return person, token, game


@pytest.mark.django_db(transaction=True)
async def test_a_listed_word_is_masked_for_everyone_over_json_and_htmx():
    person, token, game = await _socket_setup(word="darn")
    async with Socket(game, token, json_format=True) as socket:
        answer = json.loads(await socket.say("you D.A.R.N bot, darned luck"))
    assert answer["type"] == "chat" and answer["user"] == person.username
    assert answer["text"] == "you ******* bot, darned luck"
    async with Socket(game, token, json_format=False) as socket:
        html = await socket.say("darn it")
    assert 'id="chat-log" hx-swap-oob="beforeend"' in html and "**** it" in html
    stored = await sync_to_async(list)(ChatMessage.objects.values_list("text", flat=True))
    assert stored == ["you ******* bot, darned luck", "**** it"]


@pytest.mark.django_db(transaction=True)
async def test_a_refusing_word_refuses_the_message_in_each_clients_format_and_posts_nothing():
    _, token, game = await _socket_setup(word="scum", refuse=True)
    async with Socket(game, token, json_format=True) as socket:
        error = json.loads(await socket.say("ＳＣＵＭ"))
    assert (error["type"], error["status"], error["error"]) == ("error", 400, REFUSED_WORD)
    async with Socket(game, token, json_format=False) as socket:
        toast = await socket.say("s c u m")
    assert 'class="toast"' in toast and REFUSED_WORD in toast
    assert not await sync_to_async(ChatMessage.objects.exists)()


@pytest.mark.django_db(transaction=True)
async def test_a_link_from_a_new_account_is_refused_over_the_socket():
    _, token, game = await _socket_setup()
    async with Socket(game, token, json_format=True) as socket:
        error = json.loads(await socket.say("free chips at chips.example/win"))
        assert error["type"] == "error" and error["status"] == 403
        assert error["error"] == NO_LINKS_YET
        assert json.loads(await socket.say("e.g. bid 3.5"))["type"] == "chat"
    assert await sync_to_async(list)(ChatMessage.objects.values_list("text", flat=True)) == [
        "e.g. bid 3.5"
    ]


@pytest.mark.django_db
@pytest.mark.usefixtures("quiet_games")
def test_links_wait_for_a_day_and_three_finished_games():
    veteran, two_games = an_old_hand(3), an_old_hand(2)
    newcomer = UserFactory()  # joined now
    game = a_table(veteran)
    # The newcomer sat to the end of the veteran's three games too.
    for finished in Game.objects.filter(seats__user=veteran, status=Game.Status.FINISHED):
        finished.seats.filter(position=1).update(user=newcomer, bot_level="")
    link = "see https://spades.example/rules"
    assert game_chat.chat_post(game_id=game.pk, user=veteran, text=link).text == link
    for person in (two_games, newcomer):  # three games but a new account; an old one, two
        with pytest.raises(Forbidden, match=NO_LINKS_YET):
            game_chat.chat_post(game_id=game.pk, user=person, text="www.spades.example")
    assert list(ChatMessage.objects.values_list("user", flat=True)) == [veteran.pk]


@pytest.mark.django_db
def test_the_admin_edits_the_list_and_the_next_message_sees_it(admin_user):
    admin = Client()
    admin.force_login(admin_user)
    person = UserFactory()
    game = a_table(person)

    def say(text: str) -> str:
        return game_chat.chat_post(game_id=game.pk, user=person, text=text).text

    assert say("heck no") == "heck no"
    response = admin.post("/admin/moderation/bannedword/add/", {"word": "heck", "refuse": ""})
    assert response.status_code == 302
    word = BannedWord.objects.get(word="heck")
    assert word.word == "heck" and not word.refuse and word.added_by == admin_user
    assert say("heck no") == "**** no"

    page = admin.get(f"/admin/moderation/bannedword/{word.pk}/change/")
    added_by = rf'<div class="readonly">(<a [^>]*>)?{admin_user.username}(</a>)?</div>'
    assert page.status_code == 200 and re.search(added_by, page.content.decode())
    admin.post(f"/admin/moderation/bannedword/{word.pk}/change/", {"word": "heck", "refuse": "on"})
    with pytest.raises(Invalid, match=re.escape(REFUSED_WORD)):
        say("HECK no")

    listing = admin.get("/admin/moderation/bannedword/", {"q": "hec"})
    assert listing.status_code == 200 and "heck" in listing.content.decode()
    admin.post(f"/admin/moderation/bannedword/{word.pk}/delete/", {"post": "yes"})
    assert not BannedWord.objects.filter(word="heck").exists()
    assert say("heck no") == "heck no"
    assert ChatMessage.objects.filter(user=person).count() == 3
