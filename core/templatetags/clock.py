"""`{{ moment|your_time }}`: a moment that matters (a deadline, a closing time) on the
reader's clock, named as theirs, with how far off it is (core.clock.your_time)."""

from django import template

from core import clock

register = template.Library()


@register.filter
def your_time(moment):
    return clock.your_time_html(moment)
