"""The archive page, the replay page and the export API against games played to the end
by bots through the services: access rules, live games refused, filters and pages."""

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.db import connections

from games import archive
from games.engine import PRESETS
from games.history import FORMAT, imported_scores
from games.models import Game, Hand
from games.services import tables
from leagues.kinds import LEAGUE
from ranked.kinds import RANKED
from tests.factories import UserFactory
from tests.games.finished import finished_game
from tests.helpers import card_codes_in

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_exports_a_document_the_engine_replays_to_the_same_scores(client, preset):
    alice = UserFactory()
    game = finished_game([alice, "random", "random", "random"], preset=preset)
    client.force_login(alice)

    document = client.get(f"/api/games/{game.pk}/export").json()
    assert document["format"] == FORMAT and document["preset"] == preset
    assert document["seats"][0]["name"] == alice.username
    stored = [tuple(hand.scores) for hand in Hand.objects.filter(game=game).order_by("number")]
    assert imported_scores(document) == stored
    assert list(stored[-1]) == game.state["scores"] == document["scores"]
    assert [hand["seed"] for hand in document["hands"]] == [
        hand.seed for hand in Hand.objects.filter(game=game).order_by("number")
    ]
    assert game.seed not in json.dumps(document)

    page = client.get(f"/games/{game.pk}/replay")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="replay-data"' in html and 'class="score-sheet"' in html
    assert game.seed not in html
    assert f'href="/api/games/{game.pk}/export"' in html


def test_the_replay_writes_cards_and_bids_in_the_tables_words(client):
    alice = UserFactory()
    game = finished_game([alice, "random", "random", "random"])
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/replay")
    labels = page.context["labels"]
    document = page.context["document"]
    assert 'id="replay-labels"' in page.content.decode()
    first = document["hands"][0]
    dealt = {code for cards in first["deal"] for code in cards}
    assert dealt <= set(labels["cards"])
    assert len(dealt) == 52  # a classic deck: every card, the ten and the reds included
    assert {key: labels["cards"]["TS"][key] for key in ("rank", "suit", "color")} == {
        "rank": "10",
        "suit": "♠",
        "color": "black",
    }
    assert labels["cards"]["QH"]["color"] == "red"
    words = {None, "Nil", "Blind Nil", *(str(n) for n in range(1, 14))}
    assert len(labels["bids"]) == len(document["hands"])
    for hand, bids in zip(document["hands"], labels["bids"], strict=True):
        assert len(bids) == len(hand["bidding"]) and set(bids) <= words
        for entry, bid in zip(hand["bidding"], bids, strict=True):
            if entry["type"] == "bid" and entry["tricks"]:
                assert bid == str(entry["tricks"])
    assert [suit["symbol"] for suit in labels["suits"]] == ["♠", "♥", "♣", "♦"]


def test_a_game_in_play_has_no_replay_or_export_until_it_ends(client):
    alice = UserFactory()
    game = tables.game_create_seated(players=[alice, "random", "random", "random"])
    client.force_login(alice)

    page = client.get(f"/games/{game.pk}/replay")
    assert page.status_code == 409
    assert "not over yet" in page.content.decode()
    answer = client.get(f"/api/games/{game.pk}/export")
    assert answer.status_code == 409
    assert answer.json() == {
        "error": f"Game {game.pk} is not over yet: its replay and export open when it ends"
    }
    assert card_codes_in(answer.json()) == set()
    assert client.get(f"/u/{alice.username}/games").context["rows"] == []


