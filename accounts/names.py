"""The names players are shown by: people by their username; a bot by its level
("Standard bot") and, at a table, by a personal name as well ("Ada · Standard bot"), so
that three bots at one table are told apart in the last trick and in the results."""

# Short, so that "Cleo · Expert bot" fits a phone's seat label. Thirteen of them, and a
# table's four seats take four in a row, so no two seats of a table share one.
BOT_FIRST_NAMES = (
    "Ada",
    "Ben",
    "Cleo",
    "Dev",
    "Eve",
    "Finn",
    "Gus",
    "Hana",
    "Iris",
    "Jack",
    "Kai",
    "Lena",
    "Milo",
)


SEPARATOR = " · "


def bot_level_name(level: str) -> str:
    """'Standard bot': how a bot level's account is named on leaderboards and profiles."""
    return f"{level.title()} bot"


def seat_name(*, username: str | None, bot_level: str, game_id: int, position: int) -> str | None:
    """Who sits at seat `position` of game `game_id`: a person's username, a bot's
    personal name and level ('Ada · Standard bot', the same for the whole game), or None
    for an open seat."""
    if username:
        return username
    if not bot_level:
        return None
    # The offset by game varies the names from table to table.
    first = BOT_FIRST_NAMES[(game_id * 5 + position) % len(BOT_FIRST_NAMES)]
    return f"{first}{SEPARATOR}{bot_level_name(bot_level)}"


def short_name(name: str) -> str:
    """A seat's name without a bot's level ('Ada'), where the table shows the level apart."""
    return name.split(SEPARATOR)[0]
