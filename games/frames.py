"""The frames a server process pushes for one change of a game, each made once.

A change goes to every socket watching the game; most of them see the same thing (all the
spectators; two tabs of one seat), and rendering the table is most of a push's cost. So the
process keeps, for each game, the frames of its latest push, keyed by what decides a frame:
the seat (None for a spectator), the format, the invite and whether the viewer is logged in.
A player's key holds their seat, so they can only ever get their own seat's frame.

The push id, not the version, names a push: a game is pushed again at the same version when
something around it changes (e.g. its rating once a ranked game is rated). Nothing here is
the record of anything: a process that loses it renders again.

The table is the one Jinja2 template of the site (games/jinja2/games/table.html, in the
environment of config.jinja2); every other page is a Django template. It is rendered for
every viewer on every move, and Jinja2 renders it about 4 times faster than Django did:
bench/table_render.py measures a push (a third of a millisecond for a player). Its score
sheet stays the Django template the replay page includes too (one markup for both), and
each distinct sheet is rendered once per process (games.sheets): the sheet changes only
when a hand ends, yet rendering it was a third of every push.
"""

import json
from collections import OrderedDict

from django.template.loader import get_template
from django.utils.functional import cached_property
from django.utils.safestring import SafeString, mark_safe

from games import presenters
from games.engine import GameState
from games.selectors import game_payload

MAX_GAMES = 1024  # the latest push of this many games; ~5 frames of ~10-20 KB each


class Push:
    """One change of one game, and the frames rendered for it so far."""

    def __init__(self, snapshot: dict):
        self.snapshot = snapshot
        self.payloads: dict[int | None, dict] = {}
        self.frames: dict[tuple, str] = {}

    def frame(self, seat: int | None, *, json_format: bool, invite, logged_in: bool) -> str:
        key = (seat, json_format, invite, logged_in)
        if key not in self.frames:
            self.frames[key] = render(
                self.payload(seat), json_format=json_format, invite=invite, logged_in=logged_in
            )
        return self.frames[key]

    def payload(self, seat: int | None) -> dict:
        if seat not in self.payloads:
            self.payloads[seat] = game_payload(self.snapshot, seat, self.state)
        return self.payloads[seat]

    @cached_property
    def state(self) -> GameState | None:
        """The engine state, parsed once for all the views of this push."""
        state = self.snapshot["state"]
        return None if state is None else GameState.from_dict(state)


def render(payload: dict, *, json_format: bool, invite, logged_in: bool) -> str:
    """One viewer's frame of a game: its JSON state, or the table partial for htmx."""
    if json_format:
        return json.dumps({"type": "state", **payload})
    return table_html(payload, invite=invite, logged_in=logged_in, oob=True)


def table_html(payload: dict, *, invite, logged_in: bool, oob: bool) -> SafeString:
    """The table partial (a Jinja2 template: see its header); `oob` for a push."""
    context = presenters.table(payload, invite=invite, logged_in=logged_in)
    template = get_template("games/table.html", using="jinja2")
    return mark_safe(template.render({**context, "oob": oob}))  # autoescaped by Jinja2


class Pushes:
    """The latest push of each game seen lately by this process (at most `size` games)."""

    def __init__(self, size: int = MAX_GAMES):
        self.size = size
        self.latest: OrderedDict[int, tuple[str, Push]] = OrderedDict()

    def get(self, push_id: str, snapshot: dict) -> Push:
        game_id = snapshot["id"]
        entry = self.latest.get(game_id)
        if entry is not None and entry[1].snapshot["version"] > snapshot["version"]:
            return Push(snapshot)  # a late push of an older version: not kept
        if entry is None or entry[0] != push_id:
            entry = (push_id, Push(snapshot))
            self.latest[game_id] = entry
        self.latest.move_to_end(game_id)
        while len(self.latest) > self.size:
            self.latest.popitem(last=False)
        return entry[1]


pushes = Pushes()  # one per process: its consumers share one event loop, so no lock
