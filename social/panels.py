"""What social shows on a person's profile page (accounts.hooks): the viewer's friendship
with them, and what the viewer can do about it."""

from django.http import HttpRequest

from accounts.hooks import Panel
from accounts.models import User
from social import selectors


def relation(request: HttpRequest, player: User) -> Panel | None:
    relation = selectors.relation(request.user, player)
    if not relation:
        return None
    context = {"player": player, "relation": relation}
    return Panel("social/partials/relation.html", context, place="name")
