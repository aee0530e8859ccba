"""Writes of the daily challenge: made ahead, its boards started, closed when the day ends.

Making a day's event ahead of time, starting an entry's game of a board, and closing the
event when its day is over. Games are created and opened through games.services; this app
never writes a game row itself."""

import logging
from datetime import UTC, date, datetime, time, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.browsers import Client
from accounts.hooks import check_allowed
from accounts.models import User
from accounts.seats import check_one_seat, records_refusals
from core import clock
from core.errors import Conflict, Invalid, NotFound, Refused
from duplicate import kinds, matchpoints
from duplicate.models import Board, BoardGame, Entry, Event
from duplicate.selectors.boards import results_by_board
from duplicate.selectors.daily import daily_event
from duplicate.services.boards import board_game_record, board_ruleset, board_solve, boards_make
from duplicate.variants import daily_variant
from games.models import Game
from games.services import seating as game_seating, tables

logger = logging.getLogger(__name__)

DAILY_BOARDS = 8
DAILY_SEAT = 2  # the person sits South; North (0) is the bot partner, East and West bots
DAILY_BOT = "standard"  # decides from its view and a seed of the board and the moves so far


def _day_bounds(day: date) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time.min, tzinfo=UTC)
    return start, start + timedelta(days=1)


def event_make_daily(
    *,
    day: date,
    boards: int = DAILY_BOARDS,
    variant: str | None = None,
    blind_nil: bool = False,
    solve: bool = True,
) -> Event:
    """The daily challenge of a UTC day, made and committed to now (or the one made
    already): `boards` boards (a multiple of 4, so that every seat deals equally often),
    in `variant` (None: the rotation's, duplicate.variants.WEEK), which the day keeps. With
    `solve`, each board's double-dummy tricks are worked out too (seconds of CPU:
    the beat task that makes the days ahead runs on the analysis queue)."""
    if boards < 4 or boards % 4:
        raise Invalid("An event has a multiple of 4 boards, so that every seat deals as often")
    event = Event.objects.filter(kind=Event.Kind.DAILY, day=day).first()
    if event is None:
        opens_at, closes_at = _day_bounds(day)
        variant = variant or daily_variant(day)
        try:
            with transaction.atomic():
                event = Event.objects.create(
                    kind=Event.Kind.DAILY,
                    day=day,
                    variant=variant,
                    ruleset=board_ruleset(variant=variant, blind_nil=blind_nil).to_dict(),
                    bot_level=DAILY_BOT,
                    opens_at=opens_at,
                    closes_at=closes_at,
                )
                boards_make(event=event, count=boards)
        except IntegrityError:  # made meanwhile by another process
            event = Event.objects.get(kind=Event.Kind.DAILY, day=day)
    if solve:
        for board_id in event.boards.filter(dd_tricks__isnull=True).values_list("pk", flat=True):
            board_solve(board_id=board_id)
    return event


def daily_today(*, now: datetime | None = None) -> Event:
    """Today's daily challenge (UTC). Made on demand if beat has not made it ahead (its
    double-dummy tricks follow from the next prepare run)."""
    now = now or timezone.now()
    return event_make_daily(day=now.astimezone(UTC).date(), solve=False)


def check_event_open(event: Event, now: datetime) -> None:
    if event.closed or now >= event.closes_at:
        raise Conflict(f"The daily challenge of {event.day} is closed")
    if now < event.opens_at:
        opens = clock.your_time(event.opens_at, now=now)
        raise Conflict(f"The daily challenge of {event.day} opens at {opens}")


def check_daily_seat(*, user: User, client: Client | None, event: Event) -> None:
    """One person, one seat in the daily challenge: two accounts of one browser do not
    both play the same day's boards (a board's cards are the same at every table, so the
    second account would play them knowing the first's)."""

    def holders(user_ids: set[int]) -> set[int]:
        played = BoardGame.objects.filter(entry__event=event, entry__user_id__in=user_ids)
        return set(played.values_list("entry__user_id", flat=True))

    check_one_seat(
        user=user, client=client, place=f"the daily challenge of {event.day}", holders=holders
    )


