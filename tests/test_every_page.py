"""The guard over every page: each route of the URL resolver is asked for with GET, signed
out, signed in and as staff, with real objects behind its numbers and names (a live table, a
waiting private table, a finished game, a daily board, a club session, a club with a season,
a tournament, every admin model's latest row). No page, and no table HTML pushed over a
socket, may show template syntax or a Python repr.

A route must render (a 2xx) for someone, answer GET with 405 (a form's address), or be
listed in EXEMPT with the reason it renders nowhere here."""

import re
from html.parser import HTMLParser

import pytest
from django.apps import apps
from django.test import Client

from accounts.models import SharedSeat
from core.routes import site_routes
from duplicate.services import daily as daily_services
from events.services import arenas
from games import frames, selectors
from games.models import ChatMessage
from games.services import tables
from leagues.services import seasons
from moderation import botplays
from moderation.services import decisions, reports
from social import services as social
from tests.clubs.factories import club_with
from tests.duplicate.factories import create_session, play_round, step
from tests.duplicate.play import play_board
from tests.events.factories import ArenaFactory
from tests.factories import UserFactory
from tests.games.finished import finished_game
from tests.leagues.factories import (
    TournamentFactory,
    directors_group,
    partnership,
    season_with_teams,
)

pytestmark = pytest.mark.usefixtures("quiet_games")

EXEMPT = {
    "accounts/^confirm-email/(?P<key>[-:\\w]+)/$": "needs the key of a mail just sent",
    "accounts/^password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$": "needs a mail's key",
    "accounts/login/code/confirm/": "only after a login code was sent",
    "accounts/reauthenticate/": "only in the middle of a sensitive change",
    "accounts/password/set/": "only for an account without a password (all have one)",
    "daily/": "sends to today's page (daily/<day>/), which is walked",
    "api/verify": "needs a seed and its commitment in its query: tests/games/test_variant_pages.py",
    "admin/(?P<url>.*)$": "the admin's catch-all: any address it does not know",
    "admin/r/<path:content_type_id>/<path:object_id>/": "the admin's 'view on site' redirect",
    "admin/autocomplete/": "the admin's JSON for its own widgets, asked with their parameters",
    "admin/duplicate/session/<int64:pk>/average/": "confirms the average of the table and board "
    "in its query, for a board not played: rendered in tests/duplicate/test_sessions.py",
    **{
        f"admin/{model}/add/": "the site makes these: the admin offers no add form"
        for model in (
            "duplicate/event",
            "leagues/fixturedecision",
            "leagues/pairing",
            "leagues/round",
            "leagues/season",
            "moderation/decision",
            "moderation/report",
            "accounts/sharedseat",
            "accounts/differentpeople",
        )
    },
    **{
        f"admin/{model}/<path:object_id>/delete/": "kept for good: the audit trail"
        for model in (
            "moderation/decision",
            "moderation/report",
            "accounts/sharedseat",
            "accounts/differentpeople",
        )
    },
}
# Pages that answer everyone alike: asked for once (the health check waits on the worker).
ANYONE_ALIKE = {"healthz", "admin/login/"}


def roles_of(route: str) -> tuple[str, ...]:
    """Who asks for the route: the admin's pages are staff's (anyone else is sent to its
    sign-in page)."""
    if route in ANYONE_ALIKE:
        return ("signed out",)
    return ("staff",) if route.startswith("admin/") else ("signed out", "signed in", "staff")


# Routes whose page is an htmx partial: asked for as htmx asks (a plain visit redirects).
HTMX = {"ranked/queue"}
# Text that must never reach a reader: a template that did not parse, or an object printed.
TEMPLATE_SYNTAX = ("{#", "#}", "{%", "{{")
REPRS = ("<django.", "object at 0x")


