"""The kinds of game leagues and tournaments make (Game.kind; games.hooks.kinds)."""

LEAGUE = "league"
TOURNAMENT = "tournament"


def game_kinds() -> list[tuple[str, str]]:
    return [(LEAGUE, "League"), (TOURNAMENT, "Tournament")]