@records_refusals
@transaction.atomic
def daily_board_start(
    *,
    user: User,
    day: date,
    number: int,
    now: datetime | None = None,
    client: Client | None = None,
) -> Game:
    """Starts or resumes the person's game of board `number` of the day's challenge.

    Boards are played in order: the next one starts a game (or resumes it), the last one
    finished gives its game again; an earlier one or a later one is refused in words.
    `client`: the request's browser and address (one person, one seat)."""
    check_allowed(user, "events")
    now = now or timezone.now()
    game_seating.people_lock([user.pk])  # one seating write per person at a time (games' rule)
    event = daily_event(day)
    count = event.boards.count()
    if not 1 <= number <= count:
        raise NotFound(f"There is no board {number}: the challenge has boards 1 to {count}")
    check_event_open(event, now)
    check_daily_seat(user=user, client=client, event=event)
    entry, _ = Entry.objects.get_or_create(event=event, user=user)
    mine = {bg.board.number: bg for bg in entry.games.select_related("board", "game")}
    for played in mine.values():
        if not played.finished and played.game.status == Game.Status.FINISHED:
            # Its signal was lost (the sweep would record it): no need to wait for that.
            played.finished = board_game_record(game_id=played.game_id)
    done = [n for n, bg in mine.items() if bg.finished]
    last = max(done, default=0)
    following = last + 1
    if number in mine and number >= last:
        return mine[number].game
    if number < last:
        raise Conflict(f"You have played board {number} already; your next board is {following}")
    if number > following:
        raise Conflict(f"Boards are played in order: play board {following} first")
    board = event.boards.get(number=number)
    players: list[User | str] = [event.bot_level] * 4
    players[DAILY_SEAT] = user
    game = tables.game_create_seated(
        players=players,
        options=event.ruleset,
        turn_seconds=0,  # the person's own pace: no clock plays for them
        private=True,
        kind=kinds.DUPLICATE,
        created_by=user,
        seed=board.seed,
        players_only=True,  # until the event closes, nobody else sees a board's cards
    )
    BoardGame.objects.create(
        entry=entry, board=board, game=game, direction=BoardGame.Direction.NORTH_SOUTH
    )
    return game


def event_close(*, event_id: int) -> bool:
    """Closes an event whose time is up: keeps each entry's final score, lets everyone
    watch, replay and analyse its games (the seeds are public from now), and hands the
    games still in play to the bots (they no longer count). True when it closed it."""
    unfinished = []
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id, closed=False).first()
        if event is None or event.closes_at is None or timezone.now() < event.closes_at:
            return False
        for game_id in BoardGame.objects.filter(
            board__event=event, finished=False, game__status=Game.Status.FINISHED
        ).values_list("game_id", flat=True):
            board_game_record(game_id=game_id)
        lines = {line.key: line for line in matchpoints.standings(results_by_board(event))}
        entries = list(event.entries.all())
        for entry in entries:
            line = lines.get(entry.pk)
            entry.score = line.score if line else None
            entry.boards_played = line.boards if line else 0
        Entry.objects.bulk_update(entries, ["score", "boards_played"])
        tables.games_publish(
            game_ids=list(
                BoardGame.objects.filter(board__event=event).values_list("game_id", flat=True)
            )
        )
        unfinished = list(
            BoardGame.objects.filter(board__event=event, finished=False)
            .exclude(game__status=Game.Status.FINISHED)
            .select_related("entry__user")
        )
        event.closed = True
        event.save(update_fields=["closed"])
    for played in unfinished:
        try:
            tables.table_leave(game_id=played.game_id, user=played.entry.user)
        except Refused:  # a game that ended meanwhile: nothing to hand over
            logger.info("Game %s of closed event %s needed no bot", played.game_id, event_id)
    return True


def events_close_due(*, now: datetime | None = None) -> int:
    now = now or timezone.now()
    due = Event.objects.filter(closed=False, closes_at__lte=now).values_list("pk", flat=True)
    return sum(event_close(event_id=event_id) for event_id in list(due))


def daily_prepare(*, now: datetime | None = None) -> list[int]:
    """Makes today's and tomorrow's challenges ahead of their opening; returns the boards
    whose double-dummy tricks are still to be worked out (board_solve, one task each)."""
    today = (now or timezone.now()).astimezone(UTC).date()
    events = [event_make_daily(day=today + timedelta(days=ahead), solve=False) for ahead in (0, 1)]
    return list(
        Board.objects.filter(event__in=events, dd_tricks__isnull=True).values_list("pk", flat=True)
    )
