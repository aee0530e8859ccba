"""Browser pages through Django's test client: lobby, table page, joining, rematch, verify."""

import re

import pytest

from games.engine import Ruleset, commitment, deal, hand_seed
from games.models import Game
from games.services import tables
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player_client(client, user):
    client.force_login(user)
    return client


def test_lobby_lists_open_tables_and_games_to_watch(client, user):
    waiting = tables.table_create(owner=user, bots={1: "random"})
    playing = tables.table_create(owner=UserFactory(), bots={1: "random", 2: "random", 3: "random"})
    tables.table_create(owner=UserFactory(), private=True)
    html = client.get("/play/").content.decode()
    assert f"/games/{waiting.pk}/" in html and f"/games/{playing.pk}/" in html
    assert html.count("/games/") == 2  # the private table is not listed
    partial = client.get("/play/", headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in partial and f"/games/{waiting.pk}/" in partial


def test_play_now_starts_a_game_against_three_bots_of_the_chosen_level(player_client, user):
    response = player_client.post("/play/now", {"level": "expert"})
    game = Game.objects.get()
    assert response.url == f"/games/{game.pk}/"
    assert game.status == "playing"
    assert [seat.bot_level for seat in game.seats.all()] == ["", "expert", "expert", "expert"]
    again = player_client.post("/play/now", {"level": "expert"}, follow=True)
    assert f"You are still playing game {game.pk}: finish it first" in again.content.decode()
    assert Game.objects.count() == 1  # one game at a time


def test_create_table_with_custom_rules_and_open_seats(player_client):
    response = player_client.post(
        "/play/create",
        {
            "preset": "custom",
            "turn_seconds": 45,
            "private": "on",
            "seat_1": "open",
            "seat_2": "standard",
            "seat_3": "open",
            "target_score": 250,
            "losing_score": "",
            "nil": "on",
            "blind_nil": "on",
            "suicide": "on",
        },
    )
    game = Game.objects.get()
    assert response.url == f"/games/{game.pk}/?invite={game.invite}"
    assert game.private and game.turn_seconds == 45 and game.status == "waiting"
    assert game.rules.target_score == 250 and game.rules.losing_score is None
    assert game.rules.suicide and game.rules.nil


def test_create_table_with_impossible_rules_explains_why(player_client):
    response = player_client.post(
        "/play/create",
        {"preset": "custom", "turn_seconds": 30, "seat_1": "open", "seat_2": "open",
         "seat_3": "open", "target_score": 100, "losing_score": 200},
    )  # fmt: skip
    assert response.status_code == 400
    assert "Losing score must be between -1000 and -50" in response.content.decode()
    assert not Game.objects.exists()


def _create_form(**changes):
    """What the lobby's form posts: the classic options it shows, and `changes`."""
    data = {"preset": "classic", "shown_preset": "classic", "turn_seconds": 30,
            "seat_1": "standard", "seat_2": "standard", "seat_3": "standard"}  # fmt: skip
    for name, value in Ruleset().to_dict().items():
        if value is True:
            data[name] = "on"
        elif value is not False:
            data[name] = value
    data.update(changes)
    return {name: value for name, value in data.items() if value is not None}


def test_an_option_changed_under_a_preset_is_played_as_custom_rules(player_client):
    player_client.post("/play/create", _create_form(target_score=250))
    game = Game.objects.get()
    assert game.rules.target_score == 250 and game.rules.losing_score == -200


def test_a_preset_chosen_without_touching_the_options_is_played_as_it_is(player_client):
    player_client.post("/play/create", _create_form(preset="quick"))
    assert Game.objects.get().rules == Ruleset.preset("quick")


def test_a_bad_option_is_explained_next_to_its_field_and_the_form_says_custom(player_client):
    response = player_client.post("/play/create", _create_form(target_score=50, bag_limit="x"))
    html = response.content.decode()
    assert response.status_code == 400 and not Game.objects.exists()
    target = html[html.index('name="target_score"') :]
    assert target.index("Target score must be between 100 and 1000") < target.index('name="nil"')
    assert "Bag limit must be a whole number" in html
    assert re.search(r'<option value="custom" selected>', html)
    assert 'href="/how-to-play/"' in html


def test_suicide_without_nil_is_explained_next_to_suicide(player_client):
    response = player_client.post("/play/create", _create_form(nil=None, suicide="on"))
    html = response.content.decode()
    suicide = html[html.index('name="suicide"') :]
    assert "Suicide needs Nil" in suicide and not Game.objects.exists()


def test_the_table_page_shows_my_cards_and_spectators_none(client, user):
    game = tables.table_create(owner=user, bots={1: "random", 2: "random", 3: "random"})
    state = game.engine_state
    mine = {card.code for card in state.cards(0)}

    client.force_login(user)
    html = client.get(f"/games/{game.pk}/").content.decode()
    shown = set(re.findall(r'data-card="(\w\w)"', html))
    assert shown == mine
    assert f'ws-connect="/ws/games/{game.pk}/"' in html

    client.logout()
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert re.findall(r'data-card="(\w\w)"', html) == []
    assert game.seed not in html


def test_private_games_need_the_invite_link(client, user):
    game = tables.table_create(owner=user, private=True)
    assert client.get(f"/games/{game.pk}/").status_code == 404
    page = client.get(f"/games/{game.pk}/?invite={game.invite}")
    assert page.status_code == 200
    assert f"/ws/games/{game.pk}/?invite={game.invite}" in page.content.decode()


def test_sit_here_joins_and_a_full_table_starts(client, user):
    game = tables.table_create(owner=user, bots={1: "random", 2: "random"})
    guest = UserFactory()
    client.force_login(guest)
    response = client.post(f"/games/{game.pk}/join", {"seat": "3"}, headers={"HX-Request": "true"})
    assert response.status_code == 204
    game.refresh_from_db()
    assert game.status == "playing" and game.seats.get(position=3).user == guest
    again = client.post(f"/games/{game.pk}/join", {"seat": "2"}, headers={"HX-Request": "true"})
    assert "already started" in again.content.decode()
    assert again["HX-Reswap"] == "none"


def test_rematch_gives_every_player_the_same_new_game(client, user):
    game = tables.table_create(owner=user, bots={1: "standard", 2: "expert", 3: "random"})
    client.force_login(user)
    refused = client.post(f"/games/{game.pk}/rematch")
    assert "not over yet" in refused.content.decode()
    Game.objects.filter(pk=game.pk).update(status="finished", winner=1)
    first = client.post(f"/games/{game.pk}/rematch")
    rematch = Game.objects.get(pk=game.pk).rematch
    assert first["HX-Redirect"] == f"/games/{rematch.pk}/"
    assert rematch.status == "playing" and rematch.seed != game.seed
    assert [(s.user_id, s.bot_level) for s in rematch.seats.all()] == [
        (s.user_id, s.bot_level) for s in game.seats.all()
    ]
    assert client.post(f"/games/{game.pk}/rematch")["HX-Redirect"] == first["HX-Redirect"]


def test_verify_shows_the_deal_of_a_revealed_seed(client):
    seed = hand_seed(b"verify me", 3)
    query = {"seed": seed.hex(), "commitment": commitment(seed), "dealer": 2, "deck": "standard"}
    html = client.get("/verify/", query).content.decode()
    assert "The seed matches the commitment" in html
    for cards in deal(seed, 2):
        for card in cards:
            assert f'title="{_label(str(card))}"' in html
    wrong = client.get("/verify/", {**query, "commitment": "0" * 64}).content.decode()
    assert "does not match" in wrong
    bad = client.get("/verify/", {**query, "seed": "zz" * 32}).content.decode()
    assert "64 hexadecimal characters" in bad


def _label(code: str) -> str:
    from games.presenters import card

    return card(code)["label"]
