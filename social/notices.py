"""Notices stored as data and worded when shown: people by the name they have now, moments
on the reader's clock and against the present (social.models.Notification.text and data)."""

from collections.abc import Iterable
from datetime import UTC, datetime

from django.utils import timezone

from accounts.models import User
from accounts.time_zones import zone_named
from core.clock import starts_in, your_time

# A notice's data maps each {field} of its text to a plain string, or to one of these.
# People are kept by id, so that a renamed or closed person is named as they are now and
# no stored text keeps an old name; moments as instants, worded for whoever reads them.


def person(user: User) -> dict:
    """'{sender}' becomes the person's name when the notice is read."""
    return {"person": user.pk}


def moment(at: datetime) -> dict:
    """'{until}' becomes '08:21 your time, in 10 hours' on the reader's clock."""
    return {"time": at.isoformat()}


def start(at: datetime) -> dict:
    """'{start}' becomes 'starts in 5 minutes', or 'started 2 hours ago' once it has."""
    return {"starts": at.isoformat()}


def _people(datas: Iterable[dict]) -> dict[int, str]:
    ids = {
        value["person"]
        for data in datas
        for value in data.values()
        if isinstance(value, dict) and "person" in value
    }
    if not ids:
        return {}
    return {user.pk: user.display_name for user in User.objects.filter(pk__in=ids)}


def _value(value, names: dict[int, str], now: datetime) -> str:
    if not isinstance(value, dict):
        return str(value)
    if "person" in value:
        return names.get(value["person"], "someone")
    if "time" in value:
        return your_time(datetime.fromisoformat(value["time"]), now=now)
    if "starts" in value:
        return starts_in(datetime.fromisoformat(value["starts"]), now=now)
    return ""


def words(text: str, data: dict, *, names: dict[int, str], now: datetime) -> str:
    """The notice's text for its reader, in the zone active now. A text without data is
    shown as it was written (the plain notices of social.services.notify)."""
    if not data:
        return text
    values = {field: _value(value, names, now) for field, value in data.items()}
    try:
        return text.format_map(values)
    except (KeyError, IndexError, ValueError):  # a template and data that do not match
        return text


def worded(notifications: list, *, reader: User, now: datetime | None = None) -> list:
    """The reader's notifications, each with `.words` (one query for all the people they
    name), on the clock the reader chose, else the request's (their browser's): a token's
    API request has no zone of its own before the view knows who calls."""
    now = now or timezone.now()
    names = _people(notification.data for notification in notifications)
    with timezone.override(zone_named(reader.time_zone) or timezone.get_current_timezone()):
        for notification in notifications:
            notification.words = words(notification.text, notification.data, names=names, now=now)
    return notifications


def words_for(user: User, text: str, data: dict) -> str:
    """The text as `user` reads it on their own clock (UTC, named so, if they chose none),
    outside their requests: a toast pushed while someone else's request or a task runs."""
    if not data:
        return text
    with timezone.override(zone_named(user.time_zone) or UTC):
        return words(text, data, names=_people([data]), now=timezone.now())
