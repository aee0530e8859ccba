"""`{{ moment|your_time }}`: a moment that matters (a deadline, a closing time) on the
reader's clock, named as theirs, with how far off it is (core.clock.your_time);
`{{ moment|counting_down }}`: the same, its "in …" ticking down in the browser."""

from django import template

from core import clock

register = template.Library()


@register.filter
def your_time(moment):
    return clock.your_time_html(moment)


@register.filter
def counting_down(moment):
    """`your_time` of a start or an end a page waits for: site.js counts its "in …" down
    each second and, at zero, tells the part of the page that polls (hx-trigger
    "counted-down") to read itself again."""
    return clock.your_time_html(moment, counts_down=True)
