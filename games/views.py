"""Browser pages of games: the lobby, the table, a player's archive, the replay, deal
verification. Thin: services do the writes, selectors, archive and presenters the reads."""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts.hooks import panels_of
from core import posts
from core.schemas import validate, value
from games import archive as archives, frames, hooks, presenters, selectors
from games.board import board_result, words_html
from games.forms import CreateTableForm, PlayNowForm, VerifyForm
from games.history import deal_check
from games.models import ChatMessage, game_kinds
from games.rules_text import HOUSE_RULES, VARIANTS, game_label
from games.schemas import ArchiveFilter, Seat
from games.services import tables as game_tables
from games.sides import score_sheet, side_name, standings


def _lobby_context(request: HttpRequest, create: CreateTableForm | None = None) -> dict:
    """The lobby's forms and tables; `?variant=jokers` (or a house rule: `nil-pass`) shows
    only that variant's tables (`classic`: the tables of no variant; unknown: all)."""
    variant = request.GET.get("variant", "")
    variant = (
        variant if variant in VARIANTS or variant in HOUSE_RULES or variant == "classic" else ""
    )
    tables = selectors.lobby_tables(variant=variant or None)
    for game in (*tables["open_tables"], *tables["live_games"]):
        game.rules_label = game_label(game.preset, game.ruleset)
    return {
        "play_now": PlayNowForm(),
        "create": create or CreateTableForm(),
        "variant": variant,
        "variants": [("classic", "Classic")]
        + [(name, word) for name, (_, _, word) in VARIANTS.items()],
        "house_rules": [(name, word) for name, (_, _, word) in HOUSE_RULES.items()],
        **tables,
    }


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    if request.htmx and request.htmx.target == "lobby-events":  # the events' panels, polled
        context = {"panels": panels_of(hooks.lobby_panels, request)}
        return render(request, "games/lobby.html#events", context)
    context = _lobby_context(request)
    if request.htmx:
        return render(request, "games/lobby.html#tables", context)
    context["panels"] = panels_of(hooks.lobby_panels, request)
    return render(request, "games/lobby.html", context)


@login_required
@require_POST
def play_now(request: HttpRequest) -> HttpResponse:
    form = PlayNowForm(request.POST)
    level = form.cleaned_data["level"] if form.is_valid() else "standard"
    game, error = posts.attempt(
        game_tables.table_create, owner=request.user, bots={1: level, 2: level, 3: level}
    )
    if error:  # e.g. still seated at another table
        messages.error(request, error)
        return redirect("lobby")
    return redirect(selectors.game_url(game))


@login_required
@require_POST
def create_table(request: HttpRequest) -> HttpResponse:
    form = CreateTableForm(request.POST)
    if form.is_valid():
        preset, options = form.rules()
        game, error = posts.attempt(
            game_tables.table_create,
            owner=request.user,
            preset=preset,
            options=options,
            bots=form.bots(),
            private=form.cleaned_data["private"],
            turn_seconds=form.cleaned_data["turn_seconds"],
        )
        if not error:
            return redirect(selectors.game_url(game))
        form.add_error(None, error)
    context = _lobby_context(request, form)
    context["panels"] = panels_of(hooks.lobby_panels, request)
    return render(request, "games/lobby.html", context, status=400)


@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    user_id = request.user.pk if request.user.is_authenticated else None
    game = selectors.access_game(user_id, game_id, invite=request.GET.get("invite"))
    snapshot = selectors.game_snapshot(game)
    payload = selectors.game_payload(snapshot, selectors.viewer_seat(snapshot, user_id))
    invite = request.GET.get("invite") if game.private else None
    context = {
        "game": payload,
        "chat_shown": selectors.chat_shown(game, payload),
        "panels": panels_of(hooks.table_panels, request, game),
        "table": frames.table_html(
            payload, invite=invite, logged_in=request.user.is_authenticated, oob=False
        ),
        "chat": selectors.chat_history(game, viewer_id=user_id),
        "chat_max_length": ChatMessage.MAX_LENGTH,
        # A players-only game has no invite to share: nobody else may come in.
        "invite_url": request.build_absolute_uri(selectors.game_url(game))
        if game.private and not game.players_only
        else None,
        "ws_url": f"/ws/games/{game.pk}/" + (f"?invite={invite}" if invite else ""),
    }
    return render(request, "games/game.html", context)


def _htmx_result(request: HttpRequest, call, *, follow: bool = False) -> HttpResponse:
    """Runs a service for an htmx button: a 204 (the WebSocket push redraws the table) or,
    with `follow`, a redirect to the game the service returned. A refusal becomes a toast
    in core.middleware."""
    result = call()
    response = HttpResponse(status=204)
    if follow:
        response["HX-Redirect"] = selectors.game_url(result)
    return response


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    return _htmx_result(
        request,
        lambda: game_tables.table_join(
            game_id=game_id,
            user=request.user,
            seat=value(Seat, request.POST.get("seat"), "seat", forms=True),
            invite=request.POST.get("invite"),
        ),
    )


