"""Template filters of the league pages."""

from django import template

from leagues import selectors

register = template.Library()


@register.filter
def game_url(game) -> str:
    """The game's page, with the invite for a private game (shown only to those allowed)."""
    return selectors.game_url(game) if game else ""
