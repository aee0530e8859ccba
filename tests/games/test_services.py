"""Services that other apps build on (seated games, the game_finished signal) and the
clocks that keep games moving."""

from datetime import timedelta

import pytest
from celery import current_app
from django.utils import timezone

from core.errors import Refused
from games.models import Game
from games.selectors import game_payload, game_snapshot
from games.services import clock, play, tables
from games.signals import game_finished
from ranked.kinds import RANKED
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_seated_game_starts_at_once_with_people_and_bots():
    alice, bob = UserFactory(), UserFactory()
    game = tables.game_create_seated(
        players=[alice, "standard", bob, "expert"], ranked=True, kind=RANKED, turn_seconds=20
    )
    assert game.status == "playing" and game.ranked and game.turn_seconds == 20
    seats = [(s.user, s.bot_level) for s in game.seats.all()]
    assert seats == [(alice, ""), (None, "standard"), (bob, ""), (None, "expert")]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["random"] * 3, "exactly four players"),
        (["random", "random", "random", "genius"], "Unknown bot level 'genius'"),
    ],
)
def test_seated_games_refuse_bad_seats(players, message):
    with pytest.raises(Refused, match=message):
        tables.game_create_seated(players=players)


def test_one_person_cannot_take_two_seats():
    alice = UserFactory()
    with pytest.raises(Refused, match="only one seat"):
        tables.game_create_seated(players=[alice, "random", alice, "random"])


def test_the_end_of_a_game_is_signalled_after_commit(django_capture_on_commit_callbacks):
    finished = []

    def receiver(sender, game_id, **kwargs):
        finished.append(game_id)

    game_finished.connect(receiver)
    try:
        alice = UserFactory()
        game = tables.game_create_seated(
            players=[alice, "random", "random", "random"], preset="quick"
        )
        Game.objects.filter(pk=game.pk).update(turn_deadline=None)
        with django_capture_on_commit_callbacks(execute=True):
            while Game.objects.get(pk=game.pk).status == "playing":
                current = Game.objects.get(pk=game.pk)
                if current.seats.get(position=current.state["turn"]).user_id:
                    tables.table_leave(game_id=game.pk, user=alice)  # a bot takes over
                play.game_autoplay(game_id=game.pk, version=current.version, timeout=False)
        assert finished == [game.pk]
    finally:
        game_finished.disconnect(receiver)


def test_a_lost_bot_move_is_armed_again_and_a_persons_turn_is_left_to_the_clock(monkeypatch):
    armed = []
    monkeypatch.setattr(
        current_app, "send_task", lambda task, args, **options: armed.append((task, args))
    )
    bots = tables.game_create_seated(players=["random"] * 4)
    people = tables.game_create_seated(players=UserFactory.create_batch(4))
    long_ago = timezone.now() - timedelta(minutes=5)
    Game.objects.filter(pk__in=[bots.pk, people.pk]).update(updated_at=long_ago)
    armed.clear()
    assert clock.sweep_stuck_games(grace_seconds=15) == 1
    assert armed == [("games.bot_move", (bots.pk, bots.version))]


def test_the_table_pauses_after_a_trick_and_after_a_hand(
    settings, monkeypatch, django_capture_on_commit_callbacks
):
    """The bot move after a complete trick waits TRICK_PAUSE more, after a hand's end
    HAND_PAUSE too."""
    settings.BOT_MOVE_DELAY, settings.TRICK_PAUSE, settings.HAND_PAUSE = 0.5, 1.2, 5.0
    countdowns = []
    monkeypatch.setattr(
        current_app, "send_task", lambda name, args, countdown: countdowns.append(countdown)
    )
    game = tables.game_create_seated(players=["standard"] * 4)
    tricks = 0
    while not game.hands.exists():
        countdowns.clear()
        before = game.engine_state
        with django_capture_on_commit_callbacks(execute=True):
            game = play.game_autoplay(game_id=game.pk, version=game.version, timeout=False)
        after = game.engine_state
        if after.results:
            assert countdowns == [0.5 + 1.2 + 5.0]
        elif len(after.tricks) > len(before.tricks):
            assert countdowns == [0.5 + 1.2]
            tricks += 1
        else:
            assert countdowns == [0.5]
    assert tricks == 12


def test_a_persons_turn_time_starts_after_the_pause(settings):
    settings.TRICK_PAUSE, settings.HAND_PAUSE = 2.0, 10.0
    alice = UserFactory()
    game = tables.game_create_seated(players=[alice, "standard", "standard", "standard"])
    paused = 0
    while paused == 0:  # until alice leads after a trick she took
        before = game.engine_state
        if before.turn == 0:
            action = game_payload(game_snapshot(game), 0)["legal"][0]
            game = play.game_act(game_id=game.pk, user=alice, data=action)
        else:
            game = play.game_autoplay(game_id=game.pk, version=game.version, timeout=False)
        after = game.engine_state
        if after.turn != 0:
            continue
        left = (game.turn_deadline - timezone.now()).total_seconds()
        if len(after.results) > len(before.results):
            assert game.turn_seconds + 11 < left <= game.turn_seconds + 12
        elif len(after.tricks) > len(before.tricks):
            assert game.turn_seconds + 1 < left <= game.turn_seconds + 2
            paused += 1
        else:
            assert left <= game.turn_seconds


@pytest.mark.django_db
def test_changed_options_make_the_rules_custom_and_unchanged_ones_keep_the_preset():
    changed = tables.table_create(
        owner=UserFactory(), preset="classic", options={"target_score": 300}
    )
    same = tables.table_create(owner=UserFactory(), preset="classic", options={"target_score": 500})
    assert (changed.preset, changed.ruleset["target_score"]) == ("custom", 300)
    assert same.preset == "classic"
    payload = game_payload(game_snapshot(changed), None)
    assert payload["preset"] == "custom"
