"""The chat rules that need nobody, through the table's real socket (JSON and htmx, the one
way a chat line is posted) and the Django admin: words masked or refused, links from new
accounts refused, the moderators' edits seen by the next message; the starter list a fresh
site has, what was typed kept for moderators only, and the same words kept out of names,
descriptions and report notes."""

import json
import re
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from accounts import services as account_services
from accounts.models import User
from accounts.tokens import token_create
from clubs import services as club_services
from clubs.models import Club, Membership
from config.asgi import application
from core.errors import Forbidden, Invalid
from events.models import Arena
from events.services import clubs as event_clubs
from games.models import ChatMessage, Game
from games.services import chat as game_chat, tables
from leagues.models import Season, Tournament
from leagues.services import seasons
from moderation.chat import NO_LINKS_YET, REFUSED_WORD
from moderation.models import AllowedWord, BannedWord, Report
from moderation.services import decisions
from tests.factories import UserFactory
from tests.games.finished import play_as_if_present
from tests.leagues.factories import season_with_teams
from tests.moderation.factories import moderator


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
            # A first line compiles the word list (the starter list: 0.1 s of CPU, more on
            # a busy machine): more than the communicator's default second to wait.
            answer = await self.communicator.receive_from(timeout=5)
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
        answer = json.loads(await socket.say("you D.A.R.N bot, darned luck, darling"))
    assert answer["type"] == "chat" and answer["user"] == person.username
    assert answer["text"] == "you ******* bot, ****** luck, darling"
    async with Socket(game, token, json_format=False) as socket:
        html = await socket.say("darn it")
    assert 'id="chat-log" hx-swap-oob="beforeend"' in html and "**** it" in html
    assert "D.A.R.N" not in json.dumps(answer) and "darn it" not in html
    stored = await sync_to_async(list)(ChatMessage.objects.values_list("text", "original"))
    assert stored == [
        ("you ******* bot, ****** luck, darling", "you D.A.R.N bot, darned luck, darling"),
        ("**** it", "darn it"),
    ]


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


@pytest.mark.django_db
def test_a_fresh_site_masks_and_refuses_the_worst_words_with_no_list_typed():
    """The starter list comes with the migrations: nobody has added a word."""
    assert not BannedWord.objects.exclude(added_by=None).exists()
    person = UserFactory()
    game = a_table(person)
    line = game_chat.chat_post(game_id=game.pk, user=person, text="fvck this, f*ck that")
    assert line.text == "**** this, **** that"
    for threat in ("kill  your self", "k i l l yourself", "you retarded bot"):
        with pytest.raises(Invalid, match=re.escape(REFUSED_WORD)):
            game_chat.chat_post(game_id=game.pk, user=person, text=threat)
    fine = "Dick Van Dyke bid nil in Scunthorpe"
    assert game_chat.chat_post(game_id=game.pk, user=person, text=fine).text == fine
    assert ChatMessage.objects.count() == 2


@pytest.mark.django_db
def test_what_was_typed_is_kept_for_moderators_only_and_erased_with_the_account(admin_user):
    ada, ben = UserFactory.create_batch(2)
    game = a_table(ada)
    line = game_chat.chat_post(game_id=game.pk, user=ada, text="  shit bid  ")
    assert (line.text, line.original) == ("**** bid", "shit bid")
    clean = game_chat.chat_post(game_id=game.pk, user=ada, text="gg")
    assert clean.original == ""  # nothing masked, nothing kept twice
    # Players see the masked line only: the table's page, and even the writer's download
    # (the socket's JSON and htmx: test_a_listed_word_is_masked_for_everyone_over_...).
    for viewer, url in ((ben, f"/games/{game.pk}/"), (ada, f"/u/{ada.username}/data")):
        player = Client()
        player.force_login(viewer)
        shown = player.get(url).content.decode()
        assert "**** bid" in shown and "shit" not in shown, url
    # The moderators' case page shows what was typed.
    Report.objects.create(reporter=ben, subject=ada, reason="chat", game=game, chat_message=line)
    moderator = Client()
    moderator.force_login(admin_user)
    case = moderator.get(f"/admin/moderation/report/person/{ada.pk}/").content.decode()
    assert "**** bid" in case and "typed: “shit bid”" in case
    closed = account_services.account_close(user=ada)
    account_services.accounts_erase_closed(now=closed.closed_at + timedelta(days=8))
    line.refresh_from_db()
    assert (line.text, line.original) == ("**** bid", "")


