"""Pages of clubs, leagues and tournaments. Thin: services write, selectors read. A
refused write comes back as a message on the page it came from; a forbidden one as 403."""

from collections.abc import Callable
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.models import User
from core import posts
from core.navigation import back_to
from leagues import selectors
from leagues.forms import (
    ClubForm,
    ClubSettingsForm,
    ExtendForm,
    ForfeitForm,
    RegisterForm,
    SeasonForm,
    TeamForm,
)
from leagues.models import Club, Fixture, Membership, Season, Tournament
from leagues.services import (
    clubs as club_services,
    seasons as season_services,
    tournaments as tournament_services,
)
from social import services as social_services


def _act(request: HttpRequest, call: Callable, *, back: str, done: str = "") -> HttpResponse:
    """Runs a service for a form post and goes back, with its error or `done` as message.
    A 403 or 404 shows the error page (core.posts)."""
    result, error = posts.attempt(call)
    if error:
        messages.error(request, error)
        return redirect(back)
    if done:
        messages.success(request, done)
    return result if isinstance(result, HttpResponse) else redirect(back)


def _form_error(request: HttpRequest, form, back: str) -> HttpResponse:
    errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
    messages.error(request, "; ".join(errors) or "Check the form")
    return redirect(back)


def _club(request: HttpRequest, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not selectors.may_view_club(club, request.user):
        raise Http404("There is no such club")
    return club


def _season(request: HttpRequest, season_id: int) -> Season:
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    if not selectors.may_view_club(season.club, request.user):
        raise Http404("There is no such season")
    return season


def _fixture(request: HttpRequest, fixture_id: int) -> Fixture:
    fixture = get_object_or_404(
        Fixture.objects.select_related(
            "season__club", "home__player_a", "home__player_b", "away__player_a", "away__player_b"
        ),
        pk=fixture_id,
    )
    if not selectors.may_view_club(fixture.season.club, request.user):
        raise Http404("There is no such fixture")
    return fixture


# Clubs


@require_http_methods(["GET", "POST"])
def clubs(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if form.is_valid():
            club, error = posts.attempt(
                club_services.club_create,
                owner=request.user,
                name=form.cleaned_data["name"],
                description=form.cleaned_data["description"],
                public=form.cleaned_data["public"],
            )
            if not error:
                return redirect(selectors.club_url(club))
            form.add_error("name", error)
    context = {"form": form, **selectors.clubs_overview(request.user)}
    return render(request, "leagues/clubs.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def notifications_read(request: HttpRequest) -> HttpResponse:
    social_services.notifications_mark_read(user=request.user)
    return back_to(request, "/clubs/")


@require_GET
def club(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
    context = selectors.club_page(club, request.user)
    if context["is_admin"]:
        context["invite_url"] = request.build_absolute_uri(
            reverse("leagues:club_invite", args=[club.slug, club.invite_code])
        )
        context["settings_form"] = ClubSettingsForm(
            initial={"description": club.description, "public": club.public}
        )
    return render(request, "leagues/club.html", context)


@login_required
@require_POST
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
    form = ClubSettingsForm(request.POST)
    back = selectors.club_url(club)
    if not form.is_valid():
        return _form_error(request, form, back)
    return _act(
        request,
        lambda: club_services.club_update(
            club=club,
            admin=request.user,
            description=form.cleaned_data["description"],
            public=form.cleaned_data["public"],
        ),
        back=back,
        done="Saved",
    )


@login_required
@require_POST
def club_request(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
    return _act(
        request,
        lambda: club_services.club_request_join(club=club, user=request.user),
        back=selectors.club_url(club),
        done="Asked: an admin of the club will answer",
    )


@login_required
@require_POST
def club_decide(request: HttpRequest, slug: str, request_id: int) -> HttpResponse:
    club = _club(request, slug)
    approve = request.POST.get("decision") == "approve"
    return _act(
        request,
        lambda: club_services.club_decide_request(
            request_id=request_id, admin=request.user, approve=approve
        ),
        back=selectors.club_url(club),
        done="Approved" if approve else "Declined",
    )


@login_required
@require_http_methods(["GET", "POST"])
def club_invite(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """Anyone with the link may join, private club or not. A wrong code tells nothing
    about a club one may not see: the same 404 as a club that does not exist."""
    club = Club.objects.filter(slug=slug).first()
    valid = club is not None and club_services.invite_code_matches(club, code)
    if not valid:
        if club is None or not selectors.may_view_club(club, request.user):
            raise Http404("There is no such club")
        messages.error(request, "This invite link is not valid (any more)")
        return redirect(selectors.club_url(club))
    if request.method == "GET":
        return render(
            request,
            "leagues/invite.html",
            {
                "club": club,
                "code": code,
                "member": selectors.membership_of(club, request.user) is not None,
            },
        )
    return _act(
        request,
        lambda: club_services.club_join_by_invite(club=club, user=request.user, code=code),
        back=selectors.club_url(club),
        done=f"Welcome to {club}!",
    )


@login_required
@require_POST
def club_invite_reset(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
    return _act(
        request,
        lambda: club_services.club_reset_invite(club=club, admin=request.user),
        back=selectors.club_url(club),
        done="A new invite link is ready; the old one no longer works",
    )


@login_required
@require_POST
def club_member(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club = _club(request, slug)
    member = get_object_or_404(User, pk=user_id)
    action = request.POST.get("action")
    if action == "remove":
        call = partial(club_services.club_remove_member, club=club, admin=request.user, user=member)
        done = f"{member} is no longer a member"
    else:
        role = Membership.Role.ADMIN if action == "admin" else Membership.Role.MEMBER
        call = partial(
            club_services.club_set_role, club=club, owner=request.user, user=member, role=role
        )
        done = f"{member} is now {'an admin' if role == Membership.Role.ADMIN else 'a member'}"
    return _act(request, call, back=selectors.club_url(club), done=done)


# Leagues


@login_required
@require_http_methods(["GET", "POST"])
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
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
        members = User.objects.filter(club_memberships__club=season.club).order_by("username")
        context["team_form"] = TeamForm(members=members)
    return render(request, "leagues/season.html", context)


@login_required
@require_POST
def team_add(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    back = selectors.season_url(season)
    members = User.objects.filter(club_memberships__club=season.club)
    form = TeamForm(request.POST, members=members)
    if not form.is_valid():
        return _form_error(request, form, back)
    data = form.cleaned_data
    return _act(
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
    return _act(
        request,
        lambda: season_services.team_remove(team_id=team_id, admin=request.user),
        back=selectors.season_url(season),
        done="Team removed",
    )


@login_required
@require_POST
def season_start(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    return _act(
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

    return _act(request, present, back=selectors.fixture_url(fixture))


@login_required
@require_POST
def fixture_forfeit(request: HttpRequest, fixture_id: int) -> HttpResponse:
    fixture = _fixture(request, fixture_id)
    back = selectors.fixture_url(fixture)
    form = ForfeitForm(request.POST)
    if not form.is_valid():
        return _form_error(request, form, back)
    winner = {"home": fixture.home, "away": fixture.away}.get(form.cleaned_data["winner"])
    return _act(
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
        return _form_error(request, form, back)
    return _act(
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
        return _form_error(request, form, back)
    partner = form.cleaned_data["partner"]
    return _act(
        request,
        lambda: tournament_services.tournament_register(
            tournament=tournament, user=request.user, partner=partner
        ),
        back=back,
        done=f"You are registered; {partner} is asked to accept" if partner else "Registered",
    )


@login_required
@require_POST
def tournament_answer(request: HttpRequest, slug: str, entrant_id: int) -> HttpResponse:
    """The named partner accepts or declines a registration."""
    tournament = _tournament(request, slug)
    accept = request.POST.get("decision") == "accept"
    return _act(
        request,
        lambda: tournament_services.tournament_answer(
            tournament=tournament, user=request.user, entrant_id=entrant_id, accept=accept
        ),
        back=selectors.tournament_url(tournament),
        done="You play together" if accept else "You declined",
    )


@login_required
@require_POST
def tournament_withdraw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(request, slug)
    return _act(
        request,
        lambda: tournament_services.tournament_withdraw(tournament=tournament, user=request.user),
        back=selectors.tournament_url(tournament),
        done="You have withdrawn",
    )
