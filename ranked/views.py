"""Pages of ranked play: the queue and the leaderboards, each of a variant chosen on the
page (the address carries it). Thin: services do the writes, selectors the reads."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from accounts.browsers import client_of
from core import posts
from core.errors import Invalid
from games import selectors as games_selectors
from ranked import boards, presenters, selectors, variants
from ranked.forms import PartnerForm, QueueForm
from ranked.services import partners as partner_services, queue as queue_services
from social import selectors as social_selectors, services as social_services


def _variant(name: str | None) -> str:
    """The variant an address names (Classic when it names none); 404 for one ranked play
    does not offer."""
    if name is None:
        return variants.CLASSIC
    try:
        return variants.check(name)
    except Invalid as error:
        raise Http404(error.message) from None


def _play_context(
    request: HttpRequest, *, form: QueueForm | None = None, error: str = "", variant: str = ""
) -> dict:
    variant = variant or variants.CLASSIC
    context = {
        "form": form or QueueForm(initial={"variant": variant}),
        "error": error,
        "variant": variant,
        "variant_name": variants.VARIANTS[variant],
        "variant_summary": variants.SUMMARIES[variant],
        "solo": variants.is_solo(variant),
        "tabs": presenters.variant_tabs(variant),
        "board_url": presenters.leaderboard_url(variant),
        "queue_url": presenters.play_url(variant, "ranked_queue"),
    }
    user = request.user
    if user.is_authenticated:
        now = timezone.now()
        every = selectors.ratings_of(user, now=now)
        context.update(
            tabs=presenters.variant_tabs(variant, every),
            rating=every[variant],
            bar=presenters.bar(selectors.barred_until(user, now=now)),
            queue=selectors.queue_state(user, now=now),
            game=games_selectors.unfinished_game_of(user.pk),
            friends=social_selectors.friends_by_name(user),
        )
    return context


def _posted_variant(request: HttpRequest) -> str:
    """The variant a form was sent from, to show its page again (Classic if it is none)."""
    name = request.POST.get("variant") or request.GET.get("variant")
    return name if name in variants.VARIANTS else variants.CLASSIC


def _queue_box(request: HttpRequest, **kwargs) -> HttpResponse:
    """The queue box for htmx; a whole page otherwise."""
    variant = kwargs.setdefault("variant", _posted_variant(request))
    if request.htmx:
        return render(request, "ranked/play.html#queue", _play_context(request, **kwargs))
    if kwargs.get("error"):
        messages.error(request, kwargs["error"])
    return redirect(presenters.play_url(variant))


@require_GET
def play(request: HttpRequest) -> HttpResponse:
    variant = _variant(request.GET.get("variant"))
    return render(request, "ranked/play.html", _play_context(request, variant=variant))


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


def _form_error(form: QueueForm) -> str:
    if "variant" in form.errors:
        return f"Choose a variant: {', '.join(variants.VARIANTS.values())}"
    if "max_wait" in form.errors:
        return "Choose how long to wait for people"
    return "Choose a friend and how long to wait for people"


@login_required
@require_POST
def queue_join(request: HttpRequest) -> HttpResponse:
    form = QueueForm(request.POST)
    if not form.is_valid():
        return _queue_box(request, form=form, error=_form_error(form))
    _, error = posts.attempt(
        queue_services.queue_join,
        user=request.user,
        max_wait=form.cleaned_data["max_wait"],
        variant=form.cleaned_data["variant"],
        client=client_of(request),
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
        return _queue_box(request, error=_form_error(form))
    _, error = posts.attempt(
        lambda: partner_services.partner_request_send(
            user=request.user,
            partner=social_services.person(form.cleaned_data["partner"]),
            max_wait=form.cleaned_data["max_wait"],
            variant=form.cleaned_data["variant"],
            client=client_of(request),
        )
    )
    return _queue_box(request, error=error)


@login_required
@require_POST
def partner_accept(request: HttpRequest, request_id: int) -> HttpResponse:
    _, error = posts.attempt(
        partner_services.partner_request_accept,
        user=request.user,
        request_id=request_id,
        client=client_of(request),
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
def leaderboard(request: HttpRequest, variant: str | None = None) -> HttpResponse:
    """A variant's leaderboard: /leaderboard/ is Classic's, /leaderboard/<variant>/ each
    variant's; a variant ranked play does not offer is a 404."""
    context = boards.leaderboard(
        page=request.GET.get("page"),
        bots=request.GET.get("bots") == "1",
        viewer=request.user,
        now=timezone.now(),
        variant=_variant(variant),
    )
    context["tabs"] = presenters.variant_tabs(context["variant"])
    context["play_url"] = presenters.play_url(context["variant"])
    return render(request, "ranked/leaderboard.html", context)
