"""Moderators' decisions about a person: taken on their open reports (or on the
moderator's own initiative), each kept with who, when and why, each undoable, and each
told to the person in words. The reporters learn only that their report was handled."""

from collections.abc import Iterable
from datetime import timedelta

from allauth.account.adapter import get_adapter
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts import roles
from accounts.hooks import restricted
from accounts.models import User
from accounts.services import account_close, account_reopen
from core.errors import Conflict, Invalid, NotFound
from moderation.models import Decision, Report
from moderation.selectors import restricted_activities
from social import notices
from social.services import notify

PERM = "moderation.add_decision"  # the Moderators group has it
TIMED = (Decision.Kind.MUTE, Decision.Kind.BAR)
MINUTES = (5, 366 * 24 * 60)  # a mute or a bar lasts from five minutes to a year


def is_moderator(user: User) -> bool:
    return roles.is_director(user, PERM)


def check_moderator(user: User) -> None:
    roles.check_director(user, PERM, "Only moderators can do that")


def your_record_url() -> str:
    return reverse("moderation:mine")


def _told(decision: Decision) -> tuple[str, dict]:
    """What the person reads about a decision: a notice's text and data (social.notices),
    so that its end is worded on the reader's clock when read, not on the moderator's."""
    data = {"why": decision.reason}
    match decision.kind:
        case Decision.Kind.WARN:
            text = "A moderator warns you: {why}. Read and acknowledge it"
        case Decision.Kind.MUTE:
            text = "A moderator muted your chat until {until}: {why}"
            data["until"] = notices.moment(decision.until)
        case Decision.Kind.BAR:
            text = "A moderator barred you from ranked play and events until {until}: {why}"
            data["until"] = notices.moment(decision.until)
        case Decision.Kind.CLOSE:
            text = "A moderator closed your account: {why}"
        case Decision.Kind.RENAME:
            text = (
                "A moderator changed your username from {previous} to {you}: {why}. "
                "Choose a new one on Your record"
            )
            data |= {
                "previous": decision.previous_username,
                "you": notices.person(decision.subject),
            }
        case _:
            return "", {}
    return text, data


def check_decision(
    *, moderator: User, subject: User, kind: object, reason: object, minutes: object
) -> tuple[str, str, int | None]:
    if kind not in Decision.Kind.values:
        raise Invalid(f"Choose a decision: {', '.join(Decision.Kind.values)}")
    if not isinstance(reason, str) or not reason.strip():
        raise Invalid("Say why: the person reads it")
    if len(reason.strip()) > 500:
        raise Invalid("A reason can be at most 500 characters long")
    if subject.pk == moderator.pk:
        raise Invalid("Another moderator decides about you")
    if subject.is_bot:
        raise Invalid("Bots are not moderated: report their play to the developers")
    if kind in TIMED:
        if not isinstance(minutes, int) or not MINUTES[0] <= minutes <= MINUTES[1]:
            raise Invalid(f"A mute or a bar lasts {MINUTES[0]} minutes to a year")
    else:
        minutes = None
    return kind, reason.strip(), minutes


@transaction.atomic
def decision_take(
    *,
    moderator: User,
    subject: User,
    kind: object,
    reason: object,
    minutes: object = None,
    report_ids: Iterable[int] = (),
) -> Decision:
    """Takes a decision about `subject`, handling the reports named (theirs, still open)."""
    check_moderator(moderator)
    kind, reason, minutes = check_decision(
        moderator=moderator, subject=subject, kind=kind, reason=reason, minutes=minutes
    )
    # Each app takes the person out of what it arranges for the activities now forbidden
    # (a bar: the ranked queue, arenas, tournaments), and its own steps check them again.
    # Before the person's row is locked: seating locks an event's row, then its people's.
    for activity in restricted_activities(kind):
        for leave in restricted:
            leave(subject, activity)
    subject = User.objects.select_for_update().get(pk=subject.pk)
    wanted = set(report_ids)
    reports = list(
        Report.objects.select_for_update()
        .filter(pk__in=wanted, subject=subject, status=Report.Status.OPEN)
        .select_related("reporter")
    )
    if len(reports) != len(wanted):
        raise Conflict(f"Some of those reports are not open reports about {subject}")
    if kind == Decision.Kind.DISMISS and not reports:
        raise Invalid("Choose the reports to dismiss")
    now = timezone.now()
    decision = Decision(subject=subject, kind=kind, reason=reason, moderator=moderator)
    if minutes is not None:
        decision.until = now + timedelta(minutes=minutes)
    if kind == Decision.Kind.RENAME:
        decision.previous_username = subject.username
        subject.username = f"renamed-{subject.pk}"
        subject.save(update_fields=["username"])
    decision.save()
    decision.reports.set(reports)
    Report.objects.filter(pk__in=wanted).update(status=Report.Status.HANDLED, handled_at=now)
    if kind == Decision.Kind.CLOSE:  # logging in does not undo it; a moderator's undo does
        account_close(user=subject, by_moderator=True)
    if kind != Decision.Kind.DISMISS:
        text, data = _told(decision)
        notify([subject], text, your_record_url(), data=data)
    for report in reports:
        notify(
            [report.reporter],
            "Your report about {subject} was handled. Thank you.",
            data={"subject": notices.person(report.subject) if report.subject else "a bot"},
        )
    return decision


