"""Analysis' section of a person's download (accounts.hooks.personal_data)."""

from accounts.models import User
from accounts.personal_data import covering, rows
from analysis.models import Analysis


@covering("analysis.Analysis.requested_by")
def analysis(user: User) -> tuple[str, list]:
    requested = Analysis.objects.filter(requested_by=user).order_by("pk")
    return "analyses_requested", rows(requested, "game_id", "status", "created_at")
