"""Reads of club sessions: the movement's seating, each player's seats, the director's
progress, a board's traveller and the results (matchpoints, or a team match's IMPs and
victory points). Nothing of a board's play is shown to anyone who has not played it,
until the session closes; the progress tells how many boards are done, never how."""

from django.db.models import Q
from django.urls import reverse

from accounts.models import User
from core.errors import Forbidden, NotFound
from duplicate import imps, matchpoints, movements
from duplicate.models import Board, BoardGame, Direction, Entry, Session

SEATS = ("North", "East", "South", "West")


def session_of(pk: int) -> Session:
    session = Session.objects.select_related("club").filter(pk=pk).first()
    if session is None or session.status == Session.Status.DRAFT:
        raise NotFound("There is no such session (or it has not started yet)")
    return session


def session_url(session: Session) -> str:
    return reverse("duplicate:session", args=[session.pk])


def pairs(session: Session) -> dict[tuple[str, int], Entry]:
    """The numbered pairs: {(direction, number): entry}."""
    entries = Entry.objects.filter(event=session, number__isnull=False).select_related(
        "user", "partner"
    )
    return {(entry.direction, entry.number): entry for entry in entries}


def schedule(session: Session, tables: int) -> list[list[movements.Table]]:
    if session.movement == Session.Movement.MITCHELL:
        return movements.mitchell(tables)
    return movements.team_match(session.rounds)


def session_schedule(session: Session) -> list[list[movements.Table]]:
    tables = Entry.objects.filter(event=session, direction=Direction.NORTH_SOUTH).count()
    return schedule(session, tables)


def table_boards(session: Session, table: movements.Table) -> list[int]:
    return movements.board_numbers(table.board_set, session.boards_per_round)


def round_rows(session: Session, number: int) -> list[BoardGame]:
    return list(
        BoardGame.objects.filter(board__event=session, round=number)
        .select_related("board", "game")
        .order_by("table", "board__number")
    )


def round_complete(session: Session) -> bool:
    """Whether every table has finished (or been given an average on) every board of the
    round started last; true before the first."""
    if session.round == 0:
        return True
    tables = len(session_schedule(session)[session.round - 1])
    done = BoardGame.objects.filter(board__event=session, round=session.round, finished=True)
    return done.count() >= tables * session.boards_per_round


def next_steps(session: Session) -> list[str]:
    """The director's one next step: "start" the session, start the next "round" once every
    table has finished the last, or "close" it after the last round; none while a round is
    played."""
    if session.status == Session.Status.DRAFT:
        return ["start"]
    if session.status == Session.Status.CLOSED or not round_complete(session):
        return []
    return ["round"] if session.round < session.rounds else ["close"]


def _seat_of(entry: Entry, user: User) -> int:
    """The seat of `user` in `entry`'s pair: North or South for North-South, East or West."""
    first = 0 if entry.direction == Direction.NORTH_SOUTH else 1
    return first if entry.user_id == user.pk else first + 2


def my_pair(session: Session, user: User | None) -> Entry | None:
    if user is None or not user.is_authenticated:
        return None
    return (
        Entry.objects.filter(event=session, number__isnull=False)
        .filter(Q(user=user) | Q(partner=user))
        .select_related("user", "partner")
        .first()
    )


def my_seats(session: Session, user: User | None) -> list[dict]:
    """Where the person sits in each round: table, seat, opponents, boards, and the state
    of the round for them (done, now, next, later)."""
    pair = my_pair(session, user)
    if pair is None:
        return []
    by_number = pairs(session)
    other = "ew" if pair.direction == Direction.NORTH_SOUTH else "ns"
    mine = {
        row.board.number: row
        for row in BoardGame.objects.filter(Q(entry=pair) | Q(opponent=pair)).select_related(
            "board", "game"
        )
    }
    out = []
    for number, tables in enumerate(session_schedule(session), start=1):
        table = next(t for t in tables if getattr(t, pair.direction) == pair.number)
        opponents = by_number[(other, getattr(table, other))]
        boards = table_boards(session, table)
        rows = [mine[b] for b in boards if b in mine]
        playing = next((row for row in rows if not row.finished and row.game_id), None)
        if number < session.round or (number == session.round and len(rows) == len(boards)
                                      and all(row.finished for row in rows)):  # fmt: skip
            state = "done"
        elif number == session.round:
            state = "now"
        elif number == session.round + 1 and session.status == Session.Status.RUNNING:
            state = "next"
        else:
            state = "later"
        out.append(
            {
                "round": number,
                "table": table.table,
                "seat": SEATS[_seat_of(pair, user)],
                "opponents": opponents,
                "boards": boards,
                "state": state,
                "game": playing.game if playing else None,
                "board": playing.board.number if playing else None,
            }
        )
    return out