@pytest.mark.django_db
def test_names_descriptions_and_notes_with_a_listed_word_are_refused_and_nothing_saved():
    signup = Client().post(
        "/accounts/signup/",
        {"username": "fuck_you_all", "email": "f@example.com",
         "password1": "a-long-Secret-123", "password2": "a-long-Secret-123"},
    )  # fmt: skip
    assert signup.status_code == 200
    assert "A username contains a word this site does not allow" in signup.content.decode()
    assert not User.objects.filter(username="fuck_you_all").exists()

    owner = UserFactory()
    page = Client()
    page.force_login(owner)
    for form, what in (
        ({"name": "Shit Club", "public": "on"}, "A club&#x27;s name"),
        ({"name": "Nice Club", "description": "kill yourself", "public": "on"}, "description"),
    ):
        response = page.post("/clubs/", form)
        assert response.status_code == 400 and what in response.content.decode()
    assert not Club.objects.exists()
    club = club_services.club_create(owner=owner, name="Scunthorpe Spades", description="Sussex")
    with pytest.raises(Invalid, match="description contains a word"):
        club_services.club_update(club=club, admin=owner, description="a$$holes", public=True)
    starts_at = timezone.now() + timedelta(hours=1)
    with pytest.raises(Invalid, match="An arena's name contains a word"):
        event_clubs.club_arena_create(
            club=club, user=owner, name="Fvck Friday", preset="quick", starts_at=starts_at,
            minutes=45,
        )  # fmt: skip
    with pytest.raises(Invalid, match="A tournament's name contains a word"):
        event_clubs.club_swiss_create(
            club=club, user=owner, name="kys cup", preset="quick", starts_at=starts_at,
            rounds=3, hands=4,
        )  # fmt: skip
    with pytest.raises(Invalid, match="A season's name contains a word"):
        seasons.season_create(
            club=club, admin=owner, name="Bitch League", start_date=timezone.localdate()
        )
    club.refresh_from_db()
    assert club.description == "Sussex"
    assert not (Arena.objects.exists() or Tournament.objects.exists() or Season.objects.exists())
    season = season_with_teams(club, owner, 0)
    pair = UserFactory.create_batch(2)
    Membership.objects.bulk_create([Membership(club=club, user=person) for person in pair])
    with pytest.raises(Invalid, match="A team's name contains a word"):
        seasons.team_add(season=season, admin=owner, player_a=pair[0], player_b=pair[1],
                         name="The Wankers")  # fmt: skip
    assert not season.teams.exists()

    ben = UserFactory()
    status, answer = report_api(owner, {"username": ben.username, "reason": "chat",
                                        "note": "he said f*ck off"})  # fmt: skip
    assert status == 400 and "A note (the moderators read the reported chat itself)" in answer
    assert not Report.objects.exists()


def report_api(user, body) -> tuple[int, str]:
    response = Client().post(
        "/api/reports", json.dumps(body), content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token_create(user=user)}",
    )  # fmt: skip
    return response.status_code, response.json()["error"]


@pytest.mark.django_db
def test_a_rename_chosen_with_a_listed_word_is_refused():
    boss, ben = UserFactory(is_staff=True, is_superuser=True), UserFactory()
    rename = decisions.decision_take(moderator=boss, subject=ben, kind="rename", reason="rude")
    with pytest.raises(Invalid, match="A username contains a word"):
        decisions.rename_choose(user=ben, decision_id=rename.pk, username="Sh1tLord")
    ben.refresh_from_db()
    assert ben.username == f"renamed-{ben.pk}"
    decisions.rename_choose(user=ben, decision_id=rename.pk, username="Dick_from_Essex")


@pytest.mark.django_db
def test_moderators_edit_the_allowed_words_and_the_next_message_sees_them():
    staff = Client()
    staff.force_login(moderator())
    person = UserFactory()
    game = a_table(person)
    assert "Moby Dick" in staff.get("/admin/moderation/allowedword/").content.decode()
    assert game_chat.chat_post(game_id=game.pk, user=person, text="cock up").text == "**** up"
    response = staff.post("/admin/moderation/allowedword/add/", {"word": "cock up"})
    assert response.status_code == 302 and AllowedWord.objects.filter(word="cock up").exists()
    assert game_chat.chat_post(game_id=game.pk, user=person, text="cock up").text == "cock up"
