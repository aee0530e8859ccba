"""The bell's count in every page's header."""

from social.selectors import unread_count


def bell(request) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"bell_unread": unread_count(user)}
