"""The analysis page of a game: request an analysis, watch it run, read it. Thin: the
services write, selectors and presenters read."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from analysis import presenters, selectors, services
from games.selectors import access_game, game_snapshot, game_url


def _context(request: HttpRequest, game_id: int) -> dict:
    user_id = request.user.pk if request.user.is_authenticated else None
    invite = request.GET.get("invite") or request.POST.get("invite")
    game = access_game(user_id, game_id, invite=invite)
    names = [seat["name"] for seat in game_snapshot(game)["seats"]]
    url = reverse("analysis", args=[game.pk])
    return {
        "game": game,
        "invite": invite if game.private else None,
        "self_url": f"{url}?invite={invite}" if game.private and invite else url,
        "game_url": game_url(game),
        "replay_url": f"/games/{game.pk}/replay",  # the archive's replay page
        **presenters.page(selectors.analysis_of(game), names),
    }


@require_GET
def analysis_page(request: HttpRequest, game_id: int) -> HttpResponse:
    context = _context(request, game_id)
    if request.htmx:
        return render(request, "analysis/analysis.html#status", context)
    return render(request, "analysis/analysis.html", context)


@login_required
@require_POST
def analysis_request(request: HttpRequest, game_id: int) -> HttpResponse:
    invite = request.POST.get("invite")
    services.analysis_request(game_id=game_id, user=request.user, invite=invite)
    context = _context(request, game_id)
    if request.htmx:
        return render(request, "analysis/analysis.html#status", context)
    return redirect(context["self_url"])
