"""Acting in a game in play: people's moves, bots' moves, timeouts, away and back.

A person's move, a bot's, a move for a person who timed out or is away, and seats coming
back or released for good."""

import logging
import random
from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from core.errors import Conflict, Forbidden, Invalid, Refused
from games import rows, schemas, signals
from games.bots import get_bot
from games.engine import (
    BIDDING,
    FINISHED,
    Action as EngineAction,
    Bid,
    Card,
    GameState,
    IllegalAction,
    NilPass,
    action_to_dict,
    apply_action,
    seats_to_act,
    view_for,
)
from games.models import Action, Game, Hand, Seat
from games.selectors import seats_of
from games.services import clock, seating

logger = logging.getLogger(__name__)


TIMEOUT_BOT = "standard"  # plays for a person who timed out or is away


AWAY_AFTER_TIMEOUTS = 2


def check_act(
    game: Game, seat: Seat, action: EngineAction, expected_version: int | None
) -> GameState:
    """The state after `action`, or an error saying why not; changes nothing."""
    if game.status != Game.Status.PLAYING:
        raise Conflict("This game is over" if game.status == "finished" else "Not started yet")
    # A Nil pass is nobody's turn: the others' passes move the version on while a player
    # chooses, so a pass is refused only for being illegal, never for being stale.
    stale = expected_version is not None and expected_version != game.version
    if stale and type(action) is not NilPass:
        # Words for a player whose click was queued while offline (the game moved on).
        raise Conflict("The game moved on before your move arrived, so it was not played")
    try:
        return apply_action(game.engine_state, action)
    except IllegalAction as error:
        raise Invalid(str(error)) from None


ACTED_FIELDS = (
    "version",
    "state",
    "status",
    "winner",
    "finished_at",
    "turn_deadline",
    "updated_at",
)


def do_act(
    game: Game,
    seats: list[Seat],
    seat: Seat,
    action: EngineAction,
    new: GameState,
    source: str,
) -> Game:
    """Writes the action, the new state and any finished hands; events after commit.

    The caller holds the game's row lock, so versions cannot race; the unique
    (game, version) constraint is the last line of defence."""
    old_results = len(game.state["results"])
    previous = game.engine_state
    game.version = new.version
    rows.insert(
        Action(
            game=game,
            version=new.version,
            seat=seat.position,
            kind=type(action).__name__.lower(),
            payload=action_to_dict(action),
            source=source,
        )
    )
    Hand.objects.bulk_create(
        [
            Hand(
                game=game,
                number=result.hand_number,
                dealer=result.dealer,
                bids=list(result.bids),
                blind=list(result.blind),
                tricks=list(result.tricks),
                points=list(result.points),
                scores=list(result.scores),
                bags=list(result.bags),
                penalties=list(result.penalties),
                boston=list(result.boston),
                commitment=result.commitment,
                seed=result.seed.hex(),
            )
            for result in new.results[old_results:]
        ]
    )
    if source == Action.Source.PLAYER and (seat.away or seat.timeouts):
        seat.away, seat.timeouts = False, 0
        seat.save(update_fields=["away", "timeouts"])
    game.state = new.to_dict()
    pause = clock.pause_after(previous, new)
    if new.phase == FINISHED:  # winner None: a draw (a game of a fixed number of hands)
        game.status = Game.Status.FINISHED
        game.winner = new.winner
        game.finished_at = timezone.now()
        game.turn_deadline = None
        game_id = game.pk
        # robust: a receiver that cannot reach the broker must not hide the commit.
        transaction.on_commit(
            lambda: signals.game_finished.send_robust(sender=Game, game_id=game_id), robust=True
        )
    else:
        game.turn_deadline = clock.deadline(game, new, seats, previous, pause=pause)
    # Only what an action changes: the other columns (the ruleset's JSON too) stay unsent.
    rows.update(game, ACTED_FIELDS)
    clock.after_commit(game, seats, pause=pause)
    return game


@transaction.atomic
def game_act(*, game_id: int, user: User, data: dict, expected_version: int | None = None) -> Game:
    """A person's action, in the JSON form of the API and the WebSockets (checked by the
    engine once the seat is known)."""
    game = seating.game_lock(game_id)
    seats = seats_of(game)
    seat = next((seat for seat in seats if user.pk and seat.user_id == user.pk), None)
    if seat is None:
        raise Forbidden("You are not playing in this game")
    if seat.bot_level:
        raise Conflict("This game no longer counts: a bot plays your seat to its end")
    # Acting brings an away person back: not while they play at another table.
    if seat.away and (elsewhere := seating.plays_elsewhere(user, game)):
        raise Conflict(f"You play game {elsewhere.pk} now; a bot plays for you here")
    action = schemas.action(data, seat.position)
    new = check_act(game, seat, action, expected_version)
    return do_act(game, seats, seat, action, new, Action.Source.PLAYER)


def _bot_rng(game: Game) -> random.Random:
    # Seeded by the secret game seed and version: reproducible, yet not guessable.
    return random.Random(f"{game.seed}:{game.version}")


