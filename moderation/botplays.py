"""A bot's cards, as people report them and moderators judge them: the bot plays of a
game's finished hands, and one play's double-dummy judgment, replayed with the engine
from the game's log (what the bot saw, what it played, what the best cards were)."""

from django.db.models import QuerySet

from games.engine import CARDS, Play, apply_action, new_game, view_for
from games.engine.actions import action_from_dict
from games.engine.doubledummy import Position, Solver
from games.models import Action, Game


def _replayed(game: Game, *, until: int | None = None):
    """(the engine's state before each action, the action, its row), along the game's log
    (up to the action of version `until`)."""
    state = new_game(game.rules, bytes.fromhex(game.seed))
    rows = game.actions.order_by("version")
    if until is not None:
        rows = rows.filter(version__lte=until)
    for row in rows:
        action = action_from_dict(row.payload, row.seat)
        yield state, action, row
        state = apply_action(state, action)


def bot_plays(game: Game) -> list[dict]:
    """The cards bots played in the game's finished hands, in order: each with its hand,
    trick, seat and the game version that played it (what a report names)."""
    finished_hands = game.hands.count()
    found = []
    for state, action, row in _replayed(game):
        if state.hand_number > finished_hands:
            break
        if type(action) is Play and row.source == Action.Source.BOT:
            found.append({"version": row.version, "seat": row.seat, "hand": state.hand_number,
                          "trick": len(state.tricks) + 1, "card": action.card.code})  # fmt: skip
    return found


def judged(game: Game, version: int) -> dict:
    """The bot's play at `version`: the seat's view then (as the bot saw it), the card,
    and the double-dummy judgment (tricks its side could take with the best card, with the
    card played, and the best cards)."""
    state, action, row = list(_replayed(game, until=version))[-1]  # the reported action
    if row.version != version or type(action) is not Play:
        raise ValueError(f"Version {version} of game {game.pk} is not a card played")
    position = Position.of_state(state)
    best, best_cards, played = Solver(solo=game.rules.solo).judge(position, action.card.index)
    return {
        "seat": row.seat,
        "hand_number": state.hand_number,
        "view": view_for(state, row.seat),
        "card": action.card.code,
        "best": best,
        "played": played,
        "cost": best - played,
        "best_cards": [CARDS[card].code for card in best_cards],
    }


def bot_reports(reports: QuerySet) -> QuerySet:
    return reports.filter(reason="bot").exclude(game=None).exclude(version=None)
