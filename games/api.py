"""The JSON API (session or `Authorization: Bearer <token>`): thin views over services."""

import functools
import json

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_POST

from accounts.tokens import bearer_token, user_for_token
from games import services
from games.models import Game
from games.selectors import game_payload, game_snapshot, game_url, may_watch, viewer_seat

MAX_BODY = 16 * 1024


def _error(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def api_view(view):
    """Authenticates (token, else session with CSRF), parses the JSON body, and turns
    GameError into its status code. Malformed input is a 400, never a 500."""

    @csrf_exempt
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs):
        header = request.headers.get("Authorization", "")
        if header:
            token = bearer_token(header)
            user = user_for_token(token) if token else None
            if user is None:
                return _error("Invalid or revoked API token", 401)
            request.user = user
        elif request.method == "POST":
            # Session callers are browsers: the usual CSRF protection applies.
            refused = csrf_protect(lambda request: None)(request)
            if refused is not None:
                return _error("CSRF check failed: send the X-CSRFToken header", 403)
        if not request.user.is_authenticated:
            return _error("Log in or send an API token", 401)
        body = {}
        if request.method == "POST" and request.body:
            if len(request.body) > MAX_BODY:
                return _error("Request body too large", 413)
            try:
                body = json.loads(request.body)
            except (ValueError, UnicodeDecodeError):
                return _error("The body is not valid JSON", 400)
            if not isinstance(body, dict):
                return _error("The body must be a JSON object", 400)
        try:
            return view(request, body, *args, **kwargs)
        except services.GameError as error:
            return _error(str(error), error.status)

    return wrapper


def _payload_response(game: Game, user_id: int | None, status: int = 200) -> JsonResponse:
    snapshot = game_snapshot(game)
    return JsonResponse(game_payload(snapshot, viewer_seat(snapshot, user_id)), status=status)


@require_POST
@api_view
def table_create(request, body):
    unknown = set(body) - {"preset", "options", "bots", "private", "turn_seconds"}
    if unknown:
        return _error(f"Unknown field(s): {', '.join(sorted(unknown))}", 400)
    preset = body.get("preset", "classic")
    if not isinstance(preset, str):
        return _error("preset must be a string", 400)
    game = services.table_create(
        owner=request.user,
        preset=preset,
        options=body.get("options"),
        bots=body.get("bots"),
        private=body.get("private", False),
        turn_seconds=body.get("turn_seconds", 30),
    )
    body = {"id": game.pk, "url": game_url(game)}
    if game.private:
        body["invite"] = game.invite
    return JsonResponse(body, status=201)


@require_POST
@api_view
def table_join(request, body, game_id: int):
    game = services.table_join(
        game_id=game_id, user=request.user, seat=body.get("seat"), invite=body.get("invite")
    )
    return _payload_response(game, request.user.pk)


@require_POST
@api_view
def table_leave(request, body, game_id: int):
    game = services.table_leave(game_id=game_id, user=request.user)
    if game.pk is None:
        return JsonResponse({"id": game_id, "status": "deleted"})
    return _payload_response(game, request.user.pk)


@require_GET
@api_view
def game_detail(request, body, game_id: int):
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not may_watch(game, request.user.pk, request.GET.get("invite")):
        return _error(f"There is no game {game_id}", 404)
    return _payload_response(game, request.user.pk)


@require_POST
@api_view
def game_action(request, body, game_id: int):
    data = dict(body)
    version = data.pop("version", None)
    game = services.game_act(
        game_id=game_id, user=request.user, data=data, expected_version=version
    )
    return _payload_response(game, request.user.pk)