def current_seat(seats: list[dict]) -> dict | None:
    """Where the player goes now (the round in play), else where they go next."""
    return next((s for s in seats if s["state"] == "now"), None) or next(
        (s for s in seats if s["state"] == "next"), None
    )


def club_sessions(club, user: User | None, limit: int = 5) -> list[dict]:
    """A club's sessions under way or published, newest first, each with where the viewer
    sits now or next in a running one."""
    sessions = Session.objects.filter(club=club).exclude(status=Session.Status.DRAFT)
    out = []
    for session in sessions.order_by("-opens_at")[:limit]:
        running = session.status == Session.Status.RUNNING
        seats = my_seats(session, user) if running else []
        out.append({"session": session, "current": current_seat(seats)})
    return out


def progress(session: Session) -> list[dict]:
    """The director's view of the round started last: each table's pairs and boards, each
    board done, averaged, in play or waiting (no cards, no scores)."""
    if session.round == 0:
        return []
    by_number = pairs(session)
    rows = {(row.table, row.board.number): row for row in round_rows(session, session.round)}
    out = []
    for table in session_schedule(session)[session.round - 1]:
        boards = []
        for number in table_boards(session, table):
            row = rows.get((table.table, number))
            if row is None:
                state = "waiting"
            elif row.averaged:
                state = "averaged"
            elif row.finished:
                state = "done"
            else:
                state = "playing"
            boards.append({"number": number, "state": state, "game": row.game if row else None})
        out.append(
            {
                "table": table.table,
                "ns": by_number[(Direction.NORTH_SOUTH, table.ns)],
                "ew": by_number[(Direction.EAST_WEST, table.ew)],
                "boards": boards,
                "done": sum(board["state"] in ("done", "averaged") for board in boards),
            }
        )
    return out


def board_of(session: Session, number: int) -> Board:
    board = session.boards.filter(number=number).first()
    if board is None:
        raise NotFound(f"There is no board {number} in this session")
    return board


def check_may_see_board(session: Session, board: Board, user: User | None) -> None:
    """Forbidden unless the session is closed or the viewer's pair is done with the board
    (the board's cards are the same at every table)."""
    if session.closed:
        return
    if board.number not in boards_seen(session, my_pair(session, user)):
        raise Forbidden(
            f"Board {board.number} is shown to those who have played it until the session ends"
        )


def boards_seen(session: Session, pair: Entry | None) -> set[int]:
    """The numbers of the boards the pair is done with (their travellers are open to it)."""
    if pair is None:
        return set()
    rows = BoardGame.objects.filter(board__event=session, finished=True).filter(
        Q(entry=pair) | Q(opponent=pair)
    )
    return set(rows.values_list("board__number", flat=True))


def _board_results(session: Session) -> dict[int, dict[int, int]]:
    """{board number: {table: North-South result}} of the boards played (not averaged)."""
    out: dict[int, dict[int, int]] = {}
    rows = BoardGame.objects.filter(board__event=session, finished=True, averaged=False)
    for number, table, result in rows.values_list("board__number", "table", "result"):
        out.setdefault(number, {})[table] = result
    return out


