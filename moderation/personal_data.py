"""Moderation's section of a person's download (accounts.hooks.personal_data): the reports
they made and the decisions about them. Who reported them, and which moderator decided,
stay out (accounts.personal_data.EXEMPT)."""

from accounts.erasure import Erased
from accounts.models import User
from accounts.personal_data import covering, rows
from moderation.models import Decision, Report


@covering("moderation.Report.reporter", "moderation.Decision.subject")
def moderation(user: User) -> tuple[str, dict]:
    return "moderation", {
        "reports_made": rows(
            Report.objects.filter(reporter=user).order_by("created_at"),
            "subject__username",
            "reason",
            "note",
            "game_id",
            "hand",
            "status",
            "created_at",
            "filings",
            "filed_at",
            "seed_check",
            "handled_at",
        ),
        "decisions_about_you": rows(
            Decision.objects.filter(subject=user).order_by("created_at"),
            "kind",
            "reason",
            "until",
            "created_at",
            "acknowledged_at",
            "undone_at",
            "undo_reason",
        ),
    }


def erase(user: User) -> None:
    """On erasure: reports' notes and decisions' reasons that name the person name
    `closed-<id>`, and a rename decision keeps no old name of theirs."""
    erased = Erased.of(user)
    erased.rewrite(Report.objects.all(), "note")
    erased.rewrite(Decision.objects.all(), "reason", "undo_reason")
    Decision.objects.filter(subject=user).exclude(previous_username="").update(
        previous_username=erased.new_name
    )
