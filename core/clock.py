"""Moments in words, on the reader's own clock: the zone the request activated
(accounts.time_zones), or UTC, named as such, where none is known (a socket, a task)."""

import math
from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString


def duration(span: timedelta) -> str:
    """A short human span, rounded up: '45 seconds', '9 minutes', '2 hours 5 minutes',
    '3 days 4 hours' (minutes say nothing a day ahead)."""
    seconds = max(0, math.ceil(span.total_seconds()))
    if seconds < 60:
        return f"{seconds} second{'s' * (seconds != 1)}"
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return f"{minutes} minute{'s' * (minutes != 1)}"
    hours, minutes = divmod(minutes, 60)
    if hours >= 24:
        days, hours = divmod(hours, 24)
        text = f"{days} day{'s' * (days != 1)}"
        return f"{text} {hours} hour{'s' * (hours != 1)}" if hours else text
    text = f"{hours} hour{'s' * (hours != 1)}"
    return f"{text} {minutes} minute{'s' * (minutes != 1)}" if minutes else text


def zone_label() -> str:
    """ "your time" once the reader's zone is known; a reader in UTC (or one we know nothing
    of) reads "UTC", which is true either way."""
    return "UTC" if timezone.get_current_timezone_name() in ("UTC", "Etc/UTC") else "your time"


def clock(moment: datetime, *, now: datetime | None = None) -> str:
    """The moment's time on the reader's clock, with its day when that is not today:
    '19:00', 'tomorrow 01:00', 'Sat 5 Dec 19:00' (and the year when not this one)."""
    local = timezone.localtime(moment)
    today = timezone.localtime(now or timezone.now()).date()
    days = (local.date() - today).days
    if days == 0:
        day = ""
    elif days == 1:
        day = "tomorrow "
    elif days == -1:
        day = "yesterday "
    elif local.year == today.year:
        day = f"{local:%a} {local.day} {local:%b} "
    else:
        day = f"{local:%a} {local.day} {local:%b} {local.year} "
    return f"{day}{local:%H:%M}"


def your_time(moment: datetime, *, now: datetime | None = None) -> str:
    """'19:00 your time, in 5 hours 12 minutes' (or '…, 2 hours ago'): the one way the site
    words a moment that matters, such as a deadline, in pages and in messages."""
    now = now or timezone.now()
    relative = f"in {duration(moment - now)}" if moment > now else f"{duration(now - moment)} ago"
    return f"{clock(moment, now=now)} {zone_label()}, {relative}"


def starts_in(moment: datetime, *, now: datetime | None = None) -> str:
    """'starts in 5 minutes' (whole minutes, one at least, while the start is near), or
    'started 2 hours ago' once it has: words of a notice that are true when read."""
    now = now or timezone.now()
    if moment <= now:
        return f"started {duration(now - moment)} ago"
    if moment - now >= timedelta(hours=1):
        return f"starts in {duration(moment - now)}"
    minutes = max(1, round((moment - now).total_seconds() / 60))
    return f"starts in {minutes} minute{'s' * (minutes != 1)}"


def your_time_html(moment: datetime | None, *, counts_down: bool = False) -> SafeString | str:
    """`your_time` in a <time> element; its zone tells site.js what the server showed.
    `counts_down`: a moment still to come has its "in …" in a span that site.js counts
    down each second (from `data-counts-to`)."""
    if moment is None:
        return ""
    now = timezone.now()
    words = your_time(moment, now=now)
    if counts_down and moment > now:
        words = format_html(
            '{} {}, <span class="counts-down" data-counts-to="{}">in {}</span>',
            clock(moment, now=now),
            zone_label(),
            moment.isoformat(),
            duration(moment - now),
        )
    zone = timezone.get_current_timezone_name()
    return format_html(
        '<time datetime="{}" data-zone="{}">{}</time>', moment.isoformat(), zone, words
    )
