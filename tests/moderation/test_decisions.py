"""Moderators work the queue in the admin: a person's case, a decision on their reports
(told to the person in words, the reporters told only that it was handled), honoured by
chat, ranked play and events at once, and undone with a reason; every decision kept."""

import json
from datetime import timedelta

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from accounts.tokens import token_create
from config.asgi import application
from core.errors import Forbidden
from events.services import arenas
from games.services import chat
from leagues.services import tournaments
from moderation.models import Decision, Report
from moderation.services import decisions
from ranked.models import QueueEntry
from ranked.services import queue
from tests.events.factories import ArenaFactory
from tests.factories import PASSWORD, UserFactory
from tests.helpers import told
from tests.leagues.factories import TournamentFactory
from tests.moderation.factories import moderator, reported, table_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]


def decide(client, person, **form):
    return client.post(f"/admin/moderation/report/person/{person.pk}/", form, follow=True)


def test_a_mute_from_the_queue_is_told_honoured_and_undone():
    boss, ben, ada = moderator(), UserFactory(), UserFactory()
    game = table_of(ada, ben)
    report = reported(ben, ada, game=game, chat_message=game.chat.get(user=ben))
    client = Client()
    client.force_login(boss)
    queue_page = client.get("/admin/moderation/report/queue/").content.decode()
    assert ben.username in queue_page
    case = client.get(f"/admin/moderation/report/person/{ben.pk}/").content.decode()
    assert f"hello from {ben}" in case and "Abandonments" in case and "Rating history" in case

    response = decide(client, ben, kind="mute", minutes=60, reason="insults at table",
                      reports=[report.pk])  # fmt: skip
    assert response.redirect_chain[-1][0] == "/admin/moderation/report/queue/"
    report.refresh_from_db()
    assert report.status == "handled"
    mute = Decision.objects.get()
    assert (mute.subject, mute.moderator, mute.kind) == (ben, boss, "mute")
    (words,) = told(ben)
    assert words.startswith("A moderator muted your chat until") and "insults at table" in words
    assert told(ada) == [f"Your report about {ben} was handled. Thank you."]
    with pytest.raises(Forbidden, match=r"muted your chat until .*insults at table"):
        chat.chat_post(game_id=game.pk, user=ben, text="hi")
    # What the person reads, after a reload too.
    ben_client = Client()
    ben_client.force_login(ben)
    record = ben_client.get("/moderation/you/").content.decode()
    assert "Chat muted" in record and "insults at table" in record

    undo = client.post(f"/admin/moderation/decision/{mute.pk}/undo/", {"reason": "misread"})
    assert undo.status_code == 302
    mute.refresh_from_db()
    assert mute.undone_by == boss and mute.undo_reason == "misread"
    chat.chat_post(game_id=game.pk, user=ben, text="hi again")  # allowed again
    assert Decision.objects.count() == 1  # kept, undone


def test_a_bar_keeps_them_out_of_ranked_play_and_events():
    boss, ben = moderator(), UserFactory()
    queue.queue_join(user=ben, max_wait=60)
    decisions.decision_take(
        moderator=boss, subject=ben, kind="bar", reason="boosting", minutes=1440
    )
    assert not QueueEntry.objects.filter(user=ben).exists()  # taken out of the queue
    with pytest.raises(Forbidden, match="barred you from ranked play and events"):
        queue.queue_join(user=ben, max_wait=60)
    with pytest.raises(Forbidden, match="barred"):
        arenas.arena_join(user=ben, arena_id=ArenaFactory().pk)
    with pytest.raises(Forbidden, match="barred"):
        tournaments.tournament_register(tournament=TournamentFactory(), user=ben)
    # It ends by itself.
    Decision.objects.update(until=timezone.now() - timedelta(seconds=1))
    queue.queue_join(user=ben, max_wait=60)


