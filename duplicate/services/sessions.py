"""Writes of club sessions, run by a director from the Django admin: start the session
(number the pairs, deal and commit to the boards), start each round (every table's first
game at once), move a table on to its next board when one ends, give an average to a board
that cannot be played, and close the session (results and replays for all). Every write
locks the session row first, so that the director and the tables' game ends never race."""

import logging
from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts import roles
from accounts.hooks import refused_among
from accounts.models import User
from clubs import selectors as club_selectors
from core.errors import Conflict, Invalid, NotFound, Refused
from duplicate import kinds, movements
from duplicate.models import BoardGame, Direction, Entry, Session
from duplicate.selectors.sessions import (
    SEATS,
    next_steps,
    pairs,
    schedule,
    session_schedule,
    session_url,
    table_boards,
)
from duplicate.services.boards import boards_make
from games.bots import LEVELS as BOT_LEVELS
from games.selectors import game_url
from games.services import play as game_play, seating as game_seating, tables as game_tables
from social.services import notify

logger = logging.getLogger(__name__)


def check_director(user: User) -> None:
    """Session directors: staff with the right to change sessions, which the "Session
    directors" group gives."""
    roles.check_director(user, "duplicate.change_session", "Only session directors can do that")


def _lock(session_id: int) -> Session:
    session = Session.objects.select_for_update(of=("self",)).filter(pk=session_id).first()
    if session is None:
        raise NotFound("There is no such session")
    return session


def _check_step(session: Session, step: str, why: str) -> None:
    if step not in next_steps(session):
        raise Conflict(why)


# Starting


def check_pairs(session: Session, entries: list[Entry]) -> None:
    """The pairs and the boards fit the movement; every person is a member of the club, in
    one pair only and not barred from events; a bot takes a partner's seat only."""
    boards, per_round = session.boards_total, session.boards_per_round
    if per_round < 1 or boards % per_round:
        raise Invalid(f"{boards} boards do not split into rounds of {per_round}")
    if boards < 4 or boards % 4:
        raise Invalid("A session has a multiple of 4 boards, so that every seat deals as often")
    ns = [e for e in entries if e.direction == Direction.NORTH_SOUTH]
    ew = [e for e in entries if e.direction == Direction.EAST_WEST]
    if len(ns) + len(ew) != len(entries):
        raise Invalid("Give every pair its direction, North-South or East-West")
    if session.movement == Session.Movement.MITCHELL:
        if len(ns) != len(ew):
            raise Invalid(
                f"A Mitchell needs as many East-West pairs as North-South pairs "
                f"({len(ns)} North-South, {len(ew)} East-West)"
            )
        if len(ns) < 3:
            raise Invalid("A Mitchell needs 3 tables or more (6 pairs): for 2, play a team match")
        if len(ns) * per_round != boards:
            raise Invalid(
                f"A Mitchell of {len(ns)} tables plays {len(ns)} rounds: with {per_round} "
                f"boards a round that is {len(ns) * per_round} boards, not {boards}"
            )
    else:
        teams = sorted((e.team, e.direction) for e in entries)
        if teams != [("A", "ew"), ("A", "ns"), ("B", "ew"), ("B", "ns")]:
            raise Invalid(
                "A team match has four pairs: a North-South and an East-West pair in team A "
                "and in team B"
            )
    people: list[User] = []
    for entry in entries:
        if entry.partner_id is None and entry.partner_bot not in BOT_LEVELS:
            raise Invalid(f"{entry.user} needs a partner: a member, or a bot level")
        if entry.partner_id is not None and entry.partner_bot:
            raise Invalid(f"{entry.user}'s partner is a member or a bot, not both")
        people += [entry.user] + ([entry.partner] if entry.partner_id else [])
    names = [person.username for person in people]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise Invalid(f"A person plays in one pair only: {', '.join(twice)}")
    bots = [person.username for person in people if person.is_bot]
    if bots:
        raise Invalid(f"Bots fill a partner's seat by level, not by account: {', '.join(bots)}")
    members = club_selectors.member_ids(session.club)
    outsiders = [person.username for person in people if person.pk not in members]
    if outsiders:
        raise Invalid(f"Not members of {session.club}: {', '.join(outsiders)}")
    # A moderator's bar: checked as the session seats its pairs (a session under way plays
    # on, as a game does: its movement cannot lose a pair). Words that name no sanction.
    barred = refused_among([person.pk for person in people], "events")
    if barred:
        names = sorted(person.username for person in people if person.pk in barred)
        raise Invalid(f"May not play in events at present: {', '.join(names)}")