def test_a_private_game_shows_only_to_its_players_and_invite_holders(client):
    alice, bob, eve = UserFactory(), UserFactory(), UserFactory()
    game = finished_game([alice, "random", bob, "random"], private=True)
    missing = Game.objects.order_by("-pk").first().pk + 1000

    client.force_login(eve)
    for game_id in (game.pk, missing):
        assert client.get(f"/games/{game_id}/replay").status_code == 404
        answer = client.get(f"/api/games/{game_id}/export")
        assert answer.status_code == 404
        assert answer.json() == {"error": f"There is no game {game_id}"}  # the same for both
    assert client.get(f"/u/{alice.username}/games").context["rows"] == []
    assert client.get(f"/games/{game.pk}/replay?invite={game.invite}").status_code == 200
    assert client.get(f"/api/games/{game.pk}/export?invite={game.invite}").status_code == 200
    client.logout()
    assert client.get(f"/u/{alice.username}/games").context["rows"] == []
    assert client.get(f"/api/games/{game.pk}/export").status_code == 404

    client.force_login(bob)  # a player sees it in his partner's archive too
    [row] = client.get(f"/u/{alice.username}/games").context["rows"]
    assert row["url"] == f"/games/{game.pk}/replay?invite={game.invite}"
    assert client.get(row["url"]).status_code == 200


def test_public_games_export_to_anyone_but_a_bad_token_is_refused(client):
    game = finished_game([UserFactory(), "random", "random", "random"])
    assert client.get(f"/api/games/{game.pk}/export").status_code == 200
    answer = client.get(f"/api/games/{game.pk}/export", HTTP_AUTHORIZATION="Bearer nope")
    assert answer.status_code == 401


def test_the_archive_lists_newest_first_filters_by_kind_and_result_and_pages(client, monkeypatch):
    alice = UserFactory()
    games = [finished_game([alice, "random", "random", "random"]) for _ in range(4)]
    base = games[0].finished_at
    for n, (game, kind) in enumerate(
        zip(games, ["casual", "ranked", "league", "tournament"], strict=True)
    ):
        Game.objects.filter(pk=game.pk).update(kind=kind, finished_at=base + timedelta(hours=n))
    won = {game.pk for game in games if game.winner == 0}  # alice sits at seat 0
    league = client.get(f"/u/{alice.username}/games?kind=league").context["rows"]
    assert [(row["id"], row["kind"]) for row in league] == [(games[2].pk, "League")]
    for result, expected in (("won", won), ("lost", {g.pk for g in games} - won)):
        rows = client.get(f"/u/{alice.username}/games?result={result}").context["rows"]
        assert {row["id"] for row in rows} == expected
        assert all(row["won"] == (result == "won") for row in rows)

    monkeypatch.setattr(archive, "PAGE_SIZE", 3)

    first = client.get(f"/u/{alice.username}/games")
    assert [row["id"] for row in first.context["rows"]] == [g.pk for g in games[::-1][:3]]
    second = client.get(f"/u/{alice.username}/games?page=2")
    assert [row["id"] for row in second.context["rows"]] == [games[0].pk]
    assert 'href="?page=1"' in second.content.decode()

    # htmx swaps the list alone, and the address shows the filters chosen.
    partial = client.get(f"/u/{alice.username}/games?kind=ranked&result=", HTTP_HX_REQUEST="true")
    assert partial.content.decode().lstrip().startswith('<section id="archive-list"')
    assert partial["HX-Push-Url"] == f"/u/{alice.username}/games?kind=ranked"
    assert client.get(f"/u/{alice.username}/games?kind=blitz").status_code == 400
    assert client.get("/u/nobody/games").status_code == 404


def test_the_profile_links_the_archive(client):
    alice = UserFactory()
    html = client.get(f"/u/{alice.username}/").content.decode()
    assert f'href="/u/{alice.username}/games"' in html


def test_seated_games_know_their_kind():
    ranked = tables.game_create_seated(players=["random"] * 4, ranked=True, kind=RANKED)
    league = tables.game_create_seated(players=["random"] * 4, kind=LEAGUE)
    casual = tables.game_create_seated(players=["random"] * 4)
    assert (ranked.kind, league.kind, casual.kind) == ("ranked", "league", "casual")


def lines_of(response) -> list[dict]:
    """The documents of an NDJSON answer, streamed as the server (ASGI) streams them: an
    async iterator, read in a thread of its own (a browser test's event loop may be
    running in this one)."""

    async def read() -> bytes:
        body = b"".join([chunk async for chunk in response.streaming_content])
        await sync_to_async(connections.close_all)()
        return body

    with ThreadPoolExecutor(1) as pool:
        body = pool.submit(asyncio.run, read()).result()
    return [json.loads(line) for line in body.decode().splitlines()]


