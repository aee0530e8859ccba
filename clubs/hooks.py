"""What the apps above clubs add to the club pages (see core.hooks)."""

from core.hooks import Hook

club_panels = Hook("club_panels")
"""Functions (request, club) -> an accounts.hooks.Panel, a list of them, or None. The club
page's places: "main" (the wide column) and "side" (the narrow one, under the members)."""

clubs_panels = Hook("clubs_panels")
"""Functions (request) -> as club_panels': the clubs list page's "side" column, under the
form that starts a club."""
