"""The hooks through which the apps built on games extend it without games importing them.

Each app adds its functions in its AppConfig.ready() (core.hooks); games calls them through
the functions that combine them: games.selectors.page_extras, muted_names and held_seats,
games.models.game_kinds and games.services.chat.check_chat.
"""

from core.hooks import Hook

page_extras = Hook("page_extras")
"""What a game's page shows of the app that made the game (ranked: ratings and the rating
change; leagues: the standings to go back to).

A function of the Game that returns a dict of public, JSON-ready facts ({} when it has
nothing to say about this game). The dicts are merged into the game's snapshot, once per
change, and shown to every viewer. Keys: "ratings" {seat: display rating},
"rating_changes" {seat: change}, "next_step" {"label", "url"}, "rules" (what the table calls
the game's rules, instead of its preset and options: "Daily challenge · Board 3"), "board"
(True: the game is a duplicate board, scored as one and won by nobody, games.board),
"names_from" (the number its bots' names are drawn from instead of the game's id: a
person's bots keep their names from board to board). Functions must be cheap for the games
they do not concern."""

chat_muters = Hook("chat_muters")
"""Whose table chat a viewer does not see (the people they block, by the social app).

A function of a user id that returns the set of usernames whose messages that person does
not see."""

chat_rules = Hook("chat_rules")
"""What a table's chat lets through, beside games' own limits (moderation: the word list,
and links from new accounts).

Functions (game, user, text) -> the text to post: the same, or with words masked. A
function refuses the message by raising core.errors.Invalid or Forbidden, in words the
sender reads (nothing is posted then). Each gets the text the one before returned; they
run on every message, so they must be cheap."""

seat_holders = Hook("seat_holders")
"""Which open seats of a waiting table are kept for someone (the social app's invitations):
bots filling a table (games.services.tables.table_fill) leave these seats to the people
invited.

A function of a game id that returns the set of seat positions kept."""
table_panels = Hook("table_panels")
"""What the apps above games show beside a table (social: the invite box of a waiting
table).

A function (request, game) -> an accounts.hooks.Panel, a list of them, or None. The table's
page has one place, "aside" (the top of the side column)."""

lobby_panels = Hook("lobby_panels")
"""What the apps above games show in the lobby (events: the live and next arenas, joined
with one click; leagues: the tournaments that run themselves, entered with one click).

A function (request) -> an accounts.hooks.Panel, a list of them, or None. The lobby has one
place, "top" (under "Play now")."""

kinds = Hook("kinds")
"""The kinds of game the apps built on games make, beside games' own (Game.Kind): what the
archive filters on, stored in Game.kind.

A function of nothing that returns a list of (value, label) pairs, the value at most 16
characters; values are never renamed (they are stored in the games' rows)."""
