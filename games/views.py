"""Browser pages of games: the lobby, the table, deal verification. Thin: services do
the writes, selectors and presenters the reads."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import presenters, selectors, services
from games.engine import commitment, deal
from games.forms import CreateTableForm, PlayNowForm, VerifyForm
from games.models import Game


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
    except services.GameError as error:  # e.g. still seated at another table
        messages.error(request, str(error))
        return redirect("lobby")
    return redirect(selectors.game_url(game))


@login_required
@require_POST
def create_table(request: HttpRequest) -> HttpResponse:
    form = CreateTableForm(request.POST)
    if form.is_valid():
        preset = form.cleaned_data["preset"]
        try:
            game = services.table_create(
                owner=request.user,
                preset="classic" if preset == "custom" else preset,
                options=form.options(),
                bots=form.bots(),
                private=form.cleaned_data["private"],
                turn_seconds=form.cleaned_data["turn_seconds"],
            )
        except services.GameError as error:
            form.add_error(None, str(error))
        else:
            return redirect(selectors.game_url(game))
    context = {"play_now": PlayNowForm(), "create": form, **selectors.lobby_tables()}
    return render(request, "games/lobby.html", context, status=400)


def _allowed_game(request: HttpRequest, game_id: int) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    user_id = request.user.pk if request.user.is_authenticated else None
    if game is None or not selectors.may_watch(game, user_id, request.GET.get("invite")):
        raise Http404("There is no such game")
    return game


@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _allowed_game(request, game_id)
    snapshot = selectors.game_snapshot(game)
    user_id = request.user.pk if request.user.is_authenticated else None
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
    """Runs a service for an htmx button. An error comes back as a toast; success is a
    204 (the WebSocket push redraws the table) or, with `follow`, a redirect to the game
    the service returned."""
    try:
        result = call()
    except services.GameError as error:
        response = render(request, "games/partials/toast.html", {"message": str(error)})
        response["HX-Reswap"] = "none"
        return response
    response = HttpResponse(status=204)
    if follow:
        response["HX-Redirect"] = selectors.game_url(result)
    return response


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    seat = request.POST.get("seat", "")
    return _htmx_result(
        request,
        lambda: services.table_join(
            game_id=game_id,
            user=request.user,
            seat=int(seat) if seat.isdigit() else seat,
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
