"""`{% seed_check report %}`: a deal reported rigged, as moderators see it: the seed check run
when it was filed, and the verify page of the hand (the page a player checks it on), unless
the game is a duplicate board still secret (its deal is every table's until the event
closes, and moderators play too)."""

from django import template
from django.utils.html import format_html

from moderation.models import Report
from moderation.selectors import seed_check_words

register = template.Library()


@register.simple_tag
def seed_check(report: Report) -> str:
    check = report.seed_check or {}
    words = seed_check_words(check)
    if not check.get("hands") or report.game is None:
        return words
    if report.game.players_only:
        return format_html("{} · the deal stays secret until its event closes", words)
    return format_html(
        '<span class="{}">{}</span> · <a href="{}">verify hand {}</a>',
        "seed-failed" if check["failed"] else "seed-matches",
        words,
        check["verify"],
        check["hands"][-1],
    )
