"""What analysis shows on a person's profile page (accounts.hooks): the tricks they lost
to double-dummy play in their analysed games."""

from django.http import HttpRequest

from accounts.hooks import Panel
from accounts.models import User
from analysis import selectors


def tricks_lost(request: HttpRequest, player: User) -> Panel | None:
    double_dummy = selectors.tricks_lost(player)
    if not double_dummy:
        return None
    context = {"double_dummy": double_dummy}
    return Panel("analysis/_profile_tricks_lost.html", context, place="main", rank=20)
