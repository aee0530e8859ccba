"""Every write to a game, as check_/do_ pairs: one locked transaction per write, events
and timers only after commit. Views, consumers and tasks call these and nothing else."""

import logging
import random
from collections.abc import Iterable
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import Exists, IntegerField, OuterRef, Q
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.utils import timezone

from accounts.models import User
from core.errors import Conflict, Forbidden, Invalid, NotFound, Refused
from games import events, inputs, rows, signals
from games.bots import LEVELS as BOT_LEVELS, get_bot
from games.engine import (
    FINISHED,
    Action as EngineAction,
    GameState,
    IllegalAction,
    Ruleset,
    action_to_dict,
    apply_action,
    new_game,
    view_for,
)
from games.models import Action, ChatMessage, Game, Hand, Seat
from games.selectors import (
    game_snapshot,
    held_seats,
    seats_of,
    unfinished_game_of,
    unfinished_games_of,
)

logger = logging.getLogger(__name__)

TIMEOUT_BOT = "standard"  # plays for a person who timed out or is away
AWAY_AFTER_TIMEOUTS = 2
CHAT_RATE = (5, 10)  # at most 5 messages per 10 seconds per person and table


# Reading and locking


def game_lock(game_id: int) -> Game:
    """The game row, locked until the transaction ends (writers queue up here)."""
    game = rows.locked_game(game_id)
    if game is None:
        raise NotFound(f"There is no game {game_id}")
    return game


def seat_of(game: Game, user: User | None) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return game.seats.filter(user=user).first()


# One person, one seat: at any instant a person is queued for ranked play (the ranked
# app's queue) or seated in one unfinished game, never both and never in two games.


def people_lock(user_ids: Iterable[int | None]) -> None:
    """Locks these people's User rows until the transaction ends, in id order so that two
    writers never wait on each other crosswise. Every write that seats or queues a person
    takes it first, before any game or queue row: whether a person is free is then decided
    by one writer at a time, not by a check another writer can slip past."""
    ids = sorted({pk for pk in user_ids if pk is not None})
    if ids:
        list(User.objects.select_for_update().filter(pk__in=ids).order_by("pk").values("pk"))


def check_people_free(user_ids: Iterable[int | None], *, me: User | None = None) -> None:
    """Refuses if one of these people is at an unfinished game (`unfinished_games_of`: a
    game they left to a bot does not count). Call with their rows locked (`people_lock`)."""
    busy = unfinished_games_of(user_ids)
    if not busy:
        return
    user_id, game = min(busy.items())
    if me is not None and user_id == me.pk:
        if game.status == Game.Status.WAITING:
            raise Conflict(f"You are already seated at table {game.pk}: leave it first")
        raise Conflict(f"You are still playing game {game.pk}: finish it first")
    name = User.objects.filter(pk=user_id).values_list("username", flat=True).first()
    raise Conflict(f"{name} is still seated in game {game.pk}")


def _plays_elsewhere(user: User, game: Game) -> Game | None:
    """The other game this person plays now, after leaving `game` to a bot."""
    elsewhere = unfinished_game_of(user.pk)
    return elsewhere if elsewhere is not None and elsewhere.pk != game.pk else None


def _people_seated(user_ids: Iterable[int | None]) -> None:
    """Tells the apps above (ranked play drops them from its queue) inside the
    transaction, while the people's rows are locked."""
    ids = sorted({pk for pk in user_ids if pk is not None})
    if ids:
        signals.people_seated.send(sender=Game, user_ids=ids)


# Creating and joining tables


def check_ruleset(preset: str, options: dict | None) -> Ruleset:
    """The preset's ruleset with `options` (some of its fields) changed."""
    try:
        base = Ruleset.preset(preset)
        return Ruleset.from_dict({**base.to_dict(), **options}) if options else base
    except (ValueError, TypeError) as error:
        raise Invalid(str(error)) from None


