"""Where a person reports: a link on a profile, and a box beside a table (a player there,
their chat lines, this moment of the game, a bot's card, the game's deals)."""

from django.http import HttpRequest
from django.urls import reverse
from django.utils.http import urlencode

from accounts.hooks import Panel
from accounts.models import User
from games.models import Game


def profile_report(request: HttpRequest, player: User) -> Panel | None:
    me = request.user
    if not me.is_authenticated or me.pk == player.pk or player.is_bot:
        return None
    query = urlencode({"username": player.username, "next": request.path})
    url = f"{reverse('moderation:report')}?{query}"
    return Panel("moderation/_profile_report.html", {"report_url": url}, place="name", rank=90)


def table_report(request: HttpRequest, game: Game) -> Panel | None:
    """The people at the table (and those who chatted there) whom the viewer may report."""
    me = request.user
    if not me.is_authenticated or game.status == Game.Status.WAITING:
        return None
    seats = list(game.seats.select_related("user"))
    seated = {seat.user for seat in seats if seat.user_id}
    chatted = {line.user for line in game.chat.select_related("user").exclude(user=me)[:50]}
    people = sorted(
        (p for p in seated | chatted if p.pk != me.pk and not p.is_bot), key=lambda p: p.username
    )
    base = reverse("moderation:report")
    links = [
        (
            f"Report {p.username}",
            f"{base}?{urlencode({'username': p.username, 'game': game.pk, 'next': request.path})}",
        )
        for p in people
    ]
    bots = any(seat.bot_level or (seat.user_id and seat.user.is_bot) for seat in seats)
    if game.hands.exists():  # a card or a deal is reported once its hand is over
        if bots:
            query = urlencode({"reason": "bot", "game": game.pk, "next": request.path})
            links.append(("Report a bot's card", f"{base}?{query}"))
        query = urlencode({"reason": "fairness", "game": game.pk, "next": request.path})
        links.append(("This deal was rigged", f"{base}?{query}"))
    if not links:
        return None
    return Panel("moderation/_table_report.html", {"report_links": links}, place="aside", rank=90)
