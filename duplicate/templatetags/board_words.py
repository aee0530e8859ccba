"""A board's result in the words of every other page (games.board): `{% load board_words %}`,
`{{ row.result|signed_result }}` ('+39') and `{{ row.score|board_words:"ns" }}` ('North-South
70 · East-West 109 · your side +39', for the reader who played it in that direction)."""

from django import template

from duplicate.models import Direction
from games import board

register = template.Library()


@register.filter
def signed_result(result: int) -> str:
    return board.signed(result)


@register.filter
def board_words(points, direction: str) -> str:
    side = 0 if direction == Direction.NORTH_SOUTH else 1
    return board.words_html(board.board_words(points, side))