def preset_name(preset: str, ruleset: Ruleset) -> str:
    """What a game's rules are called: the preset, or "custom" once options changed it
    (so that a table never calls changed rules "Classic")."""
    return preset if ruleset == Ruleset.preset(preset) else "custom"


@transaction.atomic
def table_create(
    *,
    owner: User,
    preset: str = "classic",
    options: dict | None = None,
    bots: dict[int, str] | None = None,
    private: bool = False,
    turn_seconds: int = 30,
) -> Game:
    """A new table: the owner at seat 0, bot levels at some of seats 1-3, the rest open."""
    people_lock([owner.pk])
    ruleset = check_ruleset(preset, options)
    check_people_free([owner.pk], me=owner)
    bots = bots or {}
    return _game_open(
        [(owner.pk, "")] + [(None, bots.get(position, "")) for position in (1, 2, 3)],
        preset=preset_name(preset, ruleset),
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
    options: dict | None = None,
    turn_seconds: int = 30,
    private: bool = False,
    ranked: bool = False,
    kind: str = Game.Kind.CASUAL,
    created_by: User | None = None,
    seed: str | None = None,
    players_only: bool = False,
) -> Game:
    """A game that starts at once with `players` at seats 0..3 (a User, or a bot level).

    For matchmaking, leagues, tournaments and events, which decide the seats themselves
    and say which `kind` of game it is (a ranked game is of the ranked kind). `seed` (hex)
    deals a chosen game seed (several games of one deal: duplicate boards); `players_only`
    hides the game from all but its players (access_game). Refused if one of the people
    is seated in another unfinished game."""
    people = [player.pk for player in players if not isinstance(player, str)]
    people_lock(people)
    ruleset = check_ruleset(preset, options)
    if len(players) != 4:
        raise Invalid("A game needs exactly four players")
    for player in players:
        if isinstance(player, str) and player not in BOT_LEVELS:
            raise Invalid(f"Unknown bot level {player!r}")
    if len(set(people)) != len(people):
        raise Invalid("A person can take only one seat")
    check_people_free(people, me=created_by)
    return _game_open(
        [(None, player) if isinstance(player, str) else (player.pk, "") for player in players],
        preset=preset_name(preset, ruleset),
        ruleset=ruleset.to_dict(),
        private=private,
        ranked=ranked,
        kind=Game.Kind.RANKED if ranked else kind,
        turn_seconds=turn_seconds,
        created_by=created_by,
        players_only=players_only,
        **({"seed": seed} if seed is not None else {}),
    )


def _game_open(seated: list[tuple[int | None, str]], **fields) -> Game:
    """A new game with seats 0..3 given as (user id, bot level), (None, "") for an open
    seat; it starts at once when all four are taken. The people's rows are locked and
    they are free (`check_people_free`)."""
    _people_seated(user_id for user_id, _ in seated)
    game = Game.objects.create(**fields)
    Seat.objects.bulk_create(
        Seat(game=game, position=position, user_id=user_id, bot_level=bot_level)
        for position, (user_id, bot_level) in enumerate(seated)
    )
    seats = seats_of(game)
    _start_if_full(game, seats)
    _after_commit(game, seats)
    return game


def check_table_join(game: Game, user: User, position: int, invite: str | None) -> Seat:
    if game.status != Game.Status.WAITING:
        raise Conflict("This game has already started")
    if game.private and invite != game.invite and game.created_by_id != user.pk:
        raise Forbidden("This table is private: you need its invite link")
    if game.seats.filter(user=user).exists():
        raise Conflict("You already have a seat at this table")
    seat = game.seats.get(position=position)
    if seat.taken:
        raise Conflict(f"Seat {position} is taken")
    check_people_free([user.pk], me=user)
    return seat


@transaction.atomic
def table_join(*, game_id: int, user: User, seat: int, invite: str | None = None) -> Game:
    """Sitting down at a table takes a person out of the ranked queue: the last thing they
    asked for wins, as when starting a game on Lichess cancels one's other seeks."""
    people_lock([user.pk])  # before the game row, as every seating write
    game = game_lock(game_id)
    taken = check_table_join(game, user, seat, invite)
    _people_seated([user.pk])
    taken.user = user
    taken.save(update_fields=["user"])
    seats = seats_of(game)
    _start_if_full(game, seats)
    _after_commit(game, seats)
    return game


