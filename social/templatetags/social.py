"""The invite box of a waiting table's page: invite a friend (or anyone by name) to a seat."""

from django import template

from games.models import Game
from social import selectors

register = template.Library()

# Where a free seat is from the inviting person's seat, clockwise (play passes left).
RELATIVE = {1: "on your left", 2: "your partner", 3: "on your right"}


@register.inclusion_tag("social/partials/invite_box.html", takes_context=True)
def invite_box(context, game_id: int) -> dict:
    user = context["request"].user
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
        {"position": seat.position, "label": RELATIVE.get((seat.position - origin) % 4, "")}
        for seat in seats
        if not seat.taken
    ]
    if not free:
        return {}
    free.sort(key=lambda seat: seat["label"] != "your partner")
    return {
        "game_id": game.pk,
        "free": free,
        "friends": selectors.friends_of(user),
        "csrf_token": context.get("csrf_token"),
    }
