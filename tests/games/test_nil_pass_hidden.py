"""The cards of a Nil pass are seen by their giver and their receiver alone: never by
the opponents or a spectator, nor by the receiver before both partners chose, in the
JSON API, the table page and every socket frame (JSON and HTML), during the pass and
after the exchange."""

import json
import re

import pytest
from django.test import Client

from games import frames
from games.engine import GameState, legal_actions
from games.engine.cards import cards_of as cards_in_mask
from games.models import Game
from games.selectors import game_snapshot
from games.services import play, tables
from tests.factories import UserFactory
from tests.games.nilpass import bid_until_passing, cards_of
from tests.helpers import card_codes_in

pytestmark = pytest.mark.django_db

VIEWERS = (0, 1, 2, 3, None)  # the four seats and a spectator


def may_see(state: GameState, seat: int | None) -> set[str]:
    """The cards a viewer may see: the cards played, and a seat's own hand with the cards
    it gave and, once both partners chose, the cards it received."""
    seen = set()
    for trick in [*state.tricks, state.current_trick, state.last_trick]:
        if trick is not None:
            seen |= {card.code for card in trick.cards}
    if seat is None:
        return seen
    seen |= {card.code for card in state.cards(seat)}
    mine, partners = state.passes[seat], state.passes[(seat + 2) % 4]
    for mask in (mine, partners if mine is not None else None):
        if mask is not None:
            seen |= {card.code for card in cards_in_mask(mask)}
    return seen


def html_cards(html: str) -> set[str]:
    """Every card code the HTML shows, as a card or as a word."""
    return set(re.findall(r"(?<![\w-])((?:[2-9TJQKA][CDHS])|[LB]J)(?![\w-])", html))


def check_every_view(game: Game, users: list, client: Client) -> None:
    game.refresh_from_db()
    state = game.engine_state
    snapshot = game_snapshot(game)
    push = frames.Push(snapshot)
    for seat in VIEWERS:
        allowed = may_see(state, seat)
        user = None if seat is None else users[seat]
        where = f"seat {seat} at version {game.version}"
        as_json = json.loads(push.frame(seat, json_format=True, invite=None, logged_in=True))
        assert card_codes_in(as_json) <= allowed, f"JSON frame of {where}"
        html = push.frame(seat, json_format=False, invite=None, logged_in=user is not None)
        assert html_cards(html) <= allowed, f"HTML frame of {where}"
        if user is None:
            client.logout()
        else:
            client.force_login(user)
        api = client.get(f"/api/games/{game.pk}").json()
        assert card_codes_in(api) <= allowed, f"API of {where}"
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert html_cards(page) <= allowed, f"page of {where}"


def test_passed_cards_stay_with_the_two_partners():
    users = UserFactory.create_batch(4)
    game = tables.game_create_seated(players=users, options={"nil_pass": 2})
    game = bid_until_passing(game, dict(enumerate(users)))
    client = Client()
    check_every_view(game, users, client)
    # Seat 2 chose: seat 0 (its receiver) may not see them yet, nobody else ever.
    two = cards_of(game, 2, 2)
    game = play.game_act(game_id=game.pk, user=users[2], data={"type": "nil_pass", "cards": two})
    check_every_view(game, users, client)
    nil_pass = game_snapshot(game)
    seat0 = frames.Push(nil_pass).payload(0)["view"]["nil_pass"]
    assert seat0["given"] is None and seat0["received"] is None and seat0["waiting"] == [0]
    seat2 = frames.Push(nil_pass).payload(2)["view"]["nil_pass"]
    assert seat2["given"] == two and seat2["received"] is None
    # Seat 0 chose: the cards change hands and play starts.
    zero = cards_of(game, 0, 2)
    game = play.game_act(game_id=game.pk, user=users[0], data={"type": "nil_pass", "cards": zero})
    check_every_view(game, users, client)
    # The first trick and the next lead: the exchanged cards still show only as played.
    for _ in range(5):
        state = game.engine_state
        card = legal_actions(state, state.turn)[0].card.code
        data = {"type": "play", "card": card}
        game = play.game_act(game_id=game.pk, user=users[state.turn], data=data)
    check_every_view(game, users, client)
