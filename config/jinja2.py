"""The Jinja2 environment of the templates rendered on every move (games/jinja2/): the
helpers those templates use, with the meaning of the Django tags and filters they replace."""

from django.urls import reverse
from jinja2 import ChainableUndefined, Environment
from markupsafe import Markup

from games.sheets import score_sheet_html


def environment(**options) -> Environment:
    # Missing values render empty and chain, as in Django templates.
    env = Environment(**{**options, "undefined": ChainableUndefined})
    env.globals.update(
        url=lambda name, *args: reverse(name, args=args),
        score_sheet=lambda sheet: Markup(score_sheet_html(sheet)),
    )
    env.filters.update(
        pluralize=lambda count: "" if count == 1 else "s",
        signed=lambda number: f"{number:+d}",
    )
    return env
