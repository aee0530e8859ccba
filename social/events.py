"""Events to a person's own sockets (`/ws/me/`, open on every page they have open)."""

from games.events import sender


def person_group(user_id: int) -> str:
    return f"person-{user_id}"


def notified(user_id: int, *, text: str, url: str, unread: int, invitation: int | None) -> None:
    """A toast on every page the person has open, and the bell's new count."""
    event = {
        "type": "person.notified",
        "text": text,
        "url": url,
        "unread": unread,
        "invitation": invitation,
    }
    sender.group_send(person_group(user_id), event)
