"""Pages of moderation for everyone: the report form (from a table, a profile or a game)
and your record (the decisions about you, in words; warnings to acknowledge). Thin:
services do the writes, selectors the reads. The moderators' pages are in the admin."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from core import posts
from core.errors import NotFound
from games.models import ChatMessage, Game
from games.selectors import access_game
from moderation import botplays, selectors
from moderation.forms import ReportForm
from moderation.models import Report
from moderation.services import decisions, reports
from social import services as social_services


def _back(request: HttpRequest) -> str:
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(wanted, {request.get_host()}, request.is_secure())
    return wanted if safe and wanted.startswith("/") else reverse("home")


def _game_of(request: HttpRequest) -> Game | None:
    """The game a report form is about, if the person may see it."""
    number = request.GET.get("game", "")
    if not number.isdigit():
        return None
    try:
        return access_game(request.user.pk, int(number), invite=None)
    except NotFound:
        return None


@login_required
@require_http_methods(["GET", "POST"])
def report(request: HttpRequest) -> HttpResponse:
    back = _back(request)
    if request.method == "GET":
        form = ReportForm(initial=request.GET.dict())
        game = _game_of(request)
        context = {"form": form, "next": back, "lines": [], "bot_plays": [], "deals": None}
        if game is not None and form["reason"].value() == Report.Reason.BOT:
            context["bot_plays"] = botplays.bot_plays(game)
        elif game is not None and form["reason"].value() == Report.Reason.FAIRNESS:
            context["deals"] = selectors.seed_check(game)
        elif game is not None:
            context["lines"] = ChatMessage.objects.filter(
                game=game, user__username=request.GET.get("username", "")
            ).order_by("-created_at")[:10]
        return render(request, "moderation/report.html", context)
    form = ReportForm(request.POST)
    if not form.is_valid():
        return posts.form_refused(request, form, request.get_full_path())
    data = form.cleaned_data

    def file_it():
        subject = social_services.person(data["username"]) if data["username"] else None
        return reports.report_create(
            reporter=request.user,
            subject=subject,
            reason=data["reason"],
            note=data["note"],
            game_id=data["game"],
            chat_id=data["chat"],
            version=data["version"],
        )

    made, error = posts.attempt(file_it)
    if error:
        messages.error(request, error)
        return redirect(back)
    told = "you will be told when it is handled"
    if made.filings > 1:
        messages.success(request, f"Added to your open report about {made.subject}: {told}")
    else:
        messages.success(request, f"Report received: a moderator will look at it; {told}")
    return redirect(back)


@login_required
def mine(request: HttpRequest) -> HttpResponse:
    return render(request, "moderation/mine.html", {"decisions": selectors.record_of(request.user)})


@login_required
@require_POST
def acknowledge(request: HttpRequest, decision_id: int) -> HttpResponse:
    _, error = posts.attempt(
        lambda: decisions.warning_acknowledge(user=request.user, decision_id=decision_id)
    )
    if error:
        messages.error(request, error)
    return redirect("moderation:mine")


@login_required
@require_POST
def rename(request: HttpRequest, decision_id: int) -> HttpResponse:
    wanted = request.POST.get("username", "")
    _, error = posts.attempt(
        lambda: decisions.rename_choose(user=request.user, decision_id=decision_id, username=wanted)
    )
    if error:
        messages.error(request, error)
    else:
        messages.success(request, f"Your username is {wanted.strip()} now")
    return redirect("moderation:mine")
