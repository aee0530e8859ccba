"""The invite box of a waiting table's page: invite a friend (or anyone by name) to a seat.
Drawn on the table's page through games.hooks.table_panels, and again by its own route
when the table changes."""

from django.http import HttpRequest
from django.middleware.csrf import get_token

from accounts.hooks import Panel
from games.models import Game
from social import selectors

# Where a free seat is from the inviting person's seat, clockwise (play passes left).
RELATIVE = {1: "on your left", 2: "your partner", 3: "on your right"}


def invite_box_context(request, game_id: int) -> dict:
    user = request.user
    if not user.is_authenticated:
        return {}
    game = Game.objects.filter(pk=game_id, status=Game.Status.WAITING).first()
    if game is None:
        return {}
    seats = list(game.seats.all())
    mine = next((seat.position for seat in seats if seat.user_id == user.pk), None)
    if mine is None and game.created_by_id != user.pk:
        return {}
    origin = mine or 0
    free = [
        {"position": position, "label": RELATIVE.get((position - origin) % 4, "")}
        for position in selectors.free_seats(seats, origin)
    ]
    if not free:
        return {}
    return {
        "game_id": game.pk,
        "free": free,
        "friends": selectors.friends_of(user),
        "csrf_token": get_token(request),
    }


def invite_panel(request: HttpRequest, game: Game) -> Panel | None:
    context = invite_box_context(request, game.pk)
    return Panel("social/partials/invite_box.html", context, place="aside") if context else None
