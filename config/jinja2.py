"""The Jinja2 environment of the templates rendered on every move (games/jinja2/): the
helpers those templates use, with the meaning of the Django tags and filters they replace.

Jinja2 only there, for the speed of the per-push render (bench/table_render.py; why, in
games.frames); the score sheet inside is a cached Django template (games.sheets)."""

from functools import cache, lru_cache

from django.urls import reverse
from jinja2 import ChainableUndefined, Environment
from markupsafe import Markup

from games.presenters import card
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


@lru_cache(maxsize=4096)
def url(name: str, *args) -> str:
    """`{% url %}`, remembered: the table asks for the same links of its game on every push,
    and reversing one cost a tenth of a player's render (bench/table_render.py)."""
    return reverse(name, args=args)


def environment(**options) -> Environment:
    # Missing values render empty and chain, as in Django templates.
    env = DictFirstEnvironment(**{**options, "undefined": ChainableUndefined})

    @cache  # 52 cards, three ways each
    def card_button(code: str, playable: bool, legal: bool) -> Markup:
        template = env.get_template("games/card_button.html")
        return Markup(template.render(c=card(code, legal=legal), playable=playable))

    env.globals.update(
        card_button=card_button,
        url=url,
        score_sheet=lambda sheet: Markup(score_sheet_html(sheet)),
    )
    env.filters.update(
        pluralize=lambda count: "" if count == 1 else "s",
        signed=lambda number: f"{number:+d}",
    )
    return env