def test_a_warning_must_be_acknowledged_and_a_rename_is_undone():
    boss, ben = moderator(), UserFactory(username="rudename")
    warning = decisions.decision_take(moderator=boss, subject=ben, kind="warn", reason="be kind")
    game = table_of(ben)
    with pytest.raises(Forbidden, match="acknowledge the warning"):
        chat.chat_post(game_id=game.pk, user=ben, text="hi")
    client = Client()
    client.force_login(ben)
    assert "I have read this warning" in client.get("/moderation/you/").content.decode()
    client.post(f"/moderation/warnings/{warning.pk}/acknowledge")
    chat.chat_post(game_id=game.pk, user=ben, text="hi")

    rename = decisions.decision_take(moderator=boss, subject=ben, kind="rename", reason="offensive")
    ben.refresh_from_db()
    assert ben.username == f"renamed-{ben.pk}" and rename.previous_username == "rudename"
    decisions.decision_undo(moderator=boss, decision_id=rename.pk, reason="appeal upheld")
    ben.refresh_from_db()
    assert ben.username == "rudename"

    # Renamed again, they choose a name of their own on their record.
    rename = decisions.decision_take(moderator=boss, subject=ben, kind="rename", reason="again")
    client.force_login(ben)
    assert "Choose your new username" in client.get("/moderation/you/").content.decode()
    url = f"/moderation/renames/{rename.pk}"
    for refused, words in (("rudename", "other than"), ("closed-3", "closed accounts")):
        page = client.post(url, {"username": refused}, follow=True).content.decode()
        assert words in page
    page = client.post(url, {"username": "kindname"}, follow=True).content.decode()
    assert "Your username is kindname now" in page
    ben.refresh_from_db()
    assert ben.username == "kindname"
    page = client.post(url, {"username": "other"}, follow=True).content.decode()
    assert "chose your new name already" in page


def test_refusals_change_nothing():
    boss, ben = moderator(), UserFactory()
    other = reported(UserFactory())
    cases = [
        (dict(kind="mute", reason="x", minutes=1), "5 minutes to a year"),
        (dict(kind="ban", reason="x"), "Choose a decision"),
        (dict(kind="warn", reason="  "), "Say why"),
        (dict(kind="dismiss", reason="x"), "Choose the reports"),
        (dict(kind="warn", reason="x", report_ids=[other.pk]), "not open reports about"),
    ]
    for fields, words in cases:
        with pytest.raises(Exception, match=words):
            decisions.decision_take(moderator=boss, subject=ben, **fields)
    with pytest.raises(Forbidden, match="Only moderators"):
        decisions.decision_take(
            moderator=UserFactory(is_staff=True), subject=ben, kind="warn", reason="x"
        )
    assert not Decision.objects.exists() and Report.objects.get().status == "open"


def test_no_moderation_page_for_anyone_but_moderators():
    ben = UserFactory()
    reported(ben)
    pages = ["/admin/moderation/report/queue/", f"/admin/moderation/report/person/{ben.pk}/",
             "/admin/moderation/report/"]  # fmt: skip
    staff = Client()
    staff.force_login(UserFactory(is_staff=True))
    for page in pages:
        assert staff.get(page).status_code == 403, page
    visitor = Client()
    visitor.force_login(UserFactory())
    for page in pages:
        assert visitor.get(page).status_code == 302, page  # to the admin's login


@pytest.mark.django_db(transaction=True)
async def test_a_mute_is_honoured_live_over_the_socket():
    from asgiref.sync import sync_to_async

    def at_a_table():
        ben = UserFactory()
        return ben, table_of(ben), token_create(user=ben)

    ben, game, token = await sync_to_async(at_a_table)()
    socket = WebsocketCommunicator(
        application,
        f"/ws/games/{game.pk}/?format=json&token={token}",
        headers=[(b"origin", b"http://testserver")],
    )
    connected, _ = await socket.connect()
    assert connected
    # Muted while their socket is open: the next line they send is refused.
    await sync_to_async(decisions.decision_take)(
        moderator=await sync_to_async(moderator)(), subject=ben, kind="mute", reason="spam",
        minutes=30,
    )  # fmt: skip
    await socket.send_to(text_data=json.dumps({"type": "chat", "text": "buy gold"}))
    frame = json.loads(await socket.receive_from())
    while frame["type"] != "error":
        frame = json.loads(await socket.receive_from())
    assert frame["status"] == 403 and "muted your chat until" in frame["error"]
    assert "spam" in frame["error"]
    await socket.disconnect()
    assert not await sync_to_async(game.chat.filter(text="buy gold").exists)()


def test_a_moderators_closing_holds_against_logging_in_and_is_undone_by_a_moderator():
    boss, ben = moderator(), UserFactory(username="spammer")
    closing = decisions.decision_take(moderator=boss, subject=ben, kind="close", reason="spam")
    ben.refresh_from_db()
    assert ben.closed_by_moderator and ben.username == f"closed-{ben.pk}"
    refused = Client().post("/accounts/login/", {"login": "spammer", "password": PASSWORD})
    assert refused.status_code == 403 and b"closed by a moderator" in refused.content
    decisions.decision_undo(moderator=boss, decision_id=closing.pk, reason="appeal upheld")
    ben.refresh_from_db()
    assert ben.closed_at is None and ben.username == "spammer" and ben.is_active
