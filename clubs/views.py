"""Pages of clubs: the list, a club's page with the panels of the apps above, and the
forms that run a club. Thin: services write, selectors read. A refused write comes back
as a message on the page it came from; a forbidden one as 403."""

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.hooks import panels_of
from accounts.models import User
from clubs import selectors, services as club_services
from clubs.forms import ClubForm, ClubSettingsForm
from clubs.hooks import club_panels, clubs_panels
from clubs.models import Club, Membership
from core import posts


def _club(request: HttpRequest, slug: str) -> Club:
    return selectors.visible_club(slug, request.user)


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
    context = {
        "form": form,
        **selectors.clubs_overview(request.user),
        "panels": panels_of(clubs_panels, request),
    }
    return render(request, "clubs/clubs.html", context, status=400 if form.errors else 200)


@require_GET
def club(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
    context = selectors.club_page(club, request.user)
    if context["is_admin"]:
        context["invite_url"] = request.build_absolute_uri(
            reverse("clubs:club_invite", args=[club.slug, club.invite_code])
        )
        context["settings_form"] = ClubSettingsForm(
            initial={"description": club.description, "public": club.public}
        )
    context["panels"] = panels_of(club_panels, request, club)
    context["promotions"] = [("admin", "admin"), ("organiser", "organiser")]
    return render(request, "clubs/club.html", context)


@login_required
@require_POST
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
    form = ClubSettingsForm(request.POST)
    back = selectors.club_url(club)
    if not form.is_valid():
        return posts.form_refused(request, form, back)
    return posts.act(
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
    return posts.act(
        request,
        lambda: club_services.club_request_join(club=club, user=request.user),
        back=selectors.club_url(club),
        done="Asked: an admin of the club will answer",
    )


@login_required
@require_POST
def club_decide(request: HttpRequest, slug: str, request_id: int) -> HttpResponse:
    club = _club(request, slug)
    answer, error = posts.attempt(posts.decision, request, "decision", ("approve", "decline"))
    if error:
        messages.error(request, error)
        return redirect(selectors.club_url(club))
    return posts.act(
        request,
        lambda: club_services.club_decide_request(
            request_id=request_id, admin=request.user, approve=answer == "approve"
        ),
        back=selectors.club_url(club),
        done="Approved" if answer == "approve" else "Declined",
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
            "clubs/invite.html",
            {
                "club": club,
                "code": code,
                "member": selectors.membership_of(club, request.user) is not None,
            },
        )
    return posts.act(
        request,
        lambda: club_services.club_join_by_invite(club=club, user=request.user, code=code),
        back=selectors.club_url(club),
        done=f"Welcome to {club}!",
    )


@login_required
@require_POST
def club_invite_reset(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
    return posts.act(
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
        role = action if action in ("admin", "organiser") else Membership.Role.MEMBER
        call = partial(
            club_services.club_set_role, club=club, owner=request.user, user=member, role=role
        )
        done = f"{member} is now {'a member' if role == Membership.Role.MEMBER else 'an ' + role}"
    return posts.act(request, call, back=selectors.club_url(club), done=done)