@transaction.atomic
def decision_undo(*, moderator: User, decision_id: int, reason: object) -> Decision:
    """Undoes a decision: its effect ends, the row stays (who undid it, when, why)."""
    check_moderator(moderator)
    decision = Decision.objects.select_for_update().filter(pk=decision_id).first()
    if decision is None:
        raise NotFound("There is no such decision")
    if decision.undone_at is not None:
        raise Conflict("This decision was undone already")
    if not isinstance(reason, str) or not reason.strip():
        raise Invalid("Say why it is undone")
    subject = User.objects.select_for_update().get(pk=decision.subject_id)
    if decision.kind == Decision.Kind.CLOSE:
        account_reopen(user=subject)
    if decision.kind == Decision.Kind.RENAME:
        if User.objects.filter(username=decision.previous_username).exists():
            raise Conflict(f"The name {decision.previous_username} is taken now")
        subject.username = decision.previous_username
        subject.save(update_fields=["username"])
    decision.undone_at, decision.undone_by = timezone.now(), moderator
    decision.undo_reason = reason.strip()[:500]
    decision.save(update_fields=["undone_at", "undone_by", "undo_reason"])
    if decision.kind != Decision.Kind.DISMISS:
        notify(
            [subject],
            f"A moderator undid an earlier decision ({decision.get_kind_display().lower()}): "
            "{why}",
            your_record_url(),
            data={"why": decision.undo_reason},
        )
    return decision


@transaction.atomic
def warning_acknowledge(*, user: User, decision_id: int) -> Decision:
    """The person read a warning about them."""
    decision = (
        Decision.objects.select_for_update()
        .filter(pk=decision_id, subject=user, kind=Decision.Kind.WARN)
        .first()
    )
    if decision is None:
        raise NotFound("There is no such warning about you")
    if decision.acknowledged_at is None:
        decision.acknowledged_at = timezone.now()
        decision.save(update_fields=["acknowledged_at"])
    return decision


# What the reporter of a report about no person is told when it is handled.
PLAY_REPORTS_TOLD = {
    Report.Reason.BOT: "Your report about a bot's card was handled. Thank you.",
    Report.Reason.FAIRNESS: "Your report about the deals of game {game} was handled. Thank you.",
}


@transaction.atomic
def play_reports_handle(*, moderator: User, report_ids: Iterable[int]) -> int:
    """Reports about no person: bots' cards (read and kept for the bots' tests, manage.py
    export_bot_reports) and deals reported rigged (read with their seed check): handled,
    and their reporters told. How many were open."""
    check_moderator(moderator)
    reports = list(
        Report.objects.select_for_update()
        .filter(
            pk__in=list(report_ids), reason__in=list(PLAY_REPORTS_TOLD), status=Report.Status.OPEN
        )
        .select_related("reporter")
    )
    Report.objects.filter(pk__in=[r.pk for r in reports]).update(
        status=Report.Status.HANDLED, handled_at=timezone.now()
    )
    for report in reports:
        notify([report.reporter], PLAY_REPORTS_TOLD[report.reason].format(game=report.game_id))
    return len(reports)


@transaction.atomic
def rename_choose(*, user: User, decision_id: int, username: object) -> Decision:
    """The person renamed by a moderator chooses their new name (once): the site's own
    rules for names apply, as at sign-up."""
    decision = (
        Decision.objects.select_for_update()
        .filter(pk=decision_id, subject=user, kind=Decision.Kind.RENAME, undone_at=None)
        .first()
    )
    if decision is None:
        raise NotFound("There is no such rename of yours")
    if decision.acknowledged_at is not None:
        raise Conflict("You chose your new name already")
    if not isinstance(username, str):
        raise Invalid("A username must be text")
    try:
        username = get_adapter().clean_username(username.strip())
    except ValidationError as error:
        raise Invalid(" ".join(error.messages)) from None
    if username.lower() == decision.previous_username.lower():
        raise Invalid("Choose a name other than the one the moderator changed")
    user = User.objects.select_for_update().get(pk=user.pk)
    user.username = username
    user.save(update_fields=["username"])
    decision.acknowledged_at = timezone.now()
    decision.save(update_fields=["acknowledged_at"])
    return decision