@pytest.fixture
def world(db, settings):
    """Everything a route can name, around Ada, a player who is in all of it."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    staff = UserFactory(username="boss", is_staff=True, is_superuser=True)
    staff.groups.add(
        directors_group(), directors_group("duplicate.migrations.0003_session_directors")
    )
    ada = UserFactory()
    club, members = club_with(owner=ada, members=6)
    ben, cy = members[1], members[2]
    director = Client()
    director.force_login(staff)
    pairs = [
        {"direction": "ns", "team": "A", "user": ada.pk, "partner": members[3].pk},
        {"direction": "ew", "team": "A", "user": members[4].pk, "partner_bot": "standard"},
        {"direction": "ns", "team": "B", "user": members[5].pk, "partner": cy.pk},
        {"direction": "ew", "team": "B", "user": ben.pk, "partner_bot": "standard"},
    ]
    session = create_session(director, club, movement="teams", boards=4, per_round=2, pairs=pairs)
    step(director, session, "start")
    step(director, session, "round")
    session.refresh_from_db()
    play_round(session)  # its boards open to those who played them; the next round waits

    finished = finished_game([ada, "standard", cy, "standard"])
    befriend = social.friend_request_send(user=ben, other=ada)
    social.friend_request_answer(user=ada, request_id=befriend.pk, accept=True)
    asked = social.friend_request_send(user=cy, other=ada)
    waiting = tables.table_create(owner=ben, private=True)
    invitation = social.invitation_send(user=ben, other=ada, game_id=waiting.pk, position=2)

    daily = daily_services.daily_today()
    board = play_board(daily_services.daily_board_start(user=ada, day=daily.day, number=1).pk, ada)

    season = seasons.season_start(season=season_with_teams(club, ada, teams=2), admin=ada)
    tournament = TournamentFactory()
    entrant = partnership(tournament, ada, members[3])

    live = tables.table_create(owner=ada, bots={1: "standard", 2: "standard", 3: "standard"})
    arena = ArenaFactory()
    arenas.arena_join(user=ben, arena_id=arena.pk)

    line = ChatMessage.objects.create(game=finished, user=cy, text="a rude line")
    reports.report_create(reporter=ada, subject=members[3], reason="other", note="a note")
    reports.report_create(
        reporter=ada, subject=cy, reason="chat", game_id=finished.pk, chat_id=line.pk
    )
    warning = decisions.decision_take(moderator=staff, subject=ada, kind="warn", reason="be kind")
    # Cy logs in from Ben's browser and tries his arena: refused, and recorded.
    browser = Client()
    browser.force_login(ben)
    browser.get("/")
    browser.force_login(cy)
    browser.post(f"/arenas/{arena.pk}/join")
    assert SharedSeat.objects.filter(refused=True).exists()
    bot_card = botplays.bot_plays(finished)[0]["version"]
    bot_report = reports.report_create(
        reporter=ada, subject=None, reason="bot", game_id=finished.pk, version=bot_card
    )
    reports.report_create(reporter=ada, subject=None, reason="fairness", game_id=finished.pk)
    return {
        "people": {"signed out": None, "signed in": ada, "staff": staff},
        "games": [live, waiting, finished, board],
        "values": {
            "username": [ada.username, ben.username],
            "request_id": [asked.pk],
            "answer": ["accept"],
            "invitation_id": [invitation.pk],
            "code": [club.invite_code],
            "user_id": [members[3].pk],
            "season_id": [season.pk],
            "team_id": [season.teams.first().pk],
            "fixture_id": [season.fixtures.first().pk],
            "entrant_id": [entrant.pk],
            "day": [daily.day.isoformat()],
            "number": [1],
            "pk": [session.pk],
            "variant": ["jokers", "solo"],
            "arena_id": [arena.pk],
            "challenge_id": [1],  # its address only takes a form's POST
            "decision_id": [warning.pk],
            "report_id": [bot_report.pk],
        },
        "club": club,
        "tournament": tournament,
    }


def paths_of(route: str, world: dict) -> list[str]:
    """The route's addresses with real objects: one per game for a game's number (none for
    an admin model the world has no row of)."""
    names = re.findall(r"<(?:\w+:)?(\w+)>", route)
    if route.startswith("admin/") and not (names and set(names) <= ADMIN_VALUES):
        return admin_paths(route, names)
    values = {**world["values"], "game_id": [game.pk for game in world["games"]]}
    values["slug"] = [world["club" if route.startswith("clubs/") else "tournament"].slug]
    paths = ["/" + route]
    for name in names:
        paths = [
            re.sub(rf"<\w+:{name}>", str(value), path) for path in paths for value in values[name]
        ]
    return paths


# An admin page of the site's own (not a model's change page) named by these: the world's.
ADMIN_VALUES = {"user_id", "report_id", "decision_id"}


def admin_paths(route: str, names: list[str]) -> list[str]:
    """An admin address with its model's latest row for the object's number."""
    if "(?P<app_label>" in route:
        labels = re.search(r"\(\?P<app_label>([\w|]+)\)", route).group(1)
        return [f"/admin/{label}/" for label in labels.split("|")]
    if not names:
        return ["/" + route]
    app_label, model_name = route.split("/")[1:3]
    row = apps.get_model(app_label, model_name).objects.order_by("pk").last()
    return ["/" + re.sub(r"<(?:\w+:)?\w+>", str(row.pk), route)] if row else []


class Text(HTMLParser):
    """The text a reader sees: text nodes and attribute values, entities decoded."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.nodes: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.nodes.extend(value for _, value in attrs if value)

    def handle_data(self, data):
        if data.strip():
            self.nodes.append(data.strip())


