"""Logging in to a closed account by its old name: the username is `closed-<id>` while it
is closed, and a person remembers the name they chose (allauth finds them by e-mail
address already)."""

from django.contrib.auth.backends import ModelBackend

from accounts.models import User


class ClosedAccountBackend(ModelBackend):
    """Finds the closed, not yet erased account whose old name this is. It returns the
    account although it is inactive: accounts.adapter then reopens it, or refuses a
    moderator's closing in words."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if not username or not password:
            return None
        user = User.objects.filter(
            former_username__iexact=username, closed_at__isnull=False, erased_at=None
        ).first()
        return user if user is not None and user.check_password(password) else None
