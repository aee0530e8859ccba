"""The JSON API (session or `Authorization: Bearer <token>`): thin views over services."""

import functools
import json
from urllib.parse import urlencode

from asgiref.sync import sync_to_async
from django.http import HttpRequest, JsonResponse, StreamingHttpResponse
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_POST

from accounts.tokens import bearer_token, user_for_token
from core.errors import Forbidden, Invalid, TooLarge, Unauthenticated
from games import archive, inputs
from games.models import Game
from games.selectors import access_game, game_payload, game_snapshot, game_url, viewer_seat
from games.services import play, tables

MAX_BODY = 16 * 1024


def api_view(view=None, *, anonymous: bool = False):
    """Authenticates (token, else session with CSRF) and parses the JSON body into a dict.
    With `anonymous`, a caller without token or session may call it too (reads of public
    games); a bad token is refused all the same.

    Refusals, raised here or by the services, become JSON errors in core.middleware."""
    if view is None:
        return functools.partial(api_view, anonymous=anonymous)

    @csrf_exempt
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs):
        header = request.headers.get("Authorization", "")
        if header:
            token = bearer_token(header)
            user = user_for_token(token) if token else None
            if user is None:
                raise Unauthenticated("Invalid or revoked API token")
            request.user = user
        # Session callers are browsers: the usual CSRF protection applies.
        elif request.method == "POST" and csrf_protect(lambda request: None)(request) is not None:
            raise Forbidden("CSRF check failed: send the X-CSRFToken header")
        if not (anonymous or request.user.is_authenticated):
            raise Unauthenticated("Log in or send an API token")
        body = _json_body(request) if request.method == "POST" else {}
        return view(request, body, *args, **kwargs)

    return wrapper


def _json_body(request: HttpRequest) -> dict:
    """The request's JSON object; reads no more than the limit. A body with nothing in it
    is {}: empty, blank, or an empty form (what e.g. Django's test client and a form
    without fields send), so that an action with nothing to send needs no body at all."""
    raw = request.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        raise TooLarge(f"The body must be at most {MAX_BODY // 1024} KB")
    if not raw.strip() or _empty_form(request, raw):
        return {}
    return inputs.json_object(raw, "The body")


def _empty_form(request: HttpRequest, raw: bytes) -> bool:
    """A multipart form without a single field: only its closing boundary."""
    if request.content_type != "multipart/form-data":
        return False
    boundary = request.content_params.get("boundary", "")
    return bool(boundary) and raw.strip() == f"--{boundary}--".encode("utf-8", "replace")


def _payload_response(game: Game, user_id: int | None, status: int = 200) -> JsonResponse:
    snapshot = game_snapshot(game)
    return JsonResponse(game_payload(snapshot, viewer_seat(snapshot, user_id)), status=status)


@require_POST
@api_view
def table_create(request, body):
    table = inputs.table(body)
    game = tables.table_create(
        owner=request.user,
        preset=table.preset,
        options=table.options,
        bots=table.bots,
        private=table.private,
        turn_seconds=table.turn_seconds,
    )
    body = {"id": game.pk, "url": game_url(game)}
    if game.private:
        body["invite"] = game.invite
    return JsonResponse(body, status=201)


@require_POST
@api_view
def table_join(request, body, game_id: int):
    invite = body.get("invite")
    if invite is not None and not isinstance(invite, str):
        raise Invalid("invite must be a string")
    game = tables.table_join(
        game_id=game_id, user=request.user, seat=inputs.seat(body.get("seat")), invite=invite
    )
    return _payload_response(game, request.user.pk)


@require_POST
@api_view
def table_leave(request, body, game_id: int):
    game = tables.table_leave(game_id=game_id, user=request.user)
    if game.pk is None:
        return JsonResponse({"id": game_id, "status": "deleted"})
    return _payload_response(game, request.user.pk)


@require_POST
@api_view
def table_fill(request, body, game_id: int):
    """Bots (body {"level": ...}, standard if left out) take the open seats of the caller's
    private table, but not the seats of people invited."""
    level = body.get("level", "standard")
    if not isinstance(level, str):
        raise Invalid("level must be a string")
    game = tables.table_fill(game_id=game_id, user=request.user, level=level)
    return _payload_response(game, request.user.pk)


@require_GET
@api_view
def game_detail(request, body, game_id: int):
    game = access_game(request.user.pk, game_id, invite=request.GET.get("invite"))
    return _payload_response(game, request.user.pk)


@require_POST
@api_view
def game_action(request, body, game_id: int):
    data = dict(body)
    version = inputs.version(data.pop("version", None))
    game = play.game_act(game_id=game_id, user=request.user, data=data, expected_version=version)
    return _payload_response(game, request.user.pk)


@require_GET
@api_view(anonymous=True)
def game_export(request, body, game_id: int):
    """A finished game as one document (README "Game export format")."""
    game = archive.finished_game(request.user.pk, game_id, invite=request.GET.get("invite"))
    return JsonResponse(archive.export(game))


GAMES_LIMIT = (50, 100)  # default and most games per page of a player's games
EXPORT_BATCH = 10  # documents built at a time while streaming


@require_GET
@api_view(anonymous=True)
def user_games(request, body, username: str):
    """A player's finished games as NDJSON, oldest first; `Link: <...>; rel="next"` points
    to the next page."""
    player = archive.player_named(username)
    since = inputs.timestamp(request.GET.get("since"), "since")
    after = request.GET.get("after")
    after = None if after is None else inputs.whole_number(after, "after", forms=True)
    if after is not None and since is None:
        raise Invalid("after needs since (use the next link of the previous page)")
    default, most = GAMES_LIMIT
    limit = inputs.whole_number(request.GET.get("limit", default), "limit", forms=True)
    if not 1 <= limit <= most:
        raise Invalid(f"limit must be a whole number from 1 to {most}")
    cursor = archive.Cursor(since=since, after=after)
    game_ids, following = archive.games_page(player, request.user.pk, cursor, limit)
    response = StreamingHttpResponse(_ndjson(game_ids), content_type="application/x-ndjson")
    if following is not None:
        query = {"since": following.since.isoformat(), "after": following.after, "limit": limit}
        response["Link"] = f'<{request.path}?{urlencode(query)}>; rel="next"'
    return response


async def _ndjson(game_ids: list[int]):
    """One document a line, a few built at a time: the server (ASGI) streams an async
    iterator as it goes, where a plain one would be read whole first."""
    build = sync_to_async(lambda ids: list(archive.exports(ids)))
    for start in range(0, len(game_ids), EXPORT_BATCH):
        for document in await build(game_ids[start : start + EXPORT_BATCH]):
            yield json.dumps(document, separators=(",", ":")).encode() + b"\n"
