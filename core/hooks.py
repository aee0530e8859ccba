"""The one way an app extends an app below it without the lower one importing it.

A lower app declares a `Hook` in its own `hooks` module and calls it; an app above adds a
function to it in its AppConfig.ready(). Adding the same function twice keeps one (Django
may call ready() more than once in tests). Functions run in the order they were added,
which is INSTALLED_APPS' order.

The hooks of the project (each module documents what its functions take and return):
- core.hooks: `api_callers` (who sends an API request's Authorization header).
- games.hooks: `page_extras` (what a game's page shows of the app that made the game),
  `chat_muters` (whose chat a viewer does not see), `chat_rules` (what a table's chat
  masks or refuses), `seat_holders` (open seats kept for someone), `table_panels` (what
  a table's page shows beside it), `lobby_panels` (what the lobby shows of the apps
  above), `kinds` (the apps' own kinds of game).
- social.hooks: `activity` (what a person is doing besides being online).
- accounts.hooks: `profile_panels` (the profile page's panels), and `Panel`, what every
  panel hook's functions return, drawn by accounts' `{% panel %}` tag; `restrictions`
  (what a person may not do for now: chat, ranked, events), checked by `check_allowed`
  and, at every seating and pairing step, `refused_among` (by `restricted_people`, the
  same rules for a crowd at once); `restricted` (what each app does when a decision
  starts forbidding an activity: leave the queue, arenas, tournaments);
  `personal_data` (each app's section of a person's download), `account_closing` and
  `account_erasing` (what each app does when an account closes, and when its data goes),
  `wording_rules` (the words kept out of names and descriptions), checked by
  `check_wording`.
- clubs.hooks: `club_panels` (the club page's panels), `clubs_panels` (the clubs list's).

Events (a game finished, people seated) are Django signals in `games.signals`.
"""

from collections.abc import Callable, Iterator


class Hook:
    def __init__(self, name: str) -> None:
        self.name = name
        self._functions: list[Callable] = []

    def add(self, function: Callable) -> Callable:
        if function not in self._functions:
            self._functions.append(function)
        return function

    def __iter__(self) -> Iterator[Callable]:
        return iter(tuple(self._functions))

    def __repr__(self) -> str:
        return f"Hook({self.name!r}, {len(self._functions)} functions)"


# core's own hooks

# (authorization header) -> the user it authenticates, or None: accounts' API tokens.
api_callers = Hook("api_callers")
