"""The arena's pages and its JSON API: join with one click, the live part that sends a
seated person to their game, the standings and the podium; clear refusals that change
nothing, and a club's event forms fuzzed with any date and size."""

import json
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone
from hypothesis import given, strategies as st

from accounts.tokens import token_create
from events.models import Arena, ArenaPlayer, BattleChallenge
from events.services import arenas, results, seating
from leagues.models import Tournament
from tests.addresses import address_for
from tests.clubs.factories import club_with
from tests.events.factories import ArenaFactory
from tests.factories import UserFactory
from tests.fuzz import (  # noqa: F401 (the fixture, pytest finds it here)
    EXAMPLES,
    FIVE_XX,
    FORM_DATES,
    FORM_NUMBERS,
    SENT,
    Breaches,
    cause,
    examples,
    fuzz_counts,
    fuzzing,
    rolled_back,
    short,
    table_rows,
)
from tests.games.finished import play_as_if_present

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]
# A post schedules an event and tells the members: fewer examples than an API test.
FORMS = fuzzing(max(1, EXAMPLES // 6))


def api(method, path, token=None, body=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    client = Client(REMOTE_ADDR=address_for(token or ""))  # each person at their own address
    if method == "GET":
        return client.get(path, headers=headers)
    return client.post(
        path, json.dumps(body or {}), content_type="application/json", headers=headers
    )


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_list_shows_live_upcoming_and_finished_arenas():
    now = timezone.now()
    live = ArenaFactory(name="Hourly Quick")
    soon = ArenaFactory(name="Evening Jokers", preset="jokers", starts_at=now + timedelta(hours=2))
    yesterday = now - timedelta(days=1)
    ArenaFactory(name="Yesterday's", starts_at=yesterday, ends_at=yesterday + timedelta(hours=1))
    page = Client().get("/arenas/").content.decode()
    assert page.index("Hourly Quick") < page.index("Evening Jokers") < page.index("Yesterday")
    listed = api("GET", "/api/arenas").json()
    assert [arena["name"] for arena in listed["live"]] == [live.name]
    assert listed["upcoming"][0]["id"] == soon.pk and listed["upcoming"][0]["state"] == "upcoming"
    assert listed["finished"][0]["state"] == "finished"


def test_the_lobbys_arenas_count_down_and_are_read_again_without_the_page():
    now = timezone.now()
    soon = ArenaFactory(name="Evening Jokers", starts_at=now + timedelta(minutes=4))
    lobby = Client().get("/play/").content.decode()
    panels = lobby[lobby.index('id="lobby-events"') : lobby.index('id="lobby-tables"')]
    # The start counts down in the browser (site.js); its end asks the panels again.
    assert f'data-counts-to="{soon.starts_at.isoformat()}">in 4 minutes<' in panels
    assert 'hx-trigger="every 20s, counted-down"' in panels

    # The start has come: what the panels' poll reads says so (and nothing of the tables).
    ArenaFactory._meta.model.objects.filter(pk=soon.pk).update(starts_at=now)
    polled = Client().get("/play/", headers={"HX-Request": "true", "HX-Target": "lobby-events"})
    html = polled.content.decode()
    assert "Evening Jokers" in html and '<span class="chip live">live</span> ends' in html
    assert "Open tables" not in html and "lobby-tables" not in html


def test_join_with_one_click_then_the_live_part_sends_the_seated_person_to_their_game():
    arena = ArenaFactory()
    ada = UserFactory()
    client = signed_in(ada)
    page = client.get(f"/arenas/{arena.pk}/").content.decode()
    assert "Join the arena" in page and "Nobody has joined yet" in page
    box = client.post(f"/arenas/{arena.pk}/join", headers={"HX-Request": "true"}).content.decode()
    assert "Waiting for your table" in box and "Leave the arena" in box
    for person in UserFactory.create_batch(3):
        arenas.arena_join(user=person, arena_id=arena.pk)
    (game,) = seating.arena_seat(arena.pk, now=timezone.now())
    polled = client.get(f"/arenas/{arena.pk}/", headers={"HX-Request": "true"})
    assert polled["HX-Redirect"] == f"/games/{game.pk}/"
    assert "Go to your game" in client.get(f"/arenas/{arena.pk}/").content.decode()
    play_as_if_present(game)
    results.record_game(game_id=game.pk)
    game_page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Back to the arena" in game_page
    page = client.get(f"/arenas/{arena.pk}/").content.decode()
    assert f"/games/{game.pk}/" in page and "counted" in page  # your games


def test_a_refusal_is_shown_in_the_box_and_changes_nothing():
    arena = ArenaFactory()
    ada = UserFactory()
    client = signed_in(ada)
    client.post(f"/arenas/{arena.pk}/join", headers={"HX-Request": "true"})
    again = client.post(f"/arenas/{arena.pk}/join", headers={"HX-Request": "true"})
    assert again.status_code == 200 and "You are in this arena already" in again.content.decode()
    assert ArenaPlayer.objects.count() == 1
    assert Client().post(f"/arenas/{arena.pk}/join").status_code == 302  # to log in
    assert client.post("/arenas/999999/join").status_code == 404


def test_the_finished_arena_shows_its_podium_and_the_games_that_did_not_count():
    arena = ArenaFactory()
    people = UserFactory.create_batch(4)
    for person in people:
        arenas.arena_join(user=person, arena_id=arena.pk)
    (game,) = seating.arena_seat(arena.pk, now=timezone.now())
    game = play_as_if_present(game)
    results.record_game(game_id=game.pk)
    assert len(seating.arena_seat(arena.pk, now=timezone.now())) == 1  # runs past the end
    arena.starts_at, arena.ends_at = timezone.now() - timedelta(hours=1), timezone.now()
    arena.save()
    page = Client().get(f"/arenas/{arena.pk}/").content.decode()
    assert "Podium" in page and "1 game still running when the arena ended does not count" in page
    winners = [seat.user.username for seat in game.seats.all() if seat.position % 2 == game.winner]
    podium = page[page.index('class="podium"') :]
    assert podium.index(winners[0]) < podium.index("</ol>")
    assert "Join" not in page[page.index("arena-me") : page.index("Podium")]
    # The two winners tie on points and games: who joined first is first.
    places = []
    for name in winners:
        profile = Client().get(f"/u/{name}/").content.decode()
        assert "Arena trophies" in profile and f'href="/arenas/{arena.pk}/"' in profile
        places += [word for word in ("1st in", "2nd in") if word in profile]
    assert sorted(places) == ["1st in", "2nd in"]
    loser = next(person for person in people if person.username not in winners)
    assert "Arena trophies" not in Client().get(f"/u/{loser.username}/").content.decode()


def test_the_api_joins_leaves_and_shows_standings_and_a_persons_games():
    arena = ArenaFactory()
    people = UserFactory.create_batch(4)
    tokens = [token_create(user=person) for person in people]
    for token in tokens:
        assert api("POST", f"/api/arenas/{arena.pk}/join", token).status_code == 200
    twice = api("POST", f"/api/arenas/{arena.pk}/join", tokens[0])
    assert twice.status_code == 409 and twice.json()["error"] == "You are in this arena already"
    assert api("POST", "/api/arenas/999999/join", tokens[0]).status_code == 404
    assert api("POST", f"/api/arenas/{arena.pk}/join").status_code == 401
    (game,) = seating.arena_seat(arena.pk, now=timezone.now())
    state = api("GET", f"/api/arenas/{arena.pk}", tokens[0]).json()
    assert state["game"]["id"] == game.pk and state["waiting"] is False
    game = play_as_if_present(game)
    results.record_game(game_id=game.pk)
    state = api("GET", f"/api/arenas/{arena.pk}", tokens[0]).json()
    assert [row["points"] for row in state["standings"]] == [2, 2, 0, 0]
    assert state["me"]["games"] == 1 and state["waiting"] is True
    games = api("GET", f"/api/arenas/{arena.pk}/games/{people[0].username}").json()
    assert games == {
        "username": people[0].username,
        "games": [{"id": game.pk, "url": f"/games/{game.pk}/", "status": "counted"}],
    }
    left = api("POST", f"/api/arenas/{arena.pk}/leave", tokens[0]).json()
    assert left["me"]["active"] is False and left["waiting"] is False


def test_leaving_an_ended_arena_answers_409_and_the_page_says_why():
    arena = ArenaFactory()
    ada = UserFactory()
    token = token_create(user=ada)
    assert api("POST", f"/api/arenas/{arena.pk}/join", token).status_code == 200
    past = timezone.now() - timedelta(minutes=1)
    arena.starts_at, arena.ends_at = past - timedelta(hours=1), past
    arena.save()
    left = api("POST", f"/api/arenas/{arena.pk}/leave", token)
    assert left.status_code == 409
    assert left.json()["error"] == "This arena has ended: its standings are final"
    box = signed_in(ada).post(f"/arenas/{arena.pk}/leave", headers={"HX-Request": "true"})
    assert "This arena has ended: its standings are final" in box.content.decode()
    assert "(left)" not in box.content.decode()
    assert ArenaPlayer.objects.get(user=ada).active


CLUB_FORMS = {
    "arenas": ("preset", "starts_at", "minutes"),
    "swiss": ("preset", "starts_at", "rounds", "hands"),
    "battles": ("other", "preset", "starts_at", "minutes", "top"),
}


@pytest.fixture
def clubs_world():
    red, _ = club_with(members=1)
    blue, _ = club_with(members=1)
    client = Client(raise_request_exception=False)
    client.force_login(red.memberships.get(role="owner").user)
    return {"red": red, "blue": blue, "client": client}


def club_events() -> tuple:
    return table_rows((Arena, ()), (BattleChallenge, ()), (Tournament, ()))


@FORMS
@examples(form=list(CLUB_FORMS), starts_at="9999-12-31T23:59", number="10", preset="quick")
@given(
    form=st.sampled_from(list(CLUB_FORMS)),
    starts_at=FORM_DATES,
    number=FORM_NUMBERS,
    preset=st.sampled_from(["quick", "classic", "nope", ""]),
)
def test_fuzz_club_event_forms_with_any_date_and_size(clubs_world, form, starts_at, number, preset):
    """Nothing a club's event forms are sent answers 5xx, and a refusal makes nothing."""
    red, blue, client = clubs_world["red"], clubs_world["blue"], clubs_world["client"]
    values = {"preset": preset, "starts_at": starts_at, "other": blue.name}
    data = {field: values.get(field, number) for field in CLUB_FORMS[form]}
    endpoint = f"POST /clubs/<slug>/{form}/new"
    breaches = Breaches()
    with rolled_back():
        before = club_events()
        client.cookies.pop("messages", None)  # only this post's message is read
        answer = client.post(f"/clubs/{red.slug}/{form}/new", data)
        SENT[endpoint] += 1
        if answer.status_code >= 500:
            FIVE_XX[endpoint] += 1
            breaches.add(f"{endpoint}: {answer.status_code}{cause(answer.exc_info)}", short(data))
        refused = any(m.level_tag == "error" for m in get_messages(answer.wsgi_request))
        if refused and club_events() != before:
            breaches.add(f"{endpoint}: a refusal changed something", short(data))
    breaches.assert_none()
