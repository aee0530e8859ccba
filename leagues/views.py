"""Pages of leagues and tournaments. Thin: services write, selectors read. A
refused write comes back as a message on the page it came from; a forbidden one as 403."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.browsers import client_of
from clubs import selectors as club_selectors, services as club_services
from core import posts, schemas
from leagues import selectors
from leagues.forms import ExtendForm, ForfeitForm, RegisterForm, SeasonForm, TeamForm
from leagues.models import Fixture, Season, Tournament
from leagues.schemas import AnswerIn
from leagues.services import seasons as season_services, tournaments as tournament_services


def _season(request: HttpRequest, season_id: int) -> Season:
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    if not club_selectors.may_view_club(season.club, request.user):
        raise Http404("There is no such season")
    return season


def _fixture(request: HttpRequest, fixture_id: int) -> Fixture:
    fixture = get_object_or_404(
        Fixture.objects.select_related(
            "season__club", "home__player_a", "home__player_b", "away__player_a", "away__player_b"
        ),
        pk=fixture_id,
    )
    if not club_selectors.may_view_club(fixture.season.club, request.user):
        raise Http404("There is no such fixture")
    return fixture


# Leagues


@login_required
@require_http_methods(["GET", "POST"])
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_selectors.visible_club(slug, request.user)
    club_services.check_club_admin(club, request.user)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        preset, options = form.rules()
        data = form.cleaned_data
        season, error = posts.attempt(
            season_services.season_create,
            club=club,
            admin=request.user,
            name=data["name"],
            start_date=data["start_date"],
            preset=preset,
            options=options,
            turn_seconds=data["turn_seconds"],
            round_days=data["round_days"],
            double_round_robin=data["double_round_robin"],
            points_win=data["points_win"],
            points_loss=data["points_loss"],
        )
        if not error:
            return redirect(selectors.season_url(season))
        form.add_error(None, error)
    status = 400 if form.errors else 200
    return render(request, "leagues/season_new.html", {"club": club, "form": form}, status=status)


@require_GET
def season(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    context = selectors.season_page(season, request.user)
    if context["is_admin"] and season.status == Season.Status.DRAFT:
        context["team_form"] = TeamForm(members=club_selectors.members_by_name(season.club))
    return render(request, "leagues/season.html", context)


@login_required
@require_POST
def team_add(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    back = selectors.season_url(season)
    form = TeamForm(request.POST, members=club_selectors.members_by_name(season.club))
    if not form.is_valid():
        return posts.form_refused(request, form, back)
    data = form.cleaned_data
    return posts.act(
        request,
        lambda: season_services.team_add(
            season=season,
            admin=request.user,
            player_a=data["player_a"],
            player_b=data["player_b"],
            name=data["name"],
        ),
        back=back,
        done="Team added",
    )


@login_required
@require_POST
def team_remove(request: HttpRequest, season_id: int, team_id: int) -> HttpResponse:
    season = _season(request, season_id)
    if not season.teams.filter(pk=team_id).exists():
        raise Http404("There is no such team")
    return posts.act(
        request,
        lambda: season_services.team_remove(team_id=team_id, admin=request.user),
        back=selectors.season_url(season),
        done="Team removed",
    )


@login_required
@require_POST
def season_start(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    return posts.act(
        request,
        lambda: season_services.season_start(season=season, admin=request.user),
        back=selectors.season_url(season),
        done="The season has started: the schedule is below",
    )


@require_GET
def fixture(request: HttpRequest, fixture_id: int) -> HttpResponse:
    fixture = _fixture(request, fixture_id)
    context = selectors.fixture_page(fixture, request.user, timezone.now())
    if context["is_admin"] and context["overdue"]:
        context["forfeit_form"] = ForfeitForm()
        context["extend_form"] = ExtendForm()
    if request.htmx:
        return render(request, "leagues/fixture.html#live", context)
    return render(request, "leagues/fixture.html", context)


@login_required
@require_POST
def fixture_present(request: HttpRequest, fixture_id: int) -> HttpResponse:
    fixture = _fixture(request, fixture_id)

    def present() -> HttpResponse | None:
        result = season_services.fixture_present(fixture_id=fixture.pk, user=request.user)
        return redirect(selectors.game_url(result.game)) if result.game_id else None

    return posts.act(request, present, back=selectors.fixture_url(fixture))


@login_required
@require_POST
def fixture_forfeit(request: HttpRequest, fixture_id: int) -> HttpResponse:
    fixture = _fixture(request, fixture_id)
    back = selectors.fixture_url(fixture)
    form = ForfeitForm(request.POST)
    if not form.is_valid():
        return posts.form_refused(request, form, back)
    winner = {"home": fixture.home, "away": fixture.away}.get(form.cleaned_data["winner"])
    return posts.act(
        request,
        lambda: season_services.fixture_forfeit(
            fixture_id=fixture.pk,
            admin=request.user,
            winner=winner,
            note=form.cleaned_data["note"],
        ),
        back=back,
        done="Forfeit recorded",
    )


@login_required
@require_POST
def fixture_extend(request: HttpRequest, fixture_id: int) -> HttpResponse:
    fixture = _fixture(request, fixture_id)
    back = selectors.fixture_url(fixture)
    form = ExtendForm(request.POST)
    if not form.is_valid():
        return posts.form_refused(request, form, back)
    return posts.act(
        request,
        lambda: season_services.fixture_extend(
            fixture_id=fixture.pk,
            admin=request.user,
            deadline=form.cleaned_data["deadline"],
            note=form.cleaned_data["note"],
        ),
        back=back,
        done="Deadline extended",
    )


# Tournaments


def _tournament(request: HttpRequest, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    if tournament.status == Tournament.Status.DRAFT and not tournament_services.is_director(
        request.user
    ):
        raise Http404("There is no such tournament")
    return tournament


@require_GET
def tournaments(request: HttpRequest) -> HttpResponse:
    listed = Tournament.objects.exclude(status=Tournament.Status.DRAFT).select_related("club")
    return render(request, "leagues/tournaments.html", {"tournaments": list(listed)})


@require_GET
def tournament(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(request, slug)
    context = {**selectors.tournament_page(tournament, request.user), "register": RegisterForm()}
    if request.htmx:
        return render(request, "leagues/tournament.html#live", context)
    return render(request, "leagues/tournament.html", context)


@login_required
@require_POST
def tournament_register(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(request, slug)
    back = selectors.tournament_url(tournament)
    form = RegisterForm(request.POST)
    if not form.is_valid():
        return posts.form_refused(request, form, back)
    partner = form.cleaned_data["partner"]
    return posts.act(
        request,
        lambda: tournament_services.tournament_register(
            tournament=tournament, user=request.user, partner=partner, client=client_of(request)
        ),
        back=back,
        done=f"You are registered; {partner} is asked to accept" if partner else "Registered",
    )


@login_required
@require_POST
def tournament_answer(request: HttpRequest, slug: str, entrant_id: int) -> HttpResponse:
    """The named partner accepts or declines a registration. A decision missing or
    unknown is refused (400, the error page says why) and changes nothing."""
    tournament = _tournament(request, slug)
    accept = schemas.validate(AnswerIn, request.POST.dict(), forms=True).accept
    return posts.act(
        request,
        lambda: tournament_services.tournament_answer(
            tournament=tournament,
            user=request.user,
            entrant_id=entrant_id,
            accept=accept,
            client=client_of(request),
        ),
        back=selectors.tournament_url(tournament),
        done="You play together" if accept else "You declined",
    )


@login_required
@require_POST
def tournament_withdraw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(request, slug)
    return posts.act(
        request,
        lambda: tournament_services.tournament_withdraw(tournament=tournament, user=request.user),
        back=selectors.tournament_url(tournament),
        done="You have withdrawn",
    )