def check_table_fill(game: Game, user: User, level: str) -> list[Seat]:
    """The seats bots may take: the open seats of a private table waiting to start, asked
    by the person who opened it and sits at it, but not a seat kept for someone invited
    (`held_seats`: the invited friend keeps theirs). Changes nothing."""
    if level not in BOT_LEVELS:
        raise Invalid(f"Unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
    if game.created_by_id != user.pk:
        raise Forbidden("Only the person who opened this table can seat bots at it")
    if not game.private:
        raise Conflict("Bots can take the open seats of a private table only")
    if game.status != Game.Status.WAITING:
        raise Conflict("This game has already started")
    seats = seats_of(game)
    if not any(seat.user_id == user.pk for seat in seats):
        raise Conflict("Sit down at your table first")
    held = held_seats(game.pk)
    free = [seat for seat in seats if not seat.taken and seat.position not in held]
    if not free:
        raise Conflict("No seat is free for a bot: the open seats wait for the people invited")
    return free


@transaction.atomic
def table_fill(*, game_id: int, user: User, level: str = TIMEOUT_BOT) -> Game:
    """Bots of `level` take the free seats of a private table (check_table_fill); a table
    that is then full starts at once, else it starts when the invited friend sits down."""
    game = game_lock(game_id)
    free = check_table_fill(game, user, level)
    Seat.objects.filter(pk__in=[seat.pk for seat in free]).update(bot_level=level)
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


@transaction.atomic
def seats_release(*, game_id: int, user_ids: Iterable[int]) -> Game:
    """These people leave a game in play for good, because it no longer counts for them
    (a duplicate board their director averaged): a bot plays each of their seats to the
    end, and they cannot take it back (the seat stays theirs on the record). Leaves a
    game that is not in play as it is."""
    game = game_lock(game_id)
    if game.status != Game.Status.PLAYING:
        return game
    ids = set(user_ids)
    seats = seats_of(game)
    for seat in seats:
        if seat.user_id in ids and not seat.bot_level:
            seat.away, seat.bot_level = True, TIMEOUT_BOT
            seat.save(update_fields=["away", "bot_level"])
    game.turn_deadline = _deadline(game, game.engine_state, seats, previous=None)
    game.save(update_fields=["turn_deadline", "updated_at"])
    _after_commit(game, seats)
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


def check_act(
    game: Game, seat: Seat, action: EngineAction, expected_version: int | None
) -> GameState:
    """The state after `action`, or an error saying why not; changes nothing."""
    if game.status != Game.Status.PLAYING:
        raise Conflict("This game is over" if game.status == "finished" else "Not started yet")
    if expected_version is not None and expected_version != game.version:
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
    pause = _pause_after(previous, new)
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
        game.turn_deadline = _deadline(game, new, seats, previous, pause=pause)
    # Only what an action changes: the other columns (the ruleset's JSON too) stay unsent.
    rows.update(game, ACTED_FIELDS)
    _after_commit(game, seats, pause=pause)
    return game


def _pause_after(previous: GameState, new: GameState) -> float:
    """How long the table rests after this action, so that every viewer sees a complete
    trick (TRICK_PAUSE) and the hand's result (HAND_PAUSE too) before play goes on."""
    if len(new.results) > len(previous.results):
        return settings.TRICK_PAUSE + settings.HAND_PAUSE
    if len(new.tricks) > len(previous.tricks):
        return settings.TRICK_PAUSE
    return 0.0


@transaction.atomic
def game_act(*, game_id: int, user: User, data: dict, expected_version: int | None = None) -> Game:
    """A person's action, in the JSON form of the API and the WebSockets (checked by the
    engine once the seat is known)."""
    game = game_lock(game_id)
    seats = seats_of(game)
    seat = next((seat for seat in seats if user.pk and seat.user_id == user.pk), None)
    if seat is None:
        raise Forbidden("You are not playing in this game")
    if seat.bot_level:
        raise Conflict("This game no longer counts: a bot plays your seat to its end")
    # Acting brings an away person back: not while they play at another table.
    if seat.away and (elsewhere := _plays_elsewhere(user, game)):
        raise Conflict(f"You play game {elsewhere.pk} now; a bot plays for you here")
    action = inputs.action(data, seat.position)
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
    """A person who was away came back (reconnected): they play their own turns again,
    unless they sat down at another game meanwhile (then the bot plays on here)."""
    people_lock([user.pk])
    game = game_lock(game_id)
    seat = seat_of(game, user)
    if seat is None or not (seat.away or seat.timeouts) or game.status != Game.Status.PLAYING:
        return
    if seat.bot_level:
        return  # released for good (seats_release)
    if _plays_elsewhere(user, game):
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
    # The people's rows before the game row, as every seating write; a finished game's
    # seats no longer change, so reading them unlocked is safe.
    people_lock(Seat.objects.filter(game_id=game_id).values_list("user_id", flat=True))
    game = game_lock(game_id)
    if seat_of(game, user) is None:
        raise Forbidden("Only the players can start a rematch")
    if game.status != Game.Status.FINISHED:
        raise Conflict("The game is not over yet")
    if game.rematch_id:
        return game.rematch
    seats = seats_of(game)
    check_people_free([seat.user_id for seat in seats], me=user)
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


def games_publish(*, game_ids: list[int]) -> int:
    """Opens these games to everyone (clears private and players_only): spectators, replay,
    export and analysis, e.g. a duplicate event's boards once it closes. Returns how many
    changed. Nothing is pushed: what a seated player sees does not change."""
    return (
        Game.objects.filter(pk__in=game_ids)
        .filter(Q(private=True) | Q(players_only=True))
        .update(private=False, players_only=False)
    )


# Chat


def check_chat(game: Game, user: User, text: str) -> str:
    if not user.is_authenticated:
        raise Forbidden("Log in to chat")
    if not text.strip():
        raise Invalid("Write something first")
    text = text.strip()
    if len(text) > ChatMessage.MAX_LENGTH:
        raise Invalid(f"Messages can be at most {ChatMessage.MAX_LENGTH} characters long")
    count, seconds = CHAT_RATE
    since = timezone.now() - timedelta(seconds=seconds)
    if game.chat.filter(user=user, created_at__gte=since).count() >= count:
        raise Invalid("You are sending messages too fast; wait a few seconds")
    return text


@transaction.atomic
def chat_post(*, game_id: int, user: User, text: str) -> ChatMessage:
    game = game_lock(game_id)
    message = ChatMessage.objects.create(game=game, user=user, text=check_chat(game, user, text))
    transaction.on_commit(lambda: events.chat_posted(message), robust=True)
    return message


# Timers and events


def _plays_by_itself(seat: Seat) -> bool:
    return bool(seat.bot_level) or seat.away


def _deadline(
    game: Game,
    state: GameState,
    seats: list[Seat],
    previous: GameState | None,
    *,
    pause: float = 0.0,
):
    """When the person to act must have acted (their turn time after the table's pause);
    kept while the same turn goes on."""
    if state.turn is None or _plays_by_itself(seats[state.turn]) or not game.turn_seconds:
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


def game_refresh(*, game_id: int) -> None:
    """Pushes a game's page again to its viewers, for what the apps above changed about it
    (games.extras: e.g. the rating changes once a ranked game is rated)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is not None:
        events.game_changed(game_snapshot(game))


def _after_commit(game: Game, seats: list[Seat], *, pause: float = 0.0) -> None:
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
    """Whether a bot (or a bot for an away person) acts next. A person's turn needs no
    task: `fire_turn_timeouts` watches the deadlines."""
    return game.status == Game.Status.PLAYING and _plays_by_itself(seats[game.state["turn"]])


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
