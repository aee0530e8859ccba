"""Reads of moderation: the restrictions in force on a person, what a person sees of the
decisions about them, and the moderators' queue."""

from django.db.models import Count, Max
from django.utils import timezone

from accounts.models import User
from core.clock import your_time
from moderation.models import Decision, Report
from ranked import selectors as ranked_selectors
from ranked.models import RatingChange

# The decisions that restrict an activity (accounts.hooks.restrictions).
RESTRICTING = {"chat": Decision.Kind.MUTE, "ranked": Decision.Kind.BAR, "events": Decision.Kind.BAR}


def restricted_activities(kind: str) -> list[str]:
    """The activities a decision of this kind forbids while it is in force."""
    return [activity for activity, restricting in RESTRICTING.items() if restricting == kind]


def in_force(user: User, kind: str, *, now=None) -> Decision | None:
    """The timed decision of this kind in force on `user` now (the one ending last)."""
    now = now or timezone.now()
    return (
        Decision.objects.filter(subject=user, kind=kind, undone_at=None, until__gt=now)
        .order_by("-until")
        .first()
    )


def unread_warning(user: User) -> Decision | None:
    return Decision.objects.filter(
        subject=user, kind=Decision.Kind.WARN, undone_at=None, acknowledged_at=None
    ).first()


def restriction(user: User, activity: str) -> str | None:
    """accounts.hooks.restrictions: why a mute, a bar or an unread warning forbids
    `activity` now."""
    kind = RESTRICTING.get(activity)
    if kind is None or not user.is_authenticated:
        return None
    if unread_warning(user) is not None:
        return "A moderator warned you: read and acknowledge the warning first (Your record)"
    decision = in_force(user, kind)
    if decision is None:
        return None
    until = your_time(decision.until)
    if kind == Decision.Kind.MUTE:
        return f"A moderator muted your chat until {until}: {decision.reason}"
    return f"A moderator barred you from ranked play and events until {until}: {decision.reason}"


def restricted_among(user_ids: set[int], activity: str) -> set[int]:
    """accounts.hooks.restricted_people: those a mute or a bar in force refuses, in one
    query (the matchmaker and arena seating ask for everyone waiting, every 2 s). An unread
    warning is a door to pass, not a bar: it holds nobody back once in."""
    kind = RESTRICTING.get(activity)
    if kind is None:
        return set()
    decisions = Decision.objects.filter(
        subject_id__in=user_ids, kind=kind, undone_at=None, until__gt=timezone.now()
    )
    return set(decisions.values_list("subject_id", flat=True))


def record_of(user: User) -> list[Decision]:
    """The decisions about a person that concern them (dismissals do not), latest first."""
    return list(
        Decision.objects.filter(subject=user)
        .exclude(kind=Decision.Kind.DISMISS)
        .select_related("subject")
    )


def queue() -> list[dict]:
    """The people with open reports, the most reported first: the moderators' queue."""
    rows = (
        Report.objects.filter(status=Report.Status.OPEN)
        .values("subject")
        .annotate(
            count=Count("pk"), latest=Max("created_at"), reporters=Count("reporter", distinct=True)
        )
        .order_by("-count", "-latest")
    )
    people = User.objects.in_bulk([row["subject"] for row in rows if row["subject"]])
    return [{**row, "person": people.get(row["subject"])} for row in rows]


def person_case(person: User) -> dict:
    """What a moderator reads about a person: their open reports with the chat around
    each reported moment, their earlier reports and decisions."""
    reports = Report.objects.filter(subject=person).select_related(
        "reporter", "game", "chat_message"
    )
    open_reports = list(reports.filter(status=Report.Status.OPEN))
    for report in open_reports:
        report.chat_around = chat_around(report)
    now = timezone.now()
    return {
        "person": person,
        "abandonments": ranked_selectors.abandonment_record(person, now=now),
        "rating_changes": list(
            RatingChange.objects.filter(user=person).order_by("-finished_at")[:20]
        ),
        "open_reports": open_reports,
        "earlier_reports": list(reports.exclude(status=Report.Status.OPEN)[:50]),
        "decisions": list(
            Decision.objects.filter(subject=person).select_related("moderator", "undone_by")
        ),
        "reports_made": Report.objects.filter(reporter=person).count(),
    }


def chat_around(report: Report, lines: int = 5) -> list:
    """The chat of the report's game around its moment: the reported line (or the report's
    time) and `lines` before and after."""
    if report.game_id is None:
        return []
    moment = report.chat_message.created_at if report.chat_message else report.created_at
    chat = report.game.chat.select_related("user")
    before = list(chat.filter(created_at__lte=moment).order_by("-created_at", "-pk")[: lines + 1])
    after = list(chat.filter(created_at__gt=moment).order_by("created_at", "pk")[:lines])
    return [*reversed(before), *after]
