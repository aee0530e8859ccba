"""The club page's card of duplicate sessions (`{% load club_sessions %}{% club_sessions
club user %}` in leagues/club.html): a template-level link, so that leagues never imports
duplicate, and a player finds their running session, table and seat from their club."""

from django import template

from duplicate import session_selectors

register = template.Library()


@register.inclusion_tag("duplicate/_club_sessions.html")
def club_sessions(club, user) -> dict:
    return {"sessions": session_selectors.club_sessions(club, user)}