def flaws(html: str) -> list[str]:
    """What a reader must never see in `html`."""
    found = [f"template syntax {mark!r}" for mark in TEMPLATE_SYNTAX if mark in html]
    text = Text()
    text.feed(html)
    for node in text.nodes:
        found += [f"a Python repr {node[:80]!r}" for mark in REPRS if mark in node]
        if node == "None":
            found.append("a bare None")
    return found


def test_every_page_and_table_push_is_free_of_template_syntax_and_python_reprs(world):
    # The admin's bare address of an object only redirects to its change page.
    routes = {
        r.route
        for r in site_routes()
        if not re.fullmatch(r"admin/\w+/\w+/<path:object_id>/", r.route)
    }
    assert not set(EXEMPT) - routes, f"exemptions of no route: {set(EXEMPT) - routes}"

    problems, answered = [], {}
    # A new client (no cookies) for each route and role, with one handler for them all: a
    # handler loads the middleware on its first request, where WhiteNoise lists every
    # static file (seconds, over the few hundred clients).
    handler = Client().handler
    for route in sorted(routes - set(EXEMPT)):
        for role, person in world["people"].items():
            if role not in roles_of(route):
                continue
            client = Client()
            client.handler = handler
            if person:
                client.force_login(person)
            for path in paths_of(route, world):
                response = client.get(path, headers={"HX-Request": "true"} if route in HTMX else {})
                answered.setdefault(route, set()).add(response.status_code)
                if response.status_code >= 500:
                    problems.append(f"{role} GET {path}: {response.status_code}")
                if response.get("Content-Type", "").startswith("text/html"):
                    problems += [f"{role} GET {path}: {f}" for f in flaws(response.text)]
    for route, statuses in answered.items():
        # A form's address answers a signed-in GET with 405.
        if not any(200 <= status < 300 for status in statuses) and 405 not in statuses:
            problems.append(f"/{route} renders for nobody ({sorted(statuses)}): exempt it?")
    problems += pushed_table_flaws(world)  # in the same test: the world takes seconds to make
    assert not problems, "\n".join(problems)


def pushed_table_flaws(world) -> list[str]:
    """The table HTML a socket pushes, to each seat and to onlookers, of every game."""
    problems = []
    for game in world["games"]:
        push = frames.Push(selectors.game_snapshot(game))
        for seat in (None, 0, 1, 2, 3):
            for logged_in in (False, True):
                html = push.frame(seat, json_format=False, invite=None, logged_in=logged_in)
                problems += [f"game {game.pk} seat {seat}: {f}" for f in flaws(html)]
    return problems


def test_the_guard_sees_what_it_guards_against():
    assert flaws("<p>{# a comment\n #}</p>") == ["template syntax '{#'", "template syntax '#}'"]
    assert flaws("<td>None</td><p>&lt;django.db.models.Q object at 0x7f&gt;</p>") == [
        "a bare None",
        "a Python repr '<django.db.models.Q object at 0x7f>'",
        "a Python repr '<django.db.models.Q object at 0x7f>'",
    ]
    assert flaws('<p title="Nonesuch">Nonetheless</p>') == []
