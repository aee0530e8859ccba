"""Every write to a game, as check_/do_ pairs: one locked transaction per write, events
and timers only after commit. Views, consumers and tasks call these and nothing else."""

import logging
import random
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import events, signals
from games.bots import LEVELS as BOT_LEVELS, get_bot
from games.engine import (
    Action as EngineAction,
    GameState,
    IllegalAction,
    Ruleset,
    action_from_dict,
    action_to_dict,
    apply_action,
    new_game,
    view_for,
)
from games.models import Action, ChatMessage, Game, Hand, Seat
from games.selectors import game_snapshot, seats_of

logger = logging.getLogger(__name__)

TIMEOUT_BOT = "standard"  # plays for a person who timed out or is away
AWAY_AFTER_TIMEOUTS = 2
TURN_SECONDS_RANGE = (5, 600)
CHAT_RATE = (5, 10)  # at most 5 messages per 10 seconds per person and table


class GameError(Exception):
    """A refused request; `status` is the HTTP status the API answers with."""

    status = 400


class NotFound(GameError):
    status = 404


class Forbidden(GameError):
    status = 403


class Conflict(GameError):
    status = 409


# Reading and locking


def game_lock(game_id: int) -> Game:
    """The game row, locked until the transaction ends (writers queue up here)."""
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound(f"There is no game {game_id}") from None


def seat_of(game: Game, user: User | None) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return game.seats.filter(user=user).first()


# Creating and joining tables


def _check_ruleset(preset: str, options: object) -> Ruleset:
    try:
        base = Ruleset.preset(preset)
        if options in (None, {}):
            return base
        if not isinstance(options, dict):
            raise ValueError("options must be an object of ruleset options")
        return Ruleset.from_dict({**base.to_dict(), **options})
    except (ValueError, TypeError) as error:
        raise GameError(str(error)) from None


