"""Reads of games: the snapshot pushed to viewers and each viewer's payload of it."""

from django.db.models import Q
from django.urls import reverse

from accounts.names import seat_name
from core.errors import NotFound
from games import hooks, rows
from games.board import board_result
from games.engine import GameState, Ruleset, team_of, view_for
from games.models import ChatMessage, Game, Seat
from games.rules_text import HOUSE_RULES, VARIANTS


def seats_of(game: Game) -> list[Seat]:
    """The seats in order, each with its person's `username` (None for a bot or an open
    seat). Every action reads them: the name alone, not whole users (games.rows)."""
    return rows.seats(game.pk)


def unfinished_games_of(user_ids) -> dict[int, Game]:
    """The unfinished game each of these people is at: a table waiting to start, or a game
    in play where they play their own cards. A game they left (a bot plays for them) does
    not hold them: they may sit down elsewhere, and then do not come back to it."""
    seats = Seat.objects.filter(
        Q(game__status=Game.Status.WAITING) | Q(game__status=Game.Status.PLAYING, away=False),
        user_id__in=[pk for pk in user_ids if pk is not None],
    ).select_related("game")
    return {seat.user_id: seat.game for seat in seats}


def unfinished_game_of(user_id: int) -> Game | None:
    return unfinished_games_of([user_id]).get(user_id)


def ever_seated(user_id: int) -> bool:
    """Has the person ever sat at a table (played, or is playing, a game)?"""
    return Seat.objects.filter(user_id=user_id).exists()


def game_snapshot(game: Game, seats: list[Seat] | None = None) -> dict:
    """Everything needed to render any viewer's payload (server-side only: it holds the
    full engine state, so it goes to consumers, never to a client). `seats` as seats_of."""
    if seats is None:
        seats = seats_of(game)
    extras = page_extras(game)
    names_from = extras.get("names_from") or game.pk
    return {
        "id": game.pk,
        "status": game.status,
        "version": game.version,
        "private": game.private,
        "preset": game.preset,
        "ranked": game.ranked,
        "ruleset": game.ruleset,
        "extras": extras,
        "state": game.state,
        "turn_deadline": game.turn_deadline.isoformat() if game.turn_deadline else None,
        "winner": game.winner,
        "rematch": game.rematch_id,
        # The person who opened the table, where they sit: they may seat bots at it.
        "owner_seat": next(
            (
                seat.position
                for seat in seats
                if seat.user_id and seat.user_id == game.created_by_id
            ),
            None,
        ),
        # Open seats kept for people invited (a waiting private table's only: cheap).
        "held_seats": sorted(held_seats(game.pk))
        if game.private and game.status == Game.Status.WAITING
        else [],
        "seats": [
            {
                "seat": seat.position,
                "user_id": seat.user_id,
                "name": seat_name(
                    username=seat.username,
                    bot_level=seat.bot_level,
                    game_id=names_from,
                    position=seat.position,
                ),
                "bot": seat.bot_level or None,
                "away": seat.away,
            }
            for seat in seats
        ],
    }


def game_url(game: Game) -> str:
    """The game page; a private game's link carries its invite (not a players-only game's:
    no invite lets anyone else in)."""
    url = reverse("game", args=[game.pk])
    return f"{url}?invite={game.invite}" if game.private and not game.players_only else url


def viewer_seat(snapshot: dict, user_id: int | None) -> int | None:
    if user_id is None:
        return None
    for seat in snapshot["seats"]:
        if seat["user_id"] == user_id:
            return seat["seat"]
    return None


def game_payload(snapshot: dict, seat: int | None, state: GameState | None = None) -> dict:
    """What one viewer receives (API and JSON WebSocket): their view, never others' cards.
    `state`: the snapshot's state, if the caller has parsed it already."""
    view = None
    if snapshot["state"] is not None:
        view = view_for(state or GameState.from_dict(snapshot["state"]), seat)
    # A duplicate board has no winner: once its hand is over, its board result instead.
    is_board = bool(snapshot["extras"].get("board"))
    board = None
    if is_board and view is not None and view["hands"]:
        side = None if seat is None else team_of(seat)
        board = board_result(Ruleset.from_dict(snapshot["ruleset"]), view["hands"][-1], side)
    return {
        "id": snapshot["id"],
        "version": snapshot["version"],
        "status": snapshot["status"],
        "seat": seat,
        "seats": [
            {key: entry[key] for key in ("seat", "name", "bot", "away")}
            for entry in snapshot["seats"]
        ],
        "view": view,
        "legal": view["legal"] if view else [],
        "turn_deadline": snapshot["turn_deadline"],
        "winner": None if is_board else snapshot["winner"],
        "board": board,
        "rematch": snapshot["rematch"],
        "private": snapshot["private"],
        "owner_seat": snapshot["owner_seat"],
        "held_seats": snapshot["held_seats"],
        "preset": snapshot["preset"],
        "ranked": snapshot["ranked"],
        "ruleset": snapshot["ruleset"],
        "extras": snapshot["extras"],
    }