@login_required
@require_POST
def fill_bots(request: HttpRequest, game_id: int) -> HttpResponse:
    """Bots take the open seats of the owner's private table (the push redraws it)."""
    return _htmx_result(
        request,
        lambda: game_tables.table_fill(
            game_id=game_id, user=request.user, level=request.POST.get("level", "standard")
        ),
    )


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    game_tables.table_leave(game_id=game_id, user=request.user)
    response = HttpResponse(status=204)
    response["HX-Redirect"] = reverse("lobby")  # a player who left has nothing to do here
    return response


@login_required
@require_POST
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    return _htmx_result(
        request,
        lambda: game_tables.game_rematch(game_id=game_id, user=request.user),
        follow=True,
    )


@require_GET
def verify(request: HttpRequest) -> HttpResponse:
    form = VerifyForm(request.GET or None)
    result = None
    if form.is_valid():
        data = form.cleaned_data
        result = deal_check(data["seed"], data["commitment"], data["dealer"], data["deck"])
        result["hands"] = [
            {"seat": seat, "cards": [presenters.card(code) for code in cards]}
            for seat, cards in enumerate(result["hands"])
        ]
    return render(request, "games/verify.html", {"form": form, "result": result})


def _viewer_id(request: HttpRequest) -> int | None:
    return request.user.pk if request.user.is_authenticated else None


@require_GET
def archive(request: HttpRequest, username: str) -> HttpResponse:
    """A player's finished games, newest first, filtered by kind and result."""
    player = archives.player_named(username)
    chosen = validate(ArchiveFilter, request.GET.dict())
    kind, result = chosen.kind, chosen.result
    context = {
        "player": player,
        "kind": kind,
        "result": result,
        "kinds": game_kinds(),
        "results": archives.RESULTS.items(),
        "filters": urlencode({k: v for k, v in (("kind", kind), ("result", result)) if v}),
        **archives.archive(
            player, _viewer_id(request), kind=kind, result=result, page=request.GET.get("page")
        ),
    }
    if request.htmx:
        response = render(request, "games/archive.html#list", context)
        # The address bar shows the filters chosen, without the empty ones.
        filters = context["filters"]
        response["HX-Push-Url"] = request.path + (f"?{filters}" if filters else "")
        return response
    return render(request, "games/archive.html", context)


@require_GET
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    """A finished game step by step, all hands face up (the steps: the export document)."""
    invite = request.GET.get("invite")
    game = archives.finished_game(_viewer_id(request), game_id, invite=invite)
    document = archives.export(game)
    names = [seat["name"] for seat in document["seats"]]
    viewer = _viewer_id(request)
    me = next((s.position for s in game.seats.all() if viewer and s.user_id == viewer), None)
    query = f"?{urlencode({'invite': invite})}" if game.private and invite else ""
    bottom = 0 if me is None else me  # a player sees the game from their own seat
    rules = game.rules
    solo = rules.solo
    board = None
    if selectors.page_extras(game).get("board"):  # a duplicate board: no winner, a board result
        side = None if me is None else rules.side_of(me)
        board = board_result(rules, game.state["results"][-1], side)
    context = {
        "game": game,
        "document": document,
        "labels": presenters.replay_labels(document),
        "bottom": bottom,
        "places": [
            {
                "seat": (bottom + offset) % 4,
                "place": place,
                "name": names[(bottom + offset) % 4],
                # A partnership's colour; none in Solo.
                "team": None if solo else rules.side_of(bottom + offset),
            }
            for offset, place in enumerate(presenters.PLACES)
        ],
        "teams": [
            {"names": side_name(names, side, solo=solo), "score": document["scores"][side]}
            for side in range(rules.sides)
        ],
        "solo": solo,
        "rules_label": game_label(game.preset, game.ruleset),
        "standings": standings(names, document["scores"]) if solo else None,
        "sheet": score_sheet(game.state["results"], names, board=board, solo=solo),
        "board": board,
        "board_html": words_html(board["words"]) if board else None,
        "export_url": reverse("api_game_export", args=[game.pk]) + query,
        "game_url": selectors.game_url(game),
        "analysis_url": reverse("analysis", args=[game.pk]) + query,
    }
    # A game of a fixed number of hands can end in a draw (winner None).
    first = 0 if game.winner is None else game.winner
    context["draw"] = game.winner is None
    context["winners"] = context["teams"][first]
    context["losers"] = None if solo else context["teams"][1 - first]
    return render(request, "games/replay.html", context)