def traveller(session: Session, board: Board) -> list[dict]:
    """Every table's result on the board, best for North-South first, with each side's
    matchpoint percentage (callers check check_may_see_board first)."""
    rows = list(
        BoardGame.objects.filter(board=board, finished=True).select_related(
            "entry__user", "entry__partner", "opponent__user", "opponent__partner"
        )
    )
    played = [row for row in rows if not row.averaged]
    played.sort(key=lambda row: (-row.result, row.table))
    ns = matchpoints.board_percentages([row.result for row in played]) if played else []
    out = [
        {
            "table": row.table,
            "ns": row.entry,
            "ew": row.opponent,
            "game": row.game_id,
            "bids": row.bids,
            "tricks": row.tricks,
            "score": row.points,
            "result": row.result,
            "ns_percentage": round(percentage, 2),
            "ew_percentage": round(100 - percentage, 2),
            "averaged": False,
        }
        for row, percentage in zip(played, ns, strict=True)
    ]
    out.extend(
        {"table": row.table, "ns": row.entry, "ew": row.opponent, "game": row.game_id,
         "averaged": True, "ns_percentage": matchpoints.AVERAGE,
         "ew_percentage": matchpoints.AVERAGE}
        for row in rows if row.averaged
    )  # fmt: skip
    return out


def mitchell_rankings(session: Session) -> dict[str, list[dict]]:
    """The North-South and the East-West ranking by matchpoint percentage: each direction's
    results compared on each board, a director's average counted as 50%."""
    ns_results: dict[int, dict[int, int]] = {}
    ew_results: dict[int, dict[int, int]] = {}
    averaged: dict[int, int] = {}
    rows = BoardGame.objects.filter(board__event=session, finished=True)
    for board_id, ns, ew, result, is_average in rows.values_list(
        "board_id", "entry_id", "opponent_id", "result", "averaged"
    ):
        if is_average:
            averaged[ns] = averaged.get(ns, 0) + 1
            averaged[ew] = averaged.get(ew, 0) + 1
        else:
            ns_results.setdefault(board_id, {})[ns] = result
            ew_results.setdefault(board_id, {})[ew] = -result
    entries = {entry.pk: entry for entry in pairs(session).values()}
    out = {}
    for direction, results in (("ns", ns_results), ("ew", ew_results)):
        keys = [pk for pk, entry in entries.items() if entry.direction == direction]
        # This direction's averages only: the others' would take ranks in this ranking.
        mine = {pk: count for pk, count in averaged.items() if pk in keys}
        lines = matchpoints.standings(results, keys, averaged=mine)
        out[direction] = [
            {"rank": line.rank, "pair": entries[line.key], "boards": line.boards,
             "score": None if line.score is None else round(line.score, 2)}
            for line in lines if line.key in keys
        ]  # fmt: skip
    return out


def team_result(session: Session) -> dict:
    """A team match's boards (each table's North-South result, the net for team A and its
    IMPs) and the totals in IMPs and victory points. Team A's North-South pair sits at
    table 1, so team A's net on a board is table 1's result minus table 2's."""
    results = _board_results(session)
    averaged = set(
        BoardGame.objects.filter(board__event=session, averaged=True).values_list(
            "board__number", flat=True
        )
    )
    boards, total_a, total_b, scored = [], 0, 0, 0
    for number in range(1, session.boards_total + 1):
        one, two = results.get(number, {}).get(1), results.get(number, {}).get(2)
        row = {"number": number, "table1": one, "table2": two, "averaged": number in averaged}
        if row["averaged"]:
            row.update(net=0, imps_a=0, imps_b=0)
            scored += 1
        elif one is not None and two is not None:
            won = imps.imps(one - two)
            row.update(net=one - two, imps_a=max(won, 0), imps_b=max(-won, 0))
            total_a, total_b, scored = total_a + row["imps_a"], total_b + row["imps_b"], scored + 1
        boards.append(row)
    entries = sorted(pairs(session).values(), key=lambda e: e.direction != Direction.NORTH_SOUTH)
    by_team = {team: [e for e in entries if e.team == team] for team in ("A", "B")}
    vps = imps.victory_points(total_a - total_b, scored) if scored else (None, None)
    return {
        "boards": boards,
        "teams": [
            {"team": "A", "pairs": by_team["A"], "imps": total_a, "vps": vps[0]},
            {"team": "B", "pairs": by_team["B"], "imps": total_b, "vps": vps[1]},
        ],
        "scored": scored,
        "blowout": round(imps.blowout(max(scored, 1)), 1),
    }