@transaction.atomic
def game_autoplay(*, game_id: int, version: int, timeout: bool) -> Game | None:
    """A bot's move (or a move for a person who timed out or is away) at `version`; when
    the deadline of a Nil pass has passed, the pass of every seat still owing one.

    Does nothing when the game has moved on: stale or repeated tasks are harmless.
    """
    game = seating.game_lock(game_id)
    if game.status != Game.Status.PLAYING or game.version != version:
        return None
    if timeout and (game.turn_deadline is None or timezone.now() < game.turn_deadline):
        return None  # not due (yet)
    state = game.engine_state
    seats = seats_of(game)
    acting = seats_to_act(state)
    if not timeout:
        # One move a task: the push after it re-arms the task of the next bot to act.
        acting = [position for position in acting if clock.plays_by_itself(seats[position])][:1]
    for position in acting:
        seat = seats[position]
        level, source = _stand_in(seat, timeout)
        action = _bot_action(level, source, view_for(state, position), game)
        state = apply_action(state, action)
        game = do_act(game, seats, seat, action, state, source)
    return game if acting else None


def _stand_in(seat: Seat, timeout: bool) -> tuple[str, str]:
    """Who acts for a seat that must act now: its bot, or the bot of a person who timed
    out (counted: twice in a row and they are away) or is away."""
    if seat.bot_level:
        return seat.bot_level, Action.Source.BOT
    if timeout:
        seat.timeouts += 1
        seat.away = seat.timeouts >= AWAY_AFTER_TIMEOUTS
        seat.save(update_fields=["timeouts", "away"])
        return TIMEOUT_BOT, Action.Source.TIMEOUT
    return TIMEOUT_BOT, Action.Source.AWAY


def _bot_action(level: str, source: str, view: dict, game: Game) -> EngineAction:
    """The bot's action on the seat's view, but for the moves RULES.md fixes: a person's
    missed Whiz bid is their spade count (Nil with none)."""
    seat, rules = view["seat"], game.rules
    if source != Action.Source.BOT and view["phase"] == BIDDING and rules.bidding == "whiz":
        return Bid(seat, max(choice["tricks"] for choice in view["legal"]))
    bot, rng = get_bot(level), _bot_rng(game)
    if view["legal"][0]["type"] != "nil_pass":
        return bot(view, rules, rng)
    # The bots' own pass choice is games.bots'; a bot that cannot choose one yet (it
    # refuses, or answers something else) gives its lowest cards.
    try:
        action = bot(view, rules, rng)
    except ValueError:
        action = None
    if type(action) is NilPass:
        return action
    held = sorted((Card.parse(code) for code in view["hand"]), key=_lowest_first)
    return NilPass(seat, tuple(held[: view["legal"][0]["count"]]))


def _lowest_first(card: Card) -> tuple[int, int]:
    return card.rank, card.index


@transaction.atomic
def seat_return(*, game_id: int, user: User) -> None:
    """A person who was away came back (reconnected): they play their own turns again,
    unless they sat down at another game meanwhile (then the bot plays on here)."""
    seating.people_lock([user.pk])
    game = seating.game_lock(game_id)
    seat = seating.seat_of(game, user)
    if seat is None or not (seat.away or seat.timeouts) or game.status != Game.Status.PLAYING:
        return
    if seat.bot_level:
        return  # released for good (seats_release)
    if seating.plays_elsewhere(user, game):
        return
    seat.away, seat.timeouts = False, 0
    seat.save(update_fields=["away", "timeouts"])
    seats = seats_of(game)
    game.turn_deadline = clock.deadline(game, game.engine_state, seats, previous=None)
    game.save(update_fields=["turn_deadline", "updated_at"])
    clock.after_commit(game, seats)


@transaction.atomic
def seats_release(*, game_id: int, user_ids: Iterable[int]) -> Game:
    """These people leave a game in play for good, because it no longer counts for them
    (a duplicate board their director averaged): a bot plays each of their seats to the
    end, and they cannot take it back (the seat stays theirs on the record). Leaves a
    game that is not in play as it is."""
    game = seating.game_lock(game_id)
    if game.status != Game.Status.PLAYING:
        return game
    ids = set(user_ids)
    seats = seats_of(game)
    for seat in seats:
        if seat.user_id in ids and not seat.bot_level:
            seat.away, seat.bot_level = True, TIMEOUT_BOT
            seat.save(update_fields=["away", "bot_level"])
    game.turn_deadline = clock.deadline(game, game.engine_state, seats, previous=None)
    game.save(update_fields=["turn_deadline", "updated_at"])
    clock.after_commit(game, seats)
    return game


def fire_turn_timeouts() -> int:
    """Plays for every person whose turn deadline has passed; returns how many.

    Run every second by beat: one indexed query instead of a timer task sent for every
    turn, which at hundreds of tables took an eighth of the web server's CPU."""
    due = Game.objects.filter(status=Game.Status.PLAYING, turn_deadline__lte=timezone.now())
    fired = 0
    for game_id, version in due.values_list("pk", "version"):
        try:
            fired += game_autoplay(game_id=game_id, version=version, timeout=True) is not None
        except Refused:
            pass  # the game moved on or is gone since the query
        except Exception:
            # One broken game must not hold up every other table's clock.
            logger.exception("Turn timeout failed in game %s", game_id)
    return fired
