"""What the apps above accounts add to a person's profile page (see core.hooks)."""

from typing import NamedTuple

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from core.hooks import Hook


class Panel(NamedTuple):
    """A part of a page that an app above draws: its template and that template's context,
    where on the page it goes (a place the page names), and its rank among the panels of
    that place (the smallest first), so that the page's order does not depend on the order
    in which the apps were installed."""

    template: str
    context: dict
    place: str = "main"
    rank: int = 0


profile_panels = Hook("profile_panels")
"""Functions (request, player) -> Panel | None. The profile page's places: "name" (under
the player's name), "aside" (beside it), "main" (the page, top to bottom)."""


def render_panels(hook: Hook, request: HttpRequest, *args) -> dict[str, list[SafeString]]:
    """The panels that the hook's functions return for (request, *args), rendered, by
    place; each place's in rank order."""
    panels = (panel for function in hook if (panel := function(request, *args)) is not None)
    places: dict[str, list[SafeString]] = {}
    for panel in sorted(panels, key=lambda panel: panel.rank):
        html = render_to_string(panel.template, panel.context, request)
        places.setdefault(panel.place, []).append(html)
    return places
