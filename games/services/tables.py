"""Tables: opening, joining, filling, leaving, rematching and publishing games.

As check_/do_ pairs: one locked transaction per write, events and timers only after commit
(games.services.clock)."""

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import User
from core.errors import Conflict, Forbidden, Invalid
from games.bots import LEVELS as BOT_LEVELS
from games.engine import Ruleset, new_game
from games.models import Game, Seat
from games.selectors import held_seats, seats_of
from games.services import clock, seating
from games.services.play import TIMEOUT_BOT

# What a game of changed rules is called (its export's `preset`); given back as a preset,
# it is the classic rules changed by the options, so that an export's rules can be replayed.
CUSTOM = "custom"


def check_ruleset(preset: str, options: dict | None) -> Ruleset:
    """The preset's ruleset with `options` (some of its fields) changed ("custom": the
    classic ruleset's)."""
    try:
        base = Ruleset.preset("classic" if preset == CUSTOM else preset)
        return Ruleset.from_dict({**base.to_dict(), **options}) if options else base
    except (ValueError, TypeError) as error:
        raise Invalid(str(error)) from None


def preset_name(preset: str, ruleset: Ruleset) -> str:
    """What a game's rules are called: the preset, or "custom" once options changed it
    (so that a table never calls changed rules "Classic")."""
    if preset == CUSTOM:
        preset = "classic"
    return preset if ruleset == Ruleset.preset(preset) else CUSTOM


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
    seating.people_lock([owner.pk])
    ruleset = check_ruleset(preset, options)
    seating.check_people_free([owner.pk], me=owner)
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
    and say which `kind` of game it is (their own: games.hooks.kinds). `seed` (hex)
    deals a chosen game seed (several games of one deal: duplicate boards); `players_only`
    hides the game from all but its players (access_game). Refused if one of the people
    is seated in another unfinished game."""
    people = [player.pk for player in players if not isinstance(player, str)]
    seating.people_lock(people)
    ruleset = check_ruleset(preset, options)
    if len(players) != 4:
        raise Invalid("A game needs exactly four players")
    for player in players:
        if isinstance(player, str) and player not in BOT_LEVELS:
            raise Invalid(f"Unknown bot level {player!r}")
    if len(set(people)) != len(people):
        raise Invalid("A person can take only one seat")
    seating.check_people_free(people, me=created_by)
    return _game_open(
        [(None, player) if isinstance(player, str) else (player.pk, "") for player in players],
        preset=preset_name(preset, ruleset),
        ruleset=ruleset.to_dict(),
        private=private,
        ranked=ranked,
        kind=kind,
        turn_seconds=turn_seconds,
        created_by=created_by,
        players_only=players_only,
        **({"seed": seed} if seed is not None else {}),
    )


def _game_open(seated: list[tuple[int | None, str]], **fields) -> Game:
    """A new game with seats 0..3 given as (user id, bot level), (None, "") for an open
    seat; it starts at once when all four are taken. The people's rows are locked and
    they are free (`check_people_free`)."""
    seating.people_seated(user_id for user_id, _ in seated)
    game = Game.objects.create(**fields)
    Seat.objects.bulk_create(
        Seat(game=game, position=position, user_id=user_id, bot_level=bot_level)
        for position, (user_id, bot_level) in enumerate(seated)
    )
    seats = seats_of(game)
    _start_if_full(game, seats)
    clock.after_commit(game, seats)
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
    seating.check_people_free([user.pk], me=user)
    return seat


@transaction.atomic
def table_join(*, game_id: int, user: User, seat: int, invite: str | None = None) -> Game:
    """Sitting down at a table takes a person out of the ranked queue: the last thing they
    asked for wins, as when starting a game on Lichess cancels one's other seeks."""
    seating.people_lock([user.pk])  # before the game row, as every seating write
    game = seating.game_lock(game_id)
    taken = check_table_join(game, user, seat, invite)
    seating.people_seated([user.pk])
    taken.user = user
    taken.save(update_fields=["user"])
    seats = seats_of(game)
    _start_if_full(game, seats)
    clock.after_commit(game, seats)
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
    game = seating.game_lock(game_id)
    free = check_table_fill(game, user, level)
    Seat.objects.filter(pk__in=[seat.pk for seat in free]).update(bot_level=level)
    seats = seats_of(game)
    _start_if_full(game, seats)
    clock.after_commit(game, seats)
    return game


@transaction.atomic
def table_leave(*, game_id: int, user: User) -> Game:
    """Before the start the seat opens again; during play a bot takes over at once."""
    game = seating.game_lock(game_id)
    seat = seating.seat_of(game, user)
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
    clock.after_commit(game, seats_of(game))
    return game


def _start_if_full(game: Game, seats: list[Seat]) -> None:
    if not all(seat.taken for seat in seats):
        return
    state = new_game(game.rules, bytes.fromhex(game.seed))
    game.status = Game.Status.PLAYING
    game.started_at = timezone.now()
    game.state = state.to_dict()
    game.version = state.version
    game.turn_deadline = clock.deadline(game, state, seats, previous=None)
    game.save()


@transaction.atomic
def game_rematch(*, game_id: int, user: User) -> Game:
    """A new game with the same seats, started at once; every player gets the same one."""
    # The people's rows before the game row, as every seating write; a finished game's
    # seats no longer change, so reading them unlocked is safe.
    seating.people_lock(Seat.objects.filter(game_id=game_id).values_list("user_id", flat=True))
    game = seating.game_lock(game_id)
    if seating.seat_of(game, user) is None:
        raise Forbidden("Only the players can start a rematch")
    if game.status != Game.Status.FINISHED:
        raise Conflict("The game is not over yet")
    if game.rematch_id:
        return game.rematch
    seats = seats_of(game)
    seating.check_people_free([seat.user_id for seat in seats], me=user)
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
    clock.after_commit(game, seats)
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
