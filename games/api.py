"""The JSON API (session or `Authorization: Bearer <token>`): thin views over services."""

import json
from urllib.parse import urlencode

from asgiref.sync import sync_to_async
from django.http import JsonResponse, StreamingHttpResponse

from core.api import api_view
from core.schemas import validate
from games import archive
from games.history import deal_check
from games.models import Game
from games.schemas import (
    ActionIn,
    DealVerified,
    FillIn,
    GameExport,
    GamePayload,
    GamesQuery,
    JoinIn,
    TableCreated,
    TableDeleted,
    TableIn,
    VerifyQuery,
)
from games.selectors import (
    access_game,
    game_payload,
    game_snapshot,
    game_url,
    verify_deck,
    viewer_seat,
)
from games.services import play, tables

GAME = {200: GamePayload}


def _payload_response(game: Game, user_id: int | None, status: int = 200) -> JsonResponse:
    snapshot = game_snapshot(game)
    return JsonResponse(game_payload(snapshot, viewer_seat(snapshot, user_id)), status=status)


@api_view(body=TableIn, responses={201: TableCreated})
def table_create(request, body):
    """Opens a table (the caller sits at seat 0), with bots at the seats asked for."""
    table = validate(TableIn, body)
    game = tables.table_create(
        owner=request.user,
        preset=table.preset,
        options=table.options,
        bots=table.bots,
        private=table.private,
        turn_seconds=table.turn_seconds,
    )
    invite = game.invite if game.private else None
    created = TableCreated(id=game.pk, url=game_url(game), invite=invite)
    return JsonResponse(created.data(), status=201)


@api_view(body=JoinIn, responses=GAME)
def table_join(request, body, game_id: int):
    """Sits the caller at a free seat (a private table needs its invite)."""
    join = validate(JoinIn, body)
    game = tables.table_join(game_id=game_id, user=request.user, seat=join.seat, invite=join.invite)
    return _payload_response(game, request.user.pk)


@api_view(responses={200: GamePayload | TableDeleted})
def table_leave(request, body, game_id: int):
    """Leaves the table; the last person to leave a table not yet started deletes it."""
    game = tables.table_leave(game_id=game_id, user=request.user)
    if game.pk is None:
        return JsonResponse(TableDeleted(id=game_id, status="deleted").data())
    return _payload_response(game, request.user.pk)


@api_view(body=FillIn, responses=GAME)
def table_fill(request, body, game_id: int):
    """Bots (body {"level": ...}, standard if left out) take the open seats of the caller's
    private table, but not the seats of people invited."""
    fill = validate(FillIn, body)
    game = tables.table_fill(game_id=game_id, user=request.user, level=fill.level)
    return _payload_response(game, request.user.pk)


@api_view(methods=["GET"], responses=GAME)
def game_detail(request, body, game_id: int):
    """A game as the caller sees it (`?invite=` for a private game's invite holder)."""
    game = access_game(request.user.pk, game_id, invite=request.GET.get("invite"))
    return _payload_response(game, request.user.pk)


@api_view(body=ActionIn, responses=GAME)
def game_action(request, body, game_id: int):
    """Makes a move: a bid, a look at one's cards, the cards of a Nil pass, or a card played."""
    version = validate(ActionIn, body).version
    data = {key: entry for key, entry in body.items() if key != "version"}
    game = play.game_act(game_id=game_id, user=request.user, data=data, expected_version=version)
    return _payload_response(game, request.user.pk)


@api_view(methods=["GET"], anonymous=True, responses={200: GameExport})
def game_export(request, body, game_id: int):
    """A finished game as one document (README "Game export format")."""
    game = archive.finished_game(request.user.pk, game_id, invite=request.GET.get("invite"))
    return JsonResponse(archive.export(game))


EXPORT_BATCH = 10  # documents built at a time while streaming


NDJSON = "One export document (GameExport, as /api/games/{id}/export) a line"


@api_view(methods=["GET"], anonymous=True, query=GamesQuery, responses={200: NDJSON})
def user_games(request, body, username: str):
    """A player's finished games as NDJSON, oldest first; `Link: <...>; rel="next"` points
    to the next page."""
    player = archive.player_named(username)
    page = validate(GamesQuery, request.GET.dict(), forms=True)
    cursor = archive.Cursor(since=page.since, after=page.after)
    game_ids, following = archive.games_page(player, request.user.pk, cursor, page.limit)
    response = StreamingHttpResponse(_ndjson(game_ids), content_type="application/x-ndjson")
    if following is not None:
        query = {
            "since": following.since.isoformat(),
            "after": following.after,
            "limit": page.limit,
        }
        response["Link"] = f'<{request.path}?{urlencode(query)}>; rel="next"'
    return response


async def _ndjson(game_ids: list[int]):
    """One document a line, a few built at a time: the server (ASGI) streams an async
    iterator as it goes, where a plain one would be read whole first."""
    build = sync_to_async(lambda ids: list(archive.exports(ids)))
    for start in range(0, len(game_ids), EXPORT_BATCH):
        for document in await build(game_ids[start : start + EXPORT_BATCH]):
            yield json.dumps(document, separators=(",", ":")).encode() + b"\n"


@api_view(methods=["GET"], anonymous=True, query=VerifyQuery, responses={200: DealVerified})
def verify(request, body):
    """Checks a revealed hand seed against its commitment and gives the four hands it
    deals (the verify page's answer); `deck=jokers` for a Joker Spades deal, or no deck for
    the deck of the game whose hand published the commitment."""
    asked = validate(VerifyQuery, request.GET.dict(), forms=True)
    deck = verify_deck(asked.commitment, asked.deck)  # left out: the game's deck
    checked = deal_check(bytes.fromhex(asked.seed), asked.commitment, asked.dealer, deck)
    return JsonResponse(DealVerified(**checked).data())
