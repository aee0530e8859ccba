"""The kinds of game duplicate events make (Game.kind; games.hooks.kinds)."""

DUPLICATE = "duplicate"


def game_kinds() -> list[tuple[str, str]]:
    return [(DUPLICATE, "Duplicate")]
