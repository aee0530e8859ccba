"""What duplicate shows on the club page (clubs.hooks) and the profile page
(accounts.hooks): a club's sessions, where a player finds their running session, table
and seat; a player's daily challenge history and day so far."""

from django.http import HttpRequest

from accounts.hooks import Panel
from accounts.models import User
from clubs.models import Club
from duplicate.selectors import daily as daily_selectors, sessions as session_selectors


def club_sessions(request: HttpRequest, club: Club) -> Panel:
    context = {"sessions": session_selectors.club_sessions(club, request.user)}
    return Panel("duplicate/_club_sessions.html", context, place="main", rank=10)


def daily_history(request: HttpRequest, player: User) -> Panel | None:
    context = {
        "daily": daily_selectors.daily_history(player),
        "daily_open": daily_selectors.day_so_far(player, request.user),
    }
    if not (context["daily"]["days"] or context["daily_open"]):
        return None
    return Panel("duplicate/_profile_daily.html", context, place="main", rank=30)
