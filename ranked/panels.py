"""What ranked play shows on a person's profile page (accounts.hooks): the rating beside
the name, the statistics of ranked games, the rating's history, the recent games, the
partnerships and the abandoned games."""

from django.http import HttpRequest
from django.utils import timezone

from accounts.hooks import Panel
from accounts.models import User
from ranked import presenters, selectors


def profile(request: HttpRequest, player: User) -> list[Panel]:
    context = {
        "player": player,
        **presenters.profile(selectors.profile(player, now=timezone.now())),
    }
    return [
        Panel("ranked/_profile_rating.html", context, place="aside"),
        Panel("ranked/_profile_stats.html", context, place="main", rank=10),
        Panel("ranked/_profile_games.html", context, place="main", rank=40),
    ]
