"""What the apps above accounts add to a person's profile page, the restrictions they put on a
person, the words they keep out of names, what they hold about a person (the download) and what they
do when an account closes or is erased (see core.hooks)."""

from collections.abc import Iterable
from typing import NamedTuple

from django.http import HttpRequest

from core.errors import Forbidden, Invalid
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
"""Functions (request, player) -> a Panel, a list of them, or None (nothing to show). The
profile page's places: "name" (under the player's name), "aside" (beside it), "main" (the
page, top to bottom). A panel's context names the player itself if its template needs
them."""


def panels_of(hook: Hook, request: HttpRequest, *args) -> dict[str, list[Panel]]:
    """The panels that the hook's functions return for (request, *args), by place, each
    place's in rank order. The page draws each with `{% panel %}` (accounts' panels tag
    library), in the page's own context."""
    panels: list[Panel] = []
    for function in hook:
        found = function(request, *args)
        panels += [found] if isinstance(found, Panel) else found or []
    places: dict[str, list[Panel]] = {}
    for panel in sorted(panels, key=lambda panel: panel.rank):
        places.setdefault(panel.place, []).append(panel)
    return places


restrictions = Hook("restrictions")
"""Functions (user, activity) -> why `user` may not take part in `activity` now, in words
with the time it ends, or None. Activities: "chat" (a table's chat), "ranked" (the ranked
queue and partner requests), "events" (arenas, tournaments, the daily challenge, league
games).
Moderation adds its mutes and bars; the apps that own an activity call `check_allowed`,
so none of them imports moderation."""


def refusal_of(user, activity: str) -> str | None:
    """Why a restriction forbids `user` the `activity` now, or None."""
    return next(filter(None, (function(user, activity) for function in restrictions)), None)


def check_allowed(user, activity: str) -> None:
    """Refuses (403, in the restriction's words) what a restriction forbids `user`."""
    why = refusal_of(user, activity)
    if why:
        raise Forbidden(why)


restricted_people = Hook("restricted_people")
"""Functions (set of user ids, activity) -> those of them whom a decision in force forbids
the `activity` now (a bar, a mute), for a crowd at once (a few queries, however many
people): what every seating and pairing step leaves out. A condition the person lifts by
themselves (an unread warning) is checked when they join (`check_allowed`), not here: it
does not take them off a table or out of a tournament they are in."""


def refused_among(user_ids: Iterable[int], activity: str) -> set[int]:
    """Those of these people whom a restriction forbids the `activity` now. Every step that
    seats or pairs people for an activity leaves them out, so a decision is honoured there
    even if the removal it started (`restricted`) missed something."""
    ids = set(user_ids)
    return (
        set().union(*(function(ids, activity) for function in restricted_people)) if ids else set()
    )


restricted = Hook("restricted")
"""Functions (user, activity) -> None, run in the transaction of a decision that starts
forbidding `user` the `activity` (a bar: "ranked" and "events"): each app that owns the
activity takes the person out of what it arranges for it from now on (the ranked queue,
arenas, tournaments), in its own terms; what they played already stands. An undo puts
nothing back: they join again themselves."""


personal_data = Hook("personal_data")
"""Functions (user) -> (section name, data): what an app holds about a person, for the one
file they download (accounts.personal_data.download). The data is JSON by Django's encoder
(datetimes are fine). Each function names the relations to the user model that its section
covers ("app_label.Model.field") with accounts.personal_data.covering: a test walks every
model and finds each relation either covered or exempt with a reason."""

account_closing = Hook("account_closing")
"""Functions (user) -> None, run in the transaction that closes an account: each app takes
the person out of what it arranges (friends, the ranked queue, tables, arenas). What it
removes does not come back if the person returns."""

account_erasing = Hook("account_erasing")
"""Functions (user) -> None, run when a closed account's grace ends: each app deletes the
personal rows it keeps that games and other people's results do not need, and rewrites its
texts that name the person (accounts.erasure.Erased.of(user): the row still holds their
old name and addresses while the hooks run)."""


wording_rules = Hook("wording_rules")
"""Functions (text) -> whether `text` holds a word the site does not allow in what people
read (moderation: the chat's word list, masked or refused words alike). The apps that
take a name or a description from a person (sign-up and renames, clubs, events, seasons
and teams, report notes) call `check_wording` or `wording_refusal`, so none of them
imports moderation."""


def wording_refusal(text: str, what: str) -> str | None:
    """Why `text`, a `what` ("A username"), may not be used, in words; or None."""
    if any(function(text) for function in wording_rules):
        return f"{what} contains a word this site does not allow: please write it without"
    return None


def check_wording(text: str, what: str) -> None:
    """Refuses (400, nothing saved) a `what` that holds a word the site does not allow."""
    why = wording_refusal(text, what)
    if why:
        raise Invalid(why)
