"""The kinds of game ranked play makes (Game.kind; games.hooks.kinds)."""

RANKED = "ranked"


def game_kinds() -> list[tuple[str, str]]:
    return [(RANKED, "Ranked")]