@pytest.mark.django_db(transaction=True)
def test_the_games_of_a_player_stream_as_ndjson_page_by_page(client):
    alice = UserFactory()
    games = [finished_game([alice, "random", "random", "random"]) for _ in range(3)]
    hidden = finished_game([alice, "random", "random", "random"], private=True)
    tables.game_create_seated(players=["random"] * 4)  # not over: never listed
    # Two games finish at the same moment: the cursor still splits them cleanly.
    at = games[0].finished_at
    for game, moment in zip(games, [at, at + timedelta(1), at + timedelta(1)], strict=True):
        Game.objects.filter(pk=game.pk).update(finished_at=moment)
    Game.objects.filter(pk=hidden.pk).update(finished_at=at + timedelta(2))
    ids = [game.pk for game in games]
    url = f"/api/users/{alice.username}/games"

    first = client.get(url, {"limit": 2})
    assert first.status_code == 200 and first["Content-Type"] == "application/x-ndjson"
    assert [document["id"] for document in lines_of(first)] == ids[:2]
    link = first["Link"]
    assert link.startswith(f"<{url}?since=") and link.endswith('>; rel="next"')
    second = client.get(link[1 : link.index(">")])
    documents = lines_of(second)
    assert [document["id"] for document in documents] == ids[2:]
    assert "Link" not in second
    assert documents[0]["format"] == FORMAT and len(documents[0]["hands"]) >= 1

    since = Game.objects.get(pk=ids[1]).finished_at.isoformat()
    later = client.get(url, {"since": since})
    assert [document["id"] for document in lines_of(later)] == ids[1:]

    client.force_login(alice)
    mine = client.get(url)
    assert [document["id"] for document in lines_of(mine)] == [*ids, hidden.pk]


@pytest.mark.parametrize(
    ("query", "status", "error"),
    [
        ({"since": "yesterday"}, 400, "since must be an ISO 8601 time"),
        ({"since": "2026-13-45"}, 400, "since must be an ISO 8601 time"),
        ({"since": "0001-01-01T00:00:00+01:00"}, 400, "since must be an ISO 8601 time"),
        ({"limit": "0"}, 400, "limit must be a whole number from 1 to 100"),
        ({"limit": "101"}, 400, "limit must be a whole number from 1 to 100"),
        ({"limit": "ten"}, 400, "limit must be a whole number"),
        ({"after": "3"}, 400, "after needs since"),
    ],
)
def test_junk_in_the_listing_is_a_clear_400_in_json(client, query, status, error):
    alice = UserFactory()
    answer = client.get(f"/api/users/{alice.username}/games", query)
    assert answer.status_code == status
    assert answer.json()["error"].startswith(error)


def test_the_listing_of_nobody_is_a_404_in_json(client):
    answer = client.get("/api/users/nobody/games")
    assert answer.status_code == 404 and answer.json() == {"error": "There is no player nobody"}


def test_a_custom_solo_export_names_four_scores_and_a_seat_and_its_rules_play_again(client):
    """README "Game export format": Solo has four scores and a seat as winner; the export's
    `"preset": "custom"` and `ruleset` create the same rules through the API."""
    alice = UserFactory()
    rules = {"solo": True, "deck": "jokers", "target_score": 100}
    game = finished_game([alice, "random", "random", "random"], preset="classic", options=rules)
    client.force_login(alice)
    document = client.get(f"/api/games/{game.pk}/export").json()
    assert document["preset"] == "custom" and len(document["scores"]) == 4
    assert document["winner"] in range(4) and [s["team"] for s in document["seats"]] == [0, 1, 2, 3]
    body = {"preset": document["preset"], "options": document["ruleset"]}
    created = client.post("/api/tables", body, content_type="application/json")
    assert created.status_code == 201, created.json()
    again = client.get(f"/api/games/{created.json()['id']}").json()
    assert (again["preset"], again["ruleset"]) == ("custom", document["ruleset"])