def access_game(user_id: int | None, game_id: int, *, invite: str | None) -> Game:
    """The game, if the viewer may watch it: public games are open to all, private ones to
    their creator, players and invite holders, a players-only game to its players alone.
    Otherwise NotFound, the same answer as for a game that does not exist, so that a
    private game's existence does not show."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound(f"There is no game {game_id}")
    seated = user_id is not None and game.seats.filter(user_id=user_id).exists()
    if seated or (
        not game.players_only
        and (
            not game.private
            or (invite and invite == game.invite)
            or (user_id is not None and game.created_by_id == user_id)
        )
    ):
        return game
    raise NotFound(f"There is no game {game_id}")


def chat_entry(message: ChatMessage) -> dict:
    return {
        "id": message.pk,
        "user": message.user.username,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def page_extras(game: Game) -> dict:
    """What the apps built on games add to this game's page (games.hooks.page_extras)."""
    extras: dict = {}
    for provider in hooks.page_extras:
        extras.update(provider(game))
    return extras


def muted_names(user_id: int | None) -> set[str]:
    """Whose table chat this person does not see (games.hooks.chat_muters)."""
    if user_id is None:
        return set()
    return set().union(*(muter(user_id) for muter in hooks.chat_muters))


def held_seats(game_id: int) -> set[int]:
    """The open seats of a waiting table kept for someone (games.hooks.seat_holders)."""
    return set().union(*(holder(game_id) for holder in hooks.seat_holders))


def chat_shown(game: Game, payload: dict) -> bool:
    """Whether the viewer of `payload` gets a chat box: not a player whose other seats are
    all bots at a table nobody else may watch (a daily board), with nobody to read it."""
    me = payload["seat"]
    return (
        me is None
        or not game.players_only
        or any(not entry["bot"] for entry in payload["seats"] if entry["seat"] != me)
    )


def chat_history(game: Game, *, viewer_id: int | None, limit: int = 50) -> list[dict]:
    messages = game.chat.select_related("user").order_by("-created_at", "-pk")[:limit]
    muted = muted_names(viewer_id)
    return [chat_entry(m) for m in reversed(messages) if m.user.username not in muted]


def variant_filter(variant: str) -> Q:
    """The games of a variant or house rule, read from their stored options (a game
    stored before the variants has none of them: it is classic)."""
    if variant in HOUSE_RULES:
        option, values, _ = HOUSE_RULES[variant]
        return Q(**{f"ruleset__{option}__in": values})
    if variant != "classic":
        option, value, _ = VARIANTS[variant]
        return Q(**{f"ruleset__{option}": value})
    classic = Q()
    for option in {option for option, _, _ in VARIANTS.values()}:
        default = getattr(Ruleset(), option)
        classic &= Q(**{f"ruleset__{option}__isnull": True}) | Q(**{f"ruleset__{option}": default})
    return classic


def lobby_tables(limit: int = 30, variant: str | None = None) -> dict:
    """Public tables waiting for players, and public games in progress to watch; with a
    `variant` (games.rules_text.VARIANTS or HOUSE_RULES, or "classic": none of the
    variants), only its games."""
    public = Game.objects.filter(private=False, players_only=False).prefetch_related("seats__user")
    if variant:
        public = public.filter(variant_filter(variant))
    return {
        "open_tables": list(
            public.filter(status=Game.Status.WAITING).order_by("-created_at")[:limit]
        ),
        "live_games": list(
            public.filter(status=Game.Status.PLAYING).order_by("-started_at")[:limit]
        ),
    }
