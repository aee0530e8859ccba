"""A game's clock: the push after each write, turn deadlines and bot-move timers.

After a write commits: the push to every viewer, the turn deadline and the timer of a
bot's move, and the sweep that re-arms a lost one."""

from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import Exists, IntegerField, OuterRef, Q
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.utils import timezone

from games import events
from games.engine import PASSING, GameState, seats_to_act
from games.models import Game, Seat
from games.selectors import game_snapshot, seats_of


def plays_by_itself(seat: Seat) -> bool:
    """Does a bot act for this seat (its own, or one for an away person)?"""
    return bool(seat.bot_level) or seat.away


def deadline(
    game: Game,
    state: GameState,
    seats: list[Seat],
    previous: GameState | None,
    *,
    pause: float = 0.0,
):
    """When the person to act must have acted (their turn time after the table's pause);
    kept while the same turn goes on. The Nil pass is one turn of every seat that owes a
    pass: one deadline for the whole phase."""
    people = [seat for seat in seats_to_act(state) if not plays_by_itself(seats[seat])]
    if not people or not game.turn_seconds:
        return None  # no clock: a game without turn time waits for its players
    same_turn = (
        previous is not None
        and game.turn_deadline is not None
        and (previous.turn, previous.phase, previous.hand_number)
        == (state.turn, state.phase, state.hand_number)
        and len(previous.tricks) == len(state.tricks)
    )
    if same_turn:
        return game.turn_deadline  # e.g. another seat only looked at their cards
    return timezone.now() + timedelta(seconds=game.turn_seconds + pause)


def pause_after(previous: GameState, new: GameState) -> float:
    """How long the table rests after this action, so that every viewer sees a complete
    trick (TRICK_PAUSE) and the hand's result (HAND_PAUSE too) before play goes on."""
    if len(new.results) > len(previous.results):
        return settings.TRICK_PAUSE + settings.HAND_PAUSE
    if len(new.tricks) > len(previous.tricks):
        return settings.TRICK_PAUSE
    return 0.0


def game_refresh(*, game_id: int) -> None:
    """Pushes a game's page again to its viewers, for what the apps above changed about it
    (games.hooks.page_extras: e.g. the rating changes once a ranked game is rated)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is not None:
        events.game_changed(game_snapshot(game))


def after_commit(game: Game, seats: list[Seat], *, pause: float = 0.0) -> None:
    """Once the write commits: push the new state to every viewer and arm the next move
    (after the table's `pause`).

    Both are decided now, from the rows already in memory, to spare the database."""
    snapshot = game_snapshot(game, seats)
    bot_to_move = _bot_to_move(game, seats)
    # robust=True: with Redis away the write still stands and the caller still gets its
    # answer; Django logs the error and runs the other hooks. Every push is the full state,
    # so the next one makes a client whole, and `sweep_stuck_games` re-arms a lost bot move.
    transaction.on_commit(lambda: events.game_changed(snapshot), robust=True)
    if bot_to_move:
        game_id, version = game.pk, game.version
        transaction.on_commit(lambda: arm_bot_move(game_id, version, pause), robust=True)


def _bot_to_move(game: Game, seats: list[Seat]) -> bool:
    """Whether a bot (or a bot for an away person) acts next, or may act now in the Nil
    pass. A person's turn needs no task: `fire_turn_timeouts` watches the deadlines."""
    if game.status != Game.Status.PLAYING:
        return False
    if game.state["phase"] == PASSING:  # nobody's turn: every seat that still owes a pass
        return any(plays_by_itself(seats[seat]) for seat in seats_to_act(game.engine_state))
    return plays_by_itself(seats[game.state["turn"]])


def arm_bot_move(game_id: int, version: int, pause: float = 0.0) -> None:
    """The timer of a bot's move: the task `games.bot_move`, tagged with the version it
    was armed for, so that it does nothing once the game has moved on."""
    current_app.send_task(
        "games.bot_move", args=(game_id, version), countdown=settings.BOT_MOVE_DELAY + pause
    )


def schedule_next_move(game_id: int) -> None:
    """Arms the task for the bot that acts next in a game, tagged with its current version."""
    game = Game.objects.filter(pk=game_id).first()
    if game is not None and _bot_to_move(game, seats_of(game)):
        arm_bot_move(game.pk, game.version)


def sweep_stuck_games(*, grace_seconds: float | None = None) -> int:
    """Re-arms games whose bot move was lost (e.g. a broker restart); returns how many.

    Re-arming a game that was not stuck is harmless: the task of an old version does nothing.
    """
    grace = settings.SWEEP_GRACE_SECONDS if grace_seconds is None else grace_seconds
    cutoff = timezone.now() - timedelta(seconds=grace)
    # A game without a turn clock has no deadline while it waits for a person, either:
    # such a game is not stuck, and a day's worth of them must not be swept every tick.
    person_to_act = Exists(
        Seat.objects.filter(
            game_id=OuterRef("pk"), position=OuterRef("turn"), user__isnull=False, away=False
        )
    )
    stuck = list(
        Game.objects.filter(status=Game.Status.PLAYING, turn_deadline=None, updated_at__lt=cutoff)
        .annotate(turn=Cast(KeyTextTransform("turn", "state"), IntegerField()))
        .exclude(Q(turn_seconds=0) & Q(person_to_act))
        .values_list("pk", flat=True)
    )
    for game_id in stuck:
        schedule_next_move(game_id)
    return len(stuck)
