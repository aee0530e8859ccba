"""Pages of arenas: the list and an arena's page, whose live part (your place, the
standings) each viewer's page polls; a person who was seated is sent to their game.
Thin: services do the writes, selectors the reads."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from accounts.browsers import client_of
from clubs.models import Club
from clubs.selectors import club_url
from core import posts
from core.errors import Invalid
from events import presenters, selectors
from events.forms import BattleForm, ClubArenaForm, ClubSwissForm
from events.models import Arena
from events.services import arenas as arena_services, clubs as club_services

# Its clubs are read by the standings, the header and the join check alike.
_ARENAS = Arena.objects.prefetch_related("clubs")


@require_GET
def arenas(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    return render(
        request, "events/arenas.html", {"arenas": selectors.arenas_by_state(now=now), "now": now}
    )


@require_GET
def arena(request: HttpRequest, arena_id: int) -> HttpResponse:
    """The arena's page; polled by htmx for its live part, or off to the game the viewer
    was just seated at."""
    found = get_object_or_404(_ARENAS, pk=arena_id)
    if request.htmx and request.user.is_authenticated:
        game = selectors.game_to_play(found, request.user)
        if game is not None:
            response = HttpResponse()
            response["HX-Redirect"] = reverse("game", args=[game.pk])
            return response
    return _page(request, found)


def _page(request: HttpRequest, found: Arena, error: str = "") -> HttpResponse:
    context = presenters.arena_page(found, request.user, now=timezone.now(), error=error)
    template = "events/arena.html#live" if request.htmx else "events/arena.html"
    return render(request, template, context)


def _act(request: HttpRequest, arena_id: int, service, **extra) -> HttpResponse:
    found = get_object_or_404(_ARENAS, pk=arena_id)
    _, error = posts.attempt(service, user=request.user, arena_id=found.pk, **extra)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect(found)  # the page shows where they stand
    return _page(request, found, error)


@login_required
@require_POST
def arena_join(request: HttpRequest, arena_id: int) -> HttpResponse:
    return _act(request, arena_id, arena_services.arena_join, client=client_of(request))


@login_required
@require_POST
def arena_leave(request: HttpRequest, arena_id: int) -> HttpResponse:
    return _act(request, arena_id, arena_services.arena_leave)


# A club's own events (the forms of the club page's panel, events.panels.club_events)


def _club_event_new(request: HttpRequest, slug: str, form_class, create, done: str):
    """A club page's form that schedules an event for the members with `create`."""
    club = get_object_or_404(Club, slug=slug)
    form = form_class(request.POST)
    if not form.is_valid():
        return posts.form_refused(request, form, club_url(club))
    return posts.act(
        request,
        lambda: create(club=club, user=request.user, **form.cleaned_data),
        back=club_url(club),
        done=done,
    )


@login_required
@require_POST
def club_arena_new(request: HttpRequest, slug: str) -> HttpResponse:
    return _club_event_new(
        request, slug, ClubArenaForm, club_services.club_arena_create,
        "The arena is scheduled; the members are told",
    )  # fmt: skip


@login_required
@require_POST
def club_swiss_new(request: HttpRequest, slug: str) -> HttpResponse:
    return _club_event_new(
        request, slug, ClubSwissForm, club_services.club_swiss_create,
        "The Swiss is scheduled; the members are told",
    )  # fmt: skip


@login_required
@require_POST
def battle_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    form = BattleForm(request.POST)
    if not form.is_valid():
        return posts.form_refused(request, form, club_url(club))
    wish = dict(form.cleaned_data)
    name = wish.pop("other")

    def challenge():
        other = (
            Club.objects.filter(name__iexact=name).first()
            or Club.objects.filter(slug=name.lower()).first()
        )
        if other is None:
            raise Invalid(f"There is no club called {name!r}: write its name as its page shows it")
        return club_services.battle_challenge(club=club, user=request.user, other=other, **wish)

    return posts.act(
        request, challenge, back=club_url(club), done="Challenge sent; its owner is told"
    )


@login_required
@require_POST
def battle_answer(request: HttpRequest, challenge_id: int) -> HttpResponse:
    answer, error = posts.attempt(posts.decision, request, "answer", ("accept", "decline"))
    accept = answer == "accept"
    if not error:
        challenge, error = posts.attempt(
            club_services.battle_answer, challenge_id=challenge_id, user=request.user, accept=accept
        )
    if error:
        messages.error(request, error)
        return redirect("clubs:clubs")
    if accept:
        messages.success(request, "Battle on: your members can join it ahead")
        return redirect(challenge.arena)
    messages.success(request, "Challenge declined")
    return redirect(club_url(challenge.challenged))
