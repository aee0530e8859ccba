"""The kind of game arenas make (Game.kind; games.hooks.kinds)."""

ARENA = "arena"


def game_kinds() -> list[tuple[str, str]]:
    return [(ARENA, "Arena")]
