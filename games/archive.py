"""Reads of finished games for a player's archive, the replay page and the export API:
who may see which game, and a game's export document (built by games.history)."""

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from django.core.paginator import Paginator
from django.db.models import (
    Exists,
    F,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
)
from django.urls import reverse

from accounts.models import User
from core.errors import Conflict, NotFound
from games import history
from games.board import board_result, signed
from games.models import Action, Game, Seat, team_of_column
from games.selectors import access_game, game_snapshot

PAGE_SIZE = 20  # games per archive page
RESULTS = {"won": "Won", "lost": "Lost"}


def player_named(username: str) -> User:
    """The player with this username, else NotFound (also for a name with a NUL, which
    no account has and PostgreSQL would refuse to compare)."""
    player = None if "\x00" in username else User.objects.filter(username=username).first()
    if player is None:
        raise NotFound(f"There is no player {username}")
    return player


def _visible_to(viewer_id: int | None) -> Q:
    """Public games, and private ones to their creator and players (a list has no invite
    to check: invite holders see a private game through its own link); a players-only
    game to its players alone."""
    public = Q(private=False, players_only=False)
    if viewer_id is None:
        return public
    played = Exists(Seat.objects.filter(game_id=OuterRef("pk"), user_id=viewer_id))
    return public | Q(created_by_id=viewer_id, players_only=False) | Q(played)


def _finished_games_of(player: User, viewer_id: int | None) -> QuerySet:
    """The finished games `player` sat at that the viewer may see, each annotated with
    the player's `position` and `team` (their side: a seat alone in Solo)."""
    seat = Seat.objects.filter(game_id=OuterRef("pk"), user_id=player.pk)
    return (
        Game.objects.filter(Exists(seat), status=Game.Status.FINISHED, finished_at__isnull=False)
        .filter(_visible_to(viewer_id))
        .annotate(position=Subquery(seat.values("position")[:1]))
        .annotate(team=team_of_column(ruleset="ruleset"))
    )


def _with_named_seats(games: QuerySet) -> QuerySet:
    return games.prefetch_related(
        Prefetch(
            "seats",
            queryset=Seat.objects.annotate(username=F("user__username")).order_by("position"),
        )
    )


def seat_entries(game: Game, seats: list[Seat] | None = None) -> list[dict]:
    """seat, name and bot of each seat, named as at the table (games.selectors)."""
    return [
        {key: entry[key] for key in ("seat", "name", "bot")}
        for entry in game_snapshot(game, seats)["seats"]
    ]


def replay_url(game: Game) -> str:
    url = reverse("replay", args=[game.pk])
    return f"{url}?invite={game.invite}" if game.private else url


def archive(
    player: User, viewer_id: int | None, *, kind: str, result: str, page: str | None
) -> dict:
    """One page of the player's finished games, newest first: `kind` one of game_kinds() or
    "" (all), `result` "won", "lost" or "" (all)."""
    games = _finished_games_of(player, viewer_id)
    if kind:
        games = games.filter(kind=kind)
    if result == "won":
        games = games.filter(winner=F("team"))
    elif result == "lost":
        games = games.exclude(winner=F("team"))
    paginator = Paginator(_with_named_seats(games).order_by("-finished_at", "-pk"), PAGE_SIZE)
    current = paginator.get_page(page)
    return {"page": current, "rows": [_row(game) for game in current]}


def _row(game: Game) -> dict:
    snapshot = game_snapshot(game, list(game.seats.all()))
    names = [entry["name"] for entry in snapshot["seats"]]
    team, rules = game.team, game.rules
    scores = game.state["scores"]
    board = None
    if snapshot["extras"].get("board"):  # a duplicate board: its board score, no winner
        board = board_result(rules, game.state["results"][-1], team)
        scores = board["points"]
    others = [side for side in range(rules.sides) if side != team]
    mine = set(rules.seats_of(team))
    return {
        "id": game.pk,
        "url": replay_url(game),
        "finished_at": game.finished_at,
        "kind": game.get_kind_display(),
        "preset": game.preset,
        "won": game.winner == team,
        "board": None if board is None else signed(board["result"][team]),
        "score": scores[team],
        # In Solo the best of the three others: the score to beat.
        "opponent_score": max(scores[side] for side in others),
        "partner": None if rules.solo else names[(game.position + 2) % 4],
        "opponents": [names[seat] for seat in range(4) if seat not in mine],
        "hands": len(game.state["results"]),
    }


def finished_game(viewer_id: int | None, game_id: int, *, invite: str | None) -> Game:
    """A game the viewer may see (else NotFound), once it is over: a game in play keeps
    its cards hidden, so its replay and export are refused until it ends."""
    game = access_game(viewer_id, game_id, invite=invite)
    if game.status != Game.Status.FINISHED:
        raise Conflict(f"Game {game.pk} is not over yet: its replay and export open when it ends")
    return game


def export(game: Game) -> dict:
    """The export document of a finished game (format 1, README "Game export format")."""
    log = Action.objects.filter(game_id=game.pk).order_by("version").values_list("seat", "payload")
    return history.export_document(
        game={
            "id": game.pk,
            "preset": game.preset,
            "ruleset": game.ruleset,
            "kind": game.kind,
            "ranked": game.ranked,
            **{
                key: getattr(game, key).isoformat() if getattr(game, key) else None
                for key in ("created_at", "started_at", "finished_at")
            },
        },
        seats=seat_entries(game),
        seed=bytes.fromhex(game.seed),
        log=log.iterator(chunk_size=1000),
    )


@dataclass(frozen=True)
class Cursor:
    """Where a page of a player's games starts: games finished at or after `since`, but
    for those finished exactly then with an id up to `after` (the previous page's last)."""

    since: datetime | None = None
    after: int | None = None


def games_page(
    player: User, viewer_id: int | None, cursor: Cursor, limit: int
) -> tuple[list[int], Cursor | None]:
    """The ids of up to `limit` of the player's finished games, oldest first from the
    cursor, and the cursor of the next page (None on the last)."""
    games = _finished_games_of(player, viewer_id)
    if cursor.since is not None:
        later = Q(finished_at__gt=cursor.since)
        at = Q(finished_at=cursor.since)
        if cursor.after is not None:
            at &= Q(pk__gt=cursor.after)
        games = games.filter(later | at)
    rows = list(games.order_by("finished_at", "pk").values_list("pk", "finished_at")[: limit + 1])
    if len(rows) <= limit:
        return [pk for pk, _ in rows], None
    last_pk, last_at = rows[limit - 1]
    return [pk for pk, _ in rows[:limit]], Cursor(since=last_at, after=last_pk)


def exports(game_ids: list[int]) -> Iterator[dict]:
    """The export documents of these games, in this order, one at a time."""
    for game_id in game_ids:
        game = Game.objects.filter(pk=game_id).first()
        if game is not None:  # deleted meanwhile
            yield export(game)
