"""A person's profile page, with the panels of the apps above, and their own settings:
the time zone pages show times in."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts import services
from accounts.hooks import panels_of, profile_panels
from accounts.models import User
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
    context = {"player": player, "panels": panels_of(profile_panels, request, player)}
    return render(request, "accounts/profile.html", context)
