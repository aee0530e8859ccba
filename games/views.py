"""Browser pages of games: the lobby, the table, deal verification. Thin: services do
the writes, selectors and presenters the reads."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from core.errors import Refused
from games import inputs, presenters, selectors, services
from games.engine import commitment, deal
from games.forms import CreateTableForm, PlayNowForm, VerifyForm


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    context = {
        "play_now": PlayNowForm(),
        "create": CreateTableForm(),
        **selectors.lobby_tables(),
    }
    if request.htmx:
        return render(request, "games/lobby.html#tables", context)
    return render(request, "games/lobby.html", context)


@login_required
@require_POST
def play_now(request: HttpRequest) -> HttpResponse:
    form = PlayNowForm(request.POST)
    level = form.cleaned_data["level"] if form.is_valid() else "standard"
    try:
        game = services.table_create(owner=request.user, bots={1: level, 2: level, 3: level})
    except Refused as error:  # e.g. still seated at another table
        messages.error(request, error.message)
        return redirect("lobby")
    return redirect(selectors.game_url(game))


@login_required
@require_POST
def create_table(request: HttpRequest) -> HttpResponse:
    form = CreateTableForm(request.POST)
    if form.is_valid():
        preset, options = form.rules()
        try:
            game = services.table_create(
                owner=request.user,
                preset=preset,
                options=options,
                bots=form.bots(),
                private=form.cleaned_data["private"],
                turn_seconds=form.cleaned_data["turn_seconds"],
            )
        except Refused as error:
            form.add_error(None, error.message)
        else:
            return redirect(selectors.game_url(game))
    context = {"play_now": PlayNowForm(), "create": form, **selectors.lobby_tables()}
    return render(request, "games/lobby.html", context, status=400)


@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    user_id = request.user.pk if request.user.is_authenticated else None
    game = selectors.access_game(user_id, game_id, invite=request.GET.get("invite"))
    snapshot = selectors.game_snapshot(game)
    payload = selectors.game_payload(snapshot, selectors.viewer_seat(snapshot, user_id))
    invite = request.GET.get("invite") if game.private else None
    context = {
        **presenters.table(payload, invite=invite, logged_in=request.user.is_authenticated),
        "chat": selectors.chat_history(game),
        "invite_url": request.build_absolute_uri(selectors.game_url(game))
        if game.private
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
        lambda: services.table_join(
            game_id=game_id,
            user=request.user,
            seat=inputs.seat(request.POST.get("seat"), forms=True),
            invite=request.POST.get("invite"),
        ),
    )


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    return _htmx_result(request, lambda: services.table_leave(game_id=game_id, user=request.user))


@login_required
@require_POST
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    return _htmx_result(
        request,
        lambda: services.game_rematch(game_id=game_id, user=request.user),
        follow=True,
    )


@require_GET
def verify(request: HttpRequest) -> HttpResponse:
    form = VerifyForm(request.GET or None)
    result = None
    if form.is_valid():
        seed = form.cleaned_data["seed"]
        hands = deal(seed, form.cleaned_data["dealer"])
        result = {
            "matches": commitment(seed) == form.cleaned_data["commitment"],
            "computed": commitment(seed),
            "hands": [
                {"seat": seat, "cards": [presenters.card(str(card)) for card in cards]}
                for seat, cards in enumerate(hands)
            ],
        }
    return render(request, "games/verify.html", {"form": form, "result": result})
