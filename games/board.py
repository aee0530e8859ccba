"""A duplicate board as every page shows it. A game its event app marks as a board (the
extras key "board", games.hooks.page_extras) is one hand scored on its own by the board
scoring of the how-to-play page (games.engine.board_score: each bag costs a point), so it
has a board score for each side and a board result, and no winner. The table, the score
sheet, the replay, the JSON and the event's own pages all say it in these words."""

from collections.abc import Sequence

from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from games.engine import Ruleset, board_score

SIDES = ("North-South", "East-West")  # team 0 (seats 0 and 2) and team 1


def signed(number: int) -> str:
    """'+39', '-39' or '0' (a hyphen for minus, as the board scores and sheets write it)."""
    return f"{number:+d}" if number else "0"


def board_words(points: Sequence[int], side: int | None) -> str:
    """'North-South 70 · East-West 109 · your side +39': both sides' board scores and the
    board result of the reader's `side` (0 or 1); for a reader who did not play it (None),
    North-South's."""
    mine = side or 0
    whose = SIDES[0] if side is None else "your side"
    result = points[mine] - points[1 - mine]
    return f"{SIDES[0]} {points[0]} · {SIDES[1]} {points[1]} · {whose} {signed(result)}"


def words_html(words: str) -> SafeString:
    """The words with each part kept on one line ('East-West 109' never split on a phone)."""
    parts = ((part,) for part in words.split(" · "))
    return format_html_join(" · ", '<span class="part">{}</span>', parts)


def board_result(ruleset: Ruleset, hand: dict, side: int | None) -> dict:
    """The board of a finished hand (`hand` as the engine records it: bids, blind and
    tricks per seat), for a reader on `side` (None: not a player): JSON-ready."""
    score = board_score(ruleset, bids=hand["bids"], blind=hand["blind"], tricks=hand["tricks"])
    return {
        "points": list(score.points),
        "result": list(score.result),
        "side": side,
        "words": board_words(score.points, side),
    }
