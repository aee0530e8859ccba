"""A person's profile page, with the panels of the apps above, and their own settings:
the time zone pages show times in, their data as one file, and closing their account."""

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import personal_data, services
from accounts.hooks import panels_of, profile_panels
from accounts.models import User
from core.errors import Forbidden, Invalid
from core.navigation import back_to


@login_required
@require_POST
def time_zone(request: HttpRequest) -> HttpResponse:
    """From the profile's select. An unknown zone is refused (400, the error page says
    why) and changes nothing."""
    user = services.time_zone_set(user=request.user, name=request.POST.get("time_zone", ""))
    messages.success(request, f"Saved: times now show on the clock of {user.time_zone}")
    return back_to(request, reverse("profile", args=[user.username]))


@require_GET
def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(User, username=username)
    # A closed account's page names it and nothing more: it is hidden everywhere.
    panels = {} if player.is_closed else panels_of(profile_panels, request, player)
    return render(request, "accounts/profile.html", {"player": player, "panels": panels})


def attachment(user: User) -> HttpResponse:
    """The person's data as one JSON file that the browser saves."""
    response = HttpResponse(
        personal_data.download_json(user=user), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{personal_data.file_name(user)}"'
    return response


@login_required
@require_GET
def data_download(request: HttpRequest, username: str) -> HttpResponse:
    """The profile's "Download your data" button: one's own only."""
    player = get_object_or_404(User, username=username)
    if player != request.user:
        raise Forbidden("You can download only your own data")
    return attachment(player)


@login_required
@require_http_methods(["GET", "POST"])
def account_close(request: HttpRequest) -> HttpResponse:
    """GET: what closing does, and the confirmation; POST with it ticked: closed, and
    logged out. Without the tick nothing changes (400)."""
    if request.method == "GET":
        context = {"grace_days": services.CLOSED_GRACE.days}
        return render(request, "accounts/close.html", context)
    if request.POST.get("confirm") != "yes":
        raise Invalid("Tick the box to confirm that you want to close your account")
    services.account_close(user=request.user)
    logout(request)
    messages.success(
        request,
        f"Your account is closed. Log in within {services.CLOSED_GRACE.days} days to "
        "undo it; after that your data is erased for good.",
    )
    return redirect("home")