def _check_bots(bots: object) -> dict[int, str]:
    if bots in (None, {}):
        return {}
    if not isinstance(bots, dict):
        raise GameError('bots must be an object like {"1": "standard"}')
    checked = {}
    for key, level in bots.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else key
        if type(seat) is not int or seat not in (1, 2, 3):
            raise GameError(f"Bots can sit at seats 1, 2 and 3 (the creator takes 0), not {key!r}")
        if level not in BOT_LEVELS:
            raise GameError(f"Unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
        checked[seat] = level
    return checked


def check_table_create(
    *, preset: str, options: object, bots: object, private: object, turn_seconds: object
) -> tuple[Ruleset, dict[int, str]]:
    ruleset = _check_ruleset(preset, options)
    if type(private) is not bool:
        raise GameError("private must be true or false")
    low, high = TURN_SECONDS_RANGE
    if type(turn_seconds) is not int or not low <= turn_seconds <= high:
        raise GameError(f"turn_seconds must be a whole number from {low} to {high}")
    return ruleset, _check_bots(bots)


@transaction.atomic
def table_create(
    *,
    owner: User,
    preset: str = "classic",
    options: object = None,
    bots: object = None,
    private: bool = False,
    turn_seconds: int = 30,
) -> Game:
    """A new table: the owner at seat 0, the given bots, the rest open."""
    ruleset, bot_seats = check_table_create(
        preset=preset, options=options, bots=bots, private=private, turn_seconds=turn_seconds
    )
    return _game_open(
        [(owner.pk, "")] + [(None, bot_seats.get(position, "")) for position in (1, 2, 3)],
        preset=preset,
        ruleset=ruleset.to_dict(),
        private=private,
        turn_seconds=turn_seconds,
        created_by=owner,
    )


@transaction.atomic
def game_create_seated(
    *,
    players: list[User | str],
    preset: str = "classic",
    options: object = None,
    turn_seconds: int = 30,
    private: bool = False,
    ranked: bool = False,
    created_by: User | None = None,
) -> Game:
    """A game that starts at once with `players` at seats 0..3 (a User, or a bot level).

    For matchmaking, leagues and tournaments, which decide the seats themselves."""
    ruleset, _ = check_table_create(
        preset=preset, options=options, bots=None, private=private, turn_seconds=turn_seconds
    )
    if len(players) != 4:
        raise GameError("A game needs exactly four players")
    for player in players:
        if isinstance(player, str) and player not in BOT_LEVELS:
            raise GameError(f"Unknown bot level {player!r}")
    people = [player.pk for player in players if not isinstance(player, str)]
    if len(set(people)) != len(people):
        raise GameError("A person can take only one seat")
    return _game_open(
        [(None, player) if isinstance(player, str) else (player.pk, "") for player in players],
        preset=preset,
        ruleset=ruleset.to_dict(),
        private=private,
        ranked=ranked,
        turn_seconds=turn_seconds,
        created_by=created_by,
    )


def _game_open(seated: list[tuple[int | None, str]], **fields) -> Game:
    """A new game with seats 0..3 given as (user id, bot level), (None, "") for an open
    seat; it starts at once when all four are taken."""
    game = Game.objects.create(**fields)
    Seat.objects.bulk_create(
        Seat(game=game, position=position, user_id=user_id, bot_level=bot_level)
        for position, (user_id, bot_level) in enumerate(seated)
    )
    seats = seats_of(game)
    _start_if_full(game, seats)
    _after_commit(game, seats)
    return game


def check_table_join(game: Game, user: User, position: object, invite: object) -> Seat:
    if game.status != Game.Status.WAITING:
        raise Conflict("This game has already started")
    if game.private and invite != game.invite and game.created_by_id != user.pk:
        raise Forbidden("This table is private: you need its invite link")
    if game.seats.filter(user=user).exists():
        raise Conflict("You already have a seat at this table")
    if type(position) is not int or not 0 <= position < 4:
        raise GameError("seat must be a whole number from 0 to 3")
    seat = game.seats.get(position=position)
    if seat.taken:
        raise Conflict(f"Seat {position} is taken")
    return seat


@transaction.atomic
def table_join(*, game_id: int, user: User, seat: object, invite: object = None) -> Game:
    game = game_lock(game_id)
    taken = check_table_join(game, user, seat, invite)
    taken.user = user
    taken.save(update_fields=["user"])
    seats = seats_of(game)
    _start_if_full(game, seats)
    _after_commit(game, seats)
    return game


@transaction.atomic
def table_leave(*, game_id: int, user: User) -> Game:
    """Before the start the seat opens again; during play a bot takes over at once."""
    game = game_lock(game_id)
    seat = seat_of(game, user)
    if seat is None:
        raise Forbidden("You are not seated at this table")
    if game.status == Game.Status.FINISHED:
        raise Conflict("This game is over")
    if game.status == Game.Status.WAITING:
        seat.user = None
        seat.save(update_fields=["user"])
        if not game.seats.filter(user__isnull=False).exists():
            game.delete()  # nobody left to wait for
            return game
    else:
        seat.away = True
        seat.save(update_fields=["away"])
    _after_commit(game, seats_of(game))
    return game


def _start_if_full(game: Game, seats: list[Seat]) -> None:
    if not all(seat.taken for seat in seats):
        return
    state = new_game(game.rules, bytes.fromhex(game.seed))
    game.status = Game.Status.PLAYING
    game.started_at = timezone.now()
    game.state = state.to_dict()
    game.version = state.version
    game.turn_deadline = _deadline(game, state, seats, previous=None)
    game.save()


# Acting


def check_act(game: Game, seat: Seat, action: EngineAction, expected_version: object) -> GameState:
    """The state after `action`, or an error saying why not; changes nothing."""
    if game.status != Game.Status.PLAYING:
        raise Conflict("This game is over" if game.status == "finished" else "Not started yet")
    if expected_version is not None:
        if type(expected_version) is not int:
            raise GameError("version must be a whole number")
        if expected_version != game.version:
            raise Conflict(
                f"Stale version {expected_version}: the game is at version {game.version}"
            )
    try:
        return apply_action(game.engine_state, action)
    except IllegalAction as error:
        raise GameError(str(error)) from None


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
    Action.objects.create(
        game=game,
        version=new.version,
        seat=seat.position,
        kind=type(action).__name__.lower(),
        payload=action_to_dict(action),
        source=source,
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
    if new.winner is not None:
        game.status = Game.Status.FINISHED
        game.winner = new.winner
        game.finished_at = timezone.now()
        game.turn_deadline = None
        game_id = game.pk
        # robust: a receiver that cannot reach the broker must not hide the commit.
        transaction.on_commit(
            lambda: signals.game_finished.send(sender=Game, game_id=game_id), robust=True
        )
    else:
        game.turn_deadline = _deadline(game, new, seats, previous)
    game.save()
    _after_commit(game, seats)
    return game


@transaction.atomic
def game_act(*, game_id: int, user: User, data: object, expected_version: object = None) -> Game:
    """A person's action, in the JSON form of the API and the WebSockets."""
    game = game_lock(game_id)
    seats = seats_of(game)
    seat = next((seat for seat in seats if user.pk and seat.user_id == user.pk), None)
    if seat is None:
        raise Forbidden("You are not playing in this game")
    try:
        action = action_from_dict(data, seat.position)
    except ValueError as error:
        raise GameError(str(error)) from None
    new = check_act(game, seat, action, expected_version)
    return do_act(game, seats, seat, action, new, Action.Source.PLAYER)


def _bot_rng(game: Game) -> random.Random:
    # Seeded by the secret game seed and version: reproducible, yet not guessable.
    return random.Random(f"{game.seed}:{game.version}")


@transaction.atomic
def game_autoplay(*, game_id: int, version: int, timeout: bool) -> Game | None:
    """A bot's move (or a move for a person who timed out or is away) at `version`.

    Does nothing when the game has moved on: stale or repeated tasks are harmless.
    """
    game = game_lock(game_id)
    if game.status != Game.Status.PLAYING or game.version != version:
        return None
    state = game.engine_state
    seats = seats_of(game)
    seat = seats[state.turn]
    if seat.bot_level:
        level, source = seat.bot_level, Action.Source.BOT
    elif timeout:
        if game.turn_deadline is None or timezone.now() < game.turn_deadline:
            return None  # not due (yet)
        seat.timeouts += 1
        seat.away = seat.timeouts >= AWAY_AFTER_TIMEOUTS
        seat.save(update_fields=["timeouts", "away"])
        level, source = TIMEOUT_BOT, Action.Source.TIMEOUT
    elif seat.away:
        level, source = TIMEOUT_BOT, Action.Source.AWAY
    else:
        return None  # a person's turn: only their deadline may play for them
    action = get_bot(level)(view_for(state, seat.position), game.rules, _bot_rng(game))
    return do_act(game, seats, seat, action, apply_action(state, action), source)


@transaction.atomic
def seat_return(*, game_id: int, user: User) -> None:
    """A person who was away came back (reconnected): they play their own turns again."""
    game = game_lock(game_id)
    seat = seat_of(game, user)
    if seat is None or not (seat.away or seat.timeouts) or game.status != Game.Status.PLAYING:
        return
    seat.away, seat.timeouts = False, 0
    seat.save(update_fields=["away", "timeouts"])
    seats = seats_of(game)
    game.turn_deadline = _deadline(game, game.engine_state, seats, previous=None)
    game.save(update_fields=["turn_deadline", "updated_at"])
    _after_commit(game, seats)


@transaction.atomic
def game_rematch(*, game_id: int, user: User) -> Game:
    """A new game with the same seats, started at once; every player gets the same one."""
    game = game_lock(game_id)
    if seat_of(game, user) is None:
        raise Forbidden("Only the players can start a rematch")
    if game.status != Game.Status.FINISHED:
        raise Conflict("The game is not over yet")
    if game.rematch_id:
        return game.rematch
    seats = seats_of(game)
    rematch = _game_open(
        [(seat.user_id, seat.bot_level) for seat in seats],
        preset=game.preset,
        ruleset=game.ruleset,
        private=game.private,
        turn_seconds=game.turn_seconds,
        created_by=user,
    )
    game.rematch = rematch
    game.save(update_fields=["rematch", "updated_at"])
    _after_commit(game, seats)
    return rematch


# Chat


def check_chat(game: Game, user: User, text: object) -> str:
    if not user.is_authenticated:
        raise Forbidden("Log in to chat")
    if not isinstance(text, str) or not text.strip():
        raise GameError("Write something first")
    text = text.strip()
    if len(text) > ChatMessage.MAX_LENGTH:
        raise GameError(f"Messages can be at most {ChatMessage.MAX_LENGTH} characters long")
    count, seconds = CHAT_RATE
    since = timezone.now() - timedelta(seconds=seconds)
    if game.chat.filter(user=user, created_at__gte=since).count() >= count:
        raise GameError("You are sending messages too fast; wait a few seconds")
    return text


@transaction.atomic
def chat_post(*, game_id: int, user: User, text: object) -> ChatMessage:
    game = game_lock(game_id)
    message = ChatMessage.objects.create(game=game, user=user, text=check_chat(game, user, text))
    transaction.on_commit(lambda: events.chat_posted(message), robust=True)
    return message


# Timers and events


def _plays_by_itself(seat: Seat) -> bool:
    return bool(seat.bot_level) or seat.away


def _deadline(game: Game, state: GameState, seats: list[Seat], previous: GameState | None):
    """When the person to act must have acted; kept while the same turn goes on."""
    if state.turn is None or _plays_by_itself(seats[state.turn]):
        return None
    same_turn = (
        previous is not None
        and game.turn_deadline is not None
        and (previous.turn, previous.phase, previous.hand_number)
        == (state.turn, state.phase, state.hand_number)
        and len(previous.tricks) == len(state.tricks)
    )
    if same_turn:
        return game.turn_deadline  # e.g. another seat only looked at their cards
    return timezone.now() + timedelta(seconds=game.turn_seconds)


def _after_commit(game: Game, seats: list[Seat]) -> None:
    """Once the write commits: push the new state to every viewer and arm the next move.

    Both are decided now, from the rows already in memory, to spare the database."""
    snapshot = game_snapshot(game, seats)
    move = _next_move(game, seats)
    # robust=True: with Redis away the write still stands and the caller still gets its
    # answer; Django logs the error and runs the other hooks. Every push is the full state,
    # so the next one makes a client whole, and `sweep_stuck_games` re-arms a lost bot move.
    transaction.on_commit(lambda: events.game_changed(snapshot), robust=True)
    if move is not None:
        transaction.on_commit(lambda: _arm(*move), robust=True)


def _next_move(game: Game, seats: list[Seat]) -> tuple | None:
    """The bot move that moves the game on, if a bot (or a bot for an away person) acts
    next. A person's turn needs no task: `fire_turn_timeouts` watches the deadlines."""
    if game.status != Game.Status.PLAYING or not _plays_by_itself(seats[game.state["turn"]]):
        return None
    return "games.bot_move", (game.pk, game.version), {"countdown": settings.BOT_MOVE_DELAY}


def _arm(task: str, args: tuple, options: dict) -> None:
    from config.celery import app

    app.send_task(task, args=args, **options)


def schedule_next_move(game_id: int) -> None:
    """Arms the task for the bot that acts next in a game, tagged with its current version."""
    game = Game.objects.filter(pk=game_id).first()
    move = game and _next_move(game, seats_of(game))
    if move:
        _arm(*move)


def fire_turn_timeouts() -> int:
    """Plays for every person whose turn deadline has passed; returns how many.

    Run every second by beat: one indexed query instead of a timer task sent for every
    turn, which at hundreds of tables took an eighth of the web server's CPU."""
    due = Game.objects.filter(status=Game.Status.PLAYING, turn_deadline__lte=timezone.now())
    fired = 0
    for game_id, version in due.values_list("pk", "version"):
        try:
            fired += game_autoplay(game_id=game_id, version=version, timeout=True) is not None
        except GameError:
            pass  # the game moved on or is gone since the query
        except Exception:
            # One broken game must not hold up every other table's clock.
            logger.exception("Turn timeout failed in game %s", game_id)
    return fired


def sweep_stuck_games(*, grace_seconds: float | None = None) -> int:
    """Re-arms games whose bot move was lost (e.g. a broker restart); returns how many.

    Re-arming a game that was not stuck is harmless: the task of an old version does nothing.
    """
    grace = settings.SWEEP_GRACE_SECONDS if grace_seconds is None else grace_seconds
    cutoff = timezone.now() - timedelta(seconds=grace)
    stuck = list(
        Game.objects.filter(
            status=Game.Status.PLAYING, turn_deadline=None, updated_at__lt=cutoff
        ).values_list("pk", flat=True)
    )
    for game_id in stuck:
        schedule_next_move(game_id)
    return len(stuck)
