"""The invite box of a waiting table's page: invite a friend (or anyone by name) to a seat."""

from django import template
from django.middleware.csrf import get_token

from games.models import Game
from social import selectors

register = template.Library()

# Where a free seat is from the inviting person's seat, clockwise (play passes left).
RELATIVE = {1: "on your left", 2: "your partner", 3: "on your right"}


@register.inclusion_tag("social/partials/invite_box.html", takes_context=True)
def invite_box(context, game_id: int) -> dict:
    return invite_box_context(context["request"], game_id)


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
