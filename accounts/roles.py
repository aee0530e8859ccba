"""Directors: staff whom an app's permission (its directors group) lets run its events.

The Django admin admits only staff."""

from accounts.models import User
from core.errors import Forbidden


def is_director(user: User, perm: str) -> bool:
    """Whether `user` directs what `perm` (an "app.change_model" permission) guards."""
    return bool(user.is_authenticated and user.is_active and user.is_staff and user.has_perm(perm))


def check_director(user: User, perm: str, message: str) -> None:
    """Refuses with `message` (the app's own words) unless `user` directs what `perm` guards."""
    if not is_director(user, perm):
        raise Forbidden(message)
