"""Reads of analyses: a game's analysis for its page, a player's record for the profile."""

from analysis.models import Analysis
from games.models import Game


def analysis_of(game: Game) -> Analysis | None:
    return Analysis.objects.filter(game=game).first()


def tricks_lost(user) -> dict | None:
    """Tricks the user lost to double-dummy play per hand, over their analysed games
    (None if none): {"per_hand", "games", "hands"}."""
    done = Analysis.objects.filter(status=Analysis.Status.DONE, game__seats__user=user).values_list(
        "result", "game__seats__position"
    )
    lost = hands = games = 0
    for result, seat in done:
        entry = result["summary"][seat]
        lost += entry["lost"]
        hands += entry["hands"]
        games += 1
    if not hands:
        return None
    return {"per_hand": lost / hands, "games": games, "hands": hands}
