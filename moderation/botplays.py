"""A bot's cards, as people report them and moderators judge them: the bot plays of a
game's finished hands, and one play's double-dummy judgment, replayed with the engine
from the game's log (what the bot saw, what it played, what the best cards were)."""

from django.db.models import QuerySet

from games.engine import CARDS, Play, apply_action, new_game, view_for
from games.engine.actions import action_from_dict
from games.engine.doubledummy import Position, Solver
from games.models import Action, Game

PLAYS_A_HAND = 52  # every variant deals and plays 52 cards, 13 tricks of four


def bot_plays(game: Game) -> list[dict]:
    """The cards bots played in the game's finished hands, in order: each with its hand,
    trick, seat and the game version that played it (what a report names)."""
    finished_hands = game.hands.count()
    plays = (
        game.actions.filter(kind="play")
        .order_by("version")
        .values_list("version", "seat", "source", "payload")
    )
    found = []
    for index, (version, seat, source, payload) in enumerate(plays):
        hand = index // PLAYS_A_HAND + 1
        if hand > finished_hands:
            break
        if source == Action.Source.BOT:
            trick = index % PLAYS_A_HAND // 4 + 1
            found.append(
                {
                    "version": version,
                    "seat": seat,
                    "hand": hand,
                    "trick": trick,
                    "card": payload["card"],
                }
            )
    return found


def is_bot_play(game: Game, version: object) -> bool:
    return any(play["version"] == version for play in bot_plays(game))


def judged(game: Game, version: int) -> dict:
    """The bot's play at `version`: the seat's view then (as the bot saw it), the card,
    and the double-dummy judgment (tricks its side could take with the best card, with the
    card played, and the best cards)."""
    state = new_game(game.rules, bytes.fromhex(game.seed))
    for action in game.actions.filter(version__lt=version).order_by("version"):
        state = apply_action(state, action_from_dict(action.payload, action.seat))
    row = game.actions.get(version=version)
    action = action_from_dict(row.payload, row.seat)
    if type(action) is not Play:
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
