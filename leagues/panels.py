"""What leagues show on the pages below them: a club's league season and fixtures, its
seasons and tournaments, the tournaments on the clubs page (clubs.hooks), and in the
lobby the tournaments that run themselves (games.hooks)."""

from django.http import HttpRequest

from accounts.hooks import Panel
from clubs.models import Club
from leagues import selectors


def club_league(request: HttpRequest, club: Club) -> Panel:
    context = selectors.club_league(club, request.user)
    return Panel("leagues/_club_league.html", context, place="main", rank=20)


def club_events(request: HttpRequest, club: Club) -> Panel:
    return Panel("leagues/_club_side.html", selectors.club_events(club), place="side", rank=20)


def clubs_tournaments(request: HttpRequest) -> Panel:
    context = {"tournaments": selectors.listed_tournaments()}
    return Panel("leagues/_clubs_tournaments.html", context, place="side", rank=20)


def lobby_tournaments(request: HttpRequest) -> Panel | None:
    context = selectors.lobby_tournaments(request.user)
    if not context["lobby_tournaments"]:
        return None
    return Panel("leagues/_lobby_tournaments.html", context, "top")
