"""The score sheet's HTML, rendered once per distinct sheet.

The sheet is the same for every viewer of a game and changes only when a hand ends, yet
the table is rendered for each seat on every move; the sheet was a third of that render.
"""

from collections import OrderedDict

from django.template.loader import render_to_string

MAX_SHEETS = 1024
_rendered: OrderedDict[str, str] = OrderedDict()


def score_sheet_html(sheet: dict) -> str:
    key = repr(sheet)  # the sheet is plain data: its repr is its content
    html = _rendered.get(key)
    if html is None:
        html = render_to_string("games/partials/score_sheet.html", {"sheet": sheet})
        _rendered[key] = html
        while len(_rendered) > MAX_SHEETS:
            _rendered.popitem(last=False)
    _rendered.move_to_end(key)
    return html
