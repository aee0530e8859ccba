"""`{{ moment|your_time }}`: a moment that matters (a deadline, a closing time) on the
reader's clock, named as theirs, with how far off it is (core.clock.your_time);
`{{ moment|counting_down }}`: the same, its "in …" ticking down in the browser."""

from django import template
from django.utils import timezone
from django.utils.html import format_html

from core import clock

register = template.Library()


@register.filter
def your_time(moment):
    return clock.your_time_html(moment)


@register.filter
def counting_down(moment):
    """`your_time` of a start or an end a page waits for: site.js counts its "in …" down
    each second from `data-counts-to` and, at zero, tells the part of the page that polls
    (hx-trigger "counted-down") to read itself again."""
    if moment is None:
        return ""
    now = timezone.now()
    if moment <= now:
        return clock.your_time_html(moment)
    return format_html(
        '<time datetime="{}" data-zone="{}">{} {}, <span class="counts-down" data-counts-to="{}">'
        "in {}</span></time>",
        moment.isoformat(),
        timezone.get_current_timezone_name(),
        clock.clock(moment, now=now),
        clock.zone_label(),
        moment.isoformat(),
        clock.duration(moment - now),
    )
