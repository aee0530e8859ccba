"""Pages of ranked play: the queue and the leaderboard. Thin: services do
the writes, selectors the reads."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from core import posts
from games import selectors as games_selectors
from ranked import presenters, selectors
from ranked.forms import PartnerForm, QueueForm
from ranked.services import partners as partner_services, queue as queue_services
from social import selectors as social_selectors, services as social_services


def _play_context(request: HttpRequest, *, form: QueueForm | None = None, error: str = "") -> dict:
    context = {"form": form or QueueForm(), "error": error}
    user = request.user
    if user.is_authenticated:
        now = timezone.now()
        context.update(
            rating=selectors.rating_of(user, now=now),
            bar=presenters.bar(selectors.barred_until(user, now=now)),
            queue=selectors.queue_state(user, now=now),
            game=games_selectors.unfinished_game_of(user.pk),
            friends=social_selectors.friends_by_name(user),
        )
    return context


def _queue_box(request: HttpRequest, **kwargs) -> HttpResponse:
    """The queue box for htmx; a whole page otherwise."""
    if request.htmx:
        return render(request, "ranked/play.html#queue", _play_context(request, **kwargs))
    if kwargs.get("error"):
        messages.error(request, kwargs["error"])
    return redirect("ranked")


@require_GET
def play(request: HttpRequest) -> HttpResponse:
    return render(request, "ranked/play.html", _play_context(request))


@login_required
@require_GET
def queue(request: HttpRequest) -> HttpResponse:
    """Polled every second while waiting: the wait so far, or off to the game once seated."""
    if not selectors.queue_state(request.user, now=timezone.now())["entry"]:
        game = selectors.ranked_game_of(request.user)
        if game is not None:
            url = reverse("game", args=[game.pk])
            if not request.htmx:
                return redirect(url)
            response = HttpResponse()
            response["HX-Redirect"] = url
            return response
    return _queue_box(request)


@login_required
@require_POST
def queue_join(request: HttpRequest) -> HttpResponse:
    form = QueueForm(request.POST)
    if not form.is_valid():
        return _queue_box(request, form=form, error="Choose how long to wait for people")
    _, error = posts.attempt(
        queue_services.queue_join, user=request.user, max_wait=form.cleaned_data["max_wait"]
    )
    return _queue_box(request, form=form, error=error) if error else _queue_box(request)


@login_required
@require_POST
def queue_cancel(request: HttpRequest) -> HttpResponse:
    """Leaves the queue (with one's partner) or withdraws one's request to a friend."""
    queue_services.queue_leave(user=request.user)
    return _queue_box(request)


@login_required
@require_POST
def partner_ask(request: HttpRequest) -> HttpResponse:
    form = PartnerForm(request.POST)
    if not form.is_valid():
        return _queue_box(request, error="Choose a friend and how long to wait for people")
    _, error = posts.attempt(
        lambda: partner_services.partner_request_send(
            user=request.user,
            partner=social_services.person(form.cleaned_data["partner"]),
            max_wait=form.cleaned_data["max_wait"],
        )
    )
    return _queue_box(request, error=error)


@login_required
@require_POST
def partner_accept(request: HttpRequest, request_id: int) -> HttpResponse:
    _, error = posts.attempt(
        partner_services.partner_request_accept, user=request.user, request_id=request_id
    )
    return _queue_box(request, error=error)


@login_required
@require_POST
def partner_decline(request: HttpRequest, request_id: int) -> HttpResponse:
    _, error = posts.attempt(
        partner_services.partner_request_decline, user=request.user, request_id=request_id
    )
    return _queue_box(request, error=error)


@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    context = selectors.leaderboard(
        page=request.GET.get("page"),
        bots=request.GET.get("bots") == "1",
        viewer=request.user,
        now=timezone.now(),
    )
    return render(request, "ranked/leaderboard.html", context)
