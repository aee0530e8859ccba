"""What the apps built on games add to a game's page (ranked: ratings and the rating
change; leagues: the standings to go back to), so that games never imports them.

An app registers a provider in its AppConfig.ready(): a function of the Game that returns
a dict of public, JSON-ready facts (or {} when it has nothing to say about this game). The
dicts are merged into the game's snapshot, once per change, and shown to every viewer.
Keys: "ratings" {seat: display rating}, "rating_changes" {seat: change}, "next_step"
{"label", "url"}, "rules" (what the table calls the game's rules, instead of its preset
and options: "Daily challenge · Board 3"), "board" (True: the game is a duplicate board,
scored as one and won by nobody, games.board), "names_from" (the number its bots' names
are drawn from instead of the game's id: a person's bots keep their names from board to
board). Providers must be cheap for the games they do not concern.
"""

from collections.abc import Callable

from games.models import Game

Provider = Callable[[Game], dict]
_providers: list[Provider] = []


def register(provider: Provider) -> None:
    if provider not in _providers:
        _providers.append(provider)


def page_extras(game: Game) -> dict:
    extras: dict = {}
    for provider in _providers:
        extras.update(provider(game))
    return extras
