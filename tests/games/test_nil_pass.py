"""The Nil pass live (RULES.md "Variants", `nil_pass`): nobody's turn, any order, one
deadline for the whole phase, bots armed for their passes, and clear words for a bad
pass. The passed cards stay hidden from everyone but the two partners: tests/games/
test_nil_pass_hidden.py."""

from datetime import timedelta

import pytest
from celery import current_app
from django.utils import timezone

from core.errors import Conflict, Invalid
from games.consumers import _action_from_form
from games.engine import PASSING, PLAYING
from games.models import Action, Game
from games.services import clock, play, tables
from games.tasks import bot_move
from tests.factories import UserFactory
from tests.games.nilpass import bid_until_passing, cards_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    """Four people at a classic table that passes two cards, in its Nil pass: seat 0 bid
    Nil, so seats 0 and 2 owe a pass."""
    users = UserFactory.create_batch(4)
    game = tables.game_create_seated(players=users, options={"nil_pass": 2}, turn_seconds=30)
    game = bid_until_passing(game, dict(enumerate(users)))
    assert game.engine_state.turn is None
    return game, users


def test_passes_come_in_any_order_and_a_stale_version_does_not_refuse_one(people):
    game, users = people
    seen = game.version
    deadline = game.turn_deadline
    assert deadline is not None  # one deadline for the whole phase
    game = play.game_act(
        game_id=game.pk, user=users[2], data={"type": "nil_pass", "cards": cards_of(game, 2, 2)}
    )
    assert game.turn_deadline == deadline  # the same phase goes on
    given = cards_of(game, 0, 2)
    game = play.game_act(
        game_id=game.pk,
        user=users[0],
        data={"type": "nil_pass", "cards": given},
        expected_version=seen,  # seat 2's pass moved the version on meanwhile
    )
    state = game.engine_state
    assert state.phase == PLAYING and state.turn is not None
    assert set(given) <= {card.code for card in state.cards(2)}
    kinds = list(game.actions.filter(kind="nilpass").values_list("seat", "source"))
    assert kinds == [(2, "player"), (0, "player")]
    # Other moves are still refused for a stale version.
    with pytest.raises(Conflict, match="moved on"):
        play.game_act(
            game_id=game.pk, user=users[state.turn], data={"type": "look"}, expected_version=seen
        )


@pytest.mark.parametrize(
    ("seat", "cards", "message"),
    [
        (0, 1, "Pass exactly 2 cards"),
        (0, 3, "Pass exactly 2 cards"),
        (0, "other", "You do not have"),
        (0, "joker", "BJ is not a card in this game"),
        (0, ["ZZ", "AS"], "Not a card: 'ZZ'"),
        (0, "AS", "A nil_pass action needs 'cards': a list of card codes"),
        (1, 2, "You do not pass cards in this hand"),
    ],
)
def test_a_bad_pass_is_refused_saying_why(people, seat, cards, message):
    game, users = people
    if isinstance(cards, int):
        cards = cards_of(game, seat, cards)
    elif cards == "other":
        cards = [cards_of(game, 0, 1)[0], cards_of(game, 1, 1)[0]]
    elif cards == "joker":
        cards = [cards_of(game, 0, 1)[0], "BJ"]
    with pytest.raises(Invalid, match=message):
        play.game_act(game_id=game.pk, user=users[seat], data={"type": "nil_pass", "cards": cards})
    assert Game.objects.get(pk=game.pk).version == game.version


def test_passing_twice_or_outside_the_pass_is_refused(people):
    game, users = people
    data = {"type": "nil_pass", "cards": cards_of(game, 0, 2)}
    play.game_act(game_id=game.pk, user=users[0], data=data)
    with pytest.raises(Invalid, match="already passed"):
        play.game_act(game_id=game.pk, user=users[0], data=data)
    fresh = tables.game_create_seated(players=UserFactory.create_batch(4), options={"nil_pass": 2})
    first = fresh.engine_state.turn
    with pytest.raises(Invalid, match="no Nil pass now"):
        play.game_act(
            game_id=fresh.pk,
            user=fresh.seats.get(position=first).user,
            data={"type": "nil_pass", "cards": cards_of(fresh, first, 2)},
        )


def test_the_deadline_passes_for_every_seat_still_owing(people):
    game, users = people
    game = play.game_act(
        game_id=game.pk, user=users[0], data={"type": "nil_pass", "cards": cards_of(game, 0, 2)}
    )
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert play.fire_turn_timeouts() == 1
    game.refresh_from_db()
    assert game.engine_state.phase == PLAYING
    passes = list(game.actions.filter(kind="nilpass").values_list("seat", "source"))
    assert passes == [(0, "player"), (2, "timeout")]
    assert game.seats.get(position=2).timeouts == 1
    assert game.seats.get(position=0).timeouts == 0


def test_bots_passes_are_armed_again_after_a_persons_pass(
    monkeypatch, django_capture_on_commit_callbacks
):
    """In Suicide everyone passes: the bots' tasks are armed at each version, and a
    person's pass never leaves a bot that owes its pass without a live task."""
    armed = []
    monkeypatch.setattr(
        current_app, "send_task", lambda name, args, **options: armed.append(tuple(args))
    )
    alice = UserFactory()
    game = tables.game_create_seated(
        players=[alice, "standard", "random", "standard"],
        preset="suicide",
        options={"nil_pass": 1},
    )
    with django_capture_on_commit_callbacks(execute=True):
        game = bid_until_passing(game, {0: alice}, nil_seats=())
    assert armed[-1] == (game.pk, game.version)
    stale = game.version
    with django_capture_on_commit_callbacks(execute=True):
        game = play.game_act(
            game_id=game.pk, user=alice, data={"type": "nil_pass", "cards": cards_of(game, 0, 1)}
        )
    assert armed[-1] == (game.pk, game.version)
    bot_move(game.pk, stale)  # armed before alice's pass: does nothing now
    assert Game.objects.get(pk=game.pk).version == game.version
    while Game.objects.get(pk=game.pk).engine_state.phase == PASSING:
        task = armed[-1]
        with django_capture_on_commit_callbacks(execute=True):
            bot_move(*task)
        assert armed[-1] != task or Game.objects.get(pk=game.pk).engine_state.phase == PLAYING
    sources = set(Action.objects.filter(game=game, kind="nilpass").values_list("seat", "source"))
    assert sources == {(0, "player"), (1, "bot"), (2, "bot"), (3, "bot")}


def test_an_htmx_form_sends_one_checked_card_as_a_string():
    assert _action_from_form({"type": "nil_pass", "cards": "AS"}) == {
        "type": "nil_pass",
        "cards": ["AS"],
    }
    assert _action_from_form({"type": "nil_pass", "cards": ["AS", "KD"]})["cards"] == ["AS", "KD"]


def test_a_lost_bot_pass_is_armed_again_by_the_sweep(monkeypatch):
    armed = []
    monkeypatch.setattr(
        current_app, "send_task", lambda name, args, **options: armed.append(tuple(args))
    )
    game = tables.game_create_seated(
        players=["random"] * 4, preset="suicide", options={"nil_pass": 1}
    )
    while game.engine_state.phase != PASSING:
        game = play.game_autoplay(game_id=game.pk, version=game.version, timeout=False)
    long_ago = timezone.now() - timedelta(minutes=5)
    Game.objects.filter(pk=game.pk).update(updated_at=long_ago, turn_deadline=None)
    armed.clear()
    assert clock.sweep_stuck_games(grace_seconds=15) == 1
    assert armed == [(game.pk, game.version)]
