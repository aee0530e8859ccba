"""The Jinja2 environment of the templates rendered on every move (games/jinja2/): the
helpers those templates use, with the meaning of the Django tags and filters they replace."""

from django.urls import reverse
from jinja2 import ChainableUndefined, Environment
from markupsafe import Markup

from games.sheets import score_sheet_html


class DictFirstEnvironment(Environment):
    """`seat.name` looks up the key first, as Django templates do. Jinja2 tries the attribute
    first; on these templates' plain dicts the AttributeError of every lookup cost a player's
    push 1.00 -> 0.72 ms (bench/table_render.py)."""

    def getattr(self, obj, attribute):
        try:
            return obj[attribute]
        except (TypeError, LookupError):
            return super().getattr(obj, attribute)


def environment(**options) -> Environment:
    # Missing values render empty and chain, as in Django templates.
    env = DictFirstEnvironment(**{**options, "undefined": ChainableUndefined})
    env.globals.update(
        url=lambda name, *args: reverse(name, args=args),
        score_sheet=lambda sheet: Markup(score_sheet_html(sheet)),
    )
    env.filters.update(
        pluralize=lambda count: "" if count == 1 else "s",
        signed=lambda number: f"{number:+d}",
    )
    return env