def _people(entries: Iterable[Entry]) -> list[User]:
    return [p for e in entries for p in (e.user, e.partner) if p is not None]


def _player(entry: Entry, first: bool) -> User | str:
    if first:
        return entry.user
    return entry.partner if entry.partner_id else entry.partner_bot


@transaction.atomic
def session_start(*, session_id: int, director: User) -> Session:
    """Numbers the pairs, deals and commits to the boards and tells each player their
    pair and their first table."""
    check_director(director)
    session = _lock(session_id)
    _check_step(session, "start", "The session has started already")
    entries = list(
        Entry.objects.filter(event=session).select_related("user", "partner").order_by("pk")
    )
    check_pairs(session, entries)
    for direction in Direction.values:
        mine = [e for e in entries if e.direction == direction]
        if session.movement == Session.Movement.TEAMS:
            mine.sort(key=lambda e: e.team)  # team A's pairs are number 1
        for number, entry in enumerate(mine, start=1):
            entry.number = number
    Entry.objects.bulk_update(entries, ["number"])
    boards_make(event=session, count=session.boards_total)
    session.status, session.opens_at = Session.Status.RUNNING, timezone.now()
    session.save(update_fields=["status", "opens_at"])
    first = schedule(session, len(entries) // 2)[0]
    for entry in entries:
        table = next(t.table for t in first if getattr(t, entry.direction) == entry.number)
        where = "North-South" if entry.direction == Direction.NORTH_SOUTH else "East-West"
        notify(
            _people([entry]),
            f"{session}: you are {where} pair {entry.number}; round 1 at table {table}",
            session_url(session),
        )
    return session


# Rounds and tables


def _table_game(session: Session, table: movements.Table, number: int, board_number: int,
                by_number: dict) -> BoardGame:  # fmt: skip
    """Seats a table's two pairs at a new game of the board (North and South the
    North-South pair, East and West the East-West pair; bots where a bot fills)."""
    ns = by_number[(Direction.NORTH_SOUTH, table.ns)]
    ew = by_number[(Direction.EAST_WEST, table.ew)]
    board = session.boards.get(number=board_number)
    game = game_tables.game_create_seated(
        players=[_player(ns, True), _player(ew, True), _player(ns, False), _player(ew, False)],
        options=session.ruleset,
        turn_seconds=session.turn_seconds,
        private=True,
        kind=kinds.DUPLICATE,
        created_by=session.created_by,
        seed=board.seed,
        players_only=True,  # until the session closes, nobody else sees a board's cards
    )
    return BoardGame.objects.create(
        entry=ns, opponent=ew, board=board, game=game, direction=Direction.NORTH_SOUTH,
        round=number, table=table.table,
    )  # fmt: skip


@transaction.atomic
def round_start(*, session_id: int, director: User) -> Session:
    """Starts the next round: a game at every table at once, and each player told where."""
    check_director(director)
    session = _lock(session_id)
    _check_step(
        session,
        "round",
        "The next round starts when every table has finished the last one"
        if session.status == Session.Status.RUNNING
        else f"The session is {session.get_status_display().lower()}",
    )
    number = session.round + 1
    by_number = pairs(session)
    game_seating.people_lock(p.pk for p in _people(by_number.values()))
    for table in session_schedule(session)[number - 1]:
        boards = table_boards(session, table)
        row = _table_game(session, table, number, boards[0], by_number)
        for entry, other in ((row.entry, row.opponent), (row.opponent, row.entry)):
            seats = " and ".join(
                SEATS[position]
                for position, player in enumerate(row.game.seats.order_by("position"))
                if player.user_id in {p.pk for p in _people([entry])}
            )
            notify(
                _people([entry]),
                f"{session}, round {number}: table {table.table}, {seats}, against "
                f"{other.names}; boards {boards[0]}-{boards[-1]}",
                game_url(row.game),
            )
    session.round = number
    session.save(update_fields=["round"])
    return session


def table_advance(*, session_id: int, number: int, table: int) -> BoardGame | None:
    """Starts the table's next board of round `number` once its last one is over (called
    when a board's game ends, after an average, and by the sweep). Changes nothing while a
    board is in play there, after the round's last board, or in another round."""
    try:
        with transaction.atomic():
            session = _lock(session_id)
            if session.status != Session.Status.RUNNING or session.round != number:
                return None
            rows = BoardGame.objects.filter(board__event=session, round=number, table=table)
            if rows.filter(finished=False).exists():
                return None
            seating = next(t for t in session_schedule(session)[number - 1] if t.table == table)
            done = set(rows.values_list("board__number", flat=True))
            following = [b for b in table_boards(session, seating) if b not in done]
            if not following:
                return None
            by_number = pairs(session)
            game_seating.people_lock(p.pk for p in _people(by_number.values()))
            row = _table_game(session, seating, number, following[0], by_number)
    except (Refused, IntegrityError) as error:  # someone sat down elsewhere: the sweep retries
        logger.info("Table %s of session %s waits: %s", table, session_id, error)
        return None
    notify(
        _people([row.entry, row.opponent]),
        f"{session}: board {row.board.number} is on at table {table}",
        game_url(row.game),
    )
    return row


def tables_sweep() -> int:
    """Starts the next board at tables whose move on was lost; returns how many."""
    started = 0
    for session in Session.objects.filter(status=Session.Status.RUNNING, round__gt=0):
        for seating in session_schedule(session)[session.round - 1]:
            started += bool(
                table_advance(session_id=session.pk, number=session.round, table=seating.table)
            )
    return started


@transaction.atomic
def board_average(*, session_id: int, director: User, table: int, number: int) -> BoardGame:
    """The director's average (50%, no IMPs) for a board of the running round that a table
    cannot play: a game in play is left to the bots (it no longer counts), and the table
    goes on to its next board."""
    check_director(director)
    session = _lock(session_id)
    if session.status != Session.Status.RUNNING or session.round == 0:
        raise Conflict("Averages are given during a round")
    seating = next((t for t in session_schedule(session)[session.round - 1] if t.table == table),
                   None)  # fmt: skip
    if seating is None:
        raise NotFound(f"There is no table {table} in this session")
    if number not in table_boards(session, seating):
        raise Invalid(f"Table {table} does not play board {number} in round {session.round}")
    row = (
        BoardGame.objects.filter(board__event=session, round=session.round, table=table)
        .filter(board__number=number)
        .first()
    )
    if row is not None and row.finished:
        raise Conflict(f"Board {number} at table {table} is over already")
    now = timezone.now()
    if row is None:
        by_number = pairs(session)
        row = BoardGame(
            entry=by_number[(Direction.NORTH_SOUTH, seating.ns)],
            opponent=by_number[(Direction.EAST_WEST, seating.ew)],
            board=session.boards.get(number=number),
            direction=Direction.NORTH_SOUTH,
            round=session.round,
            table=table,
        )
    row.averaged, row.finished, row.finished_at = True, True, now
    row.save()
    if row.game_id:  # it no longer counts: bots play it out, and nobody comes back to it
        game_play.seats_release(
            game_id=row.game_id, user_ids=[p.pk for p in _people([row.entry, row.opponent])]
        )
    table_advance(session_id=session.pk, number=session.round, table=table)
    return row


@transaction.atomic
def session_close(*, session_id: int, director: User) -> Session:
    """Closes the session after its last round: the results are final and public, and every
    game of it may be watched, replayed and analysed."""
    check_director(director)
    session = _lock(session_id)
    _check_step(
        session,
        "close",
        f"Round {session.round} of {session.rounds} is not over yet"
        if session.status == Session.Status.RUNNING
        else f"The session is {session.get_status_display().lower()}",
    )
    game_ids = list(
        BoardGame.objects.filter(board__event=session, game__isnull=False).values_list(
            "game_id", flat=True
        )
    )
    game_tables.games_publish(game_ids=game_ids)
    session.status, session.closed, session.closes_at = Session.Status.CLOSED, True, timezone.now()
    session.save(update_fields=["status", "closed", "closes_at"])
    notify(
        _people(pairs(session).values()),
        f"{session}: the results are published",
        session_url(session),
    )
    return session
