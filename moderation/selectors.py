"""Reads of moderation: the restrictions in force on a person, what a person sees of the
decisions about them, the moderators' queue, and the seed check of a deal reported rigged."""

from django.db.models import Case, Count, IntegerField, Max, Sum, Value, When
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode

from accounts.models import User
from core.clock import your_time
from games.history import deal_check
from games.models import Game, Hand
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
    """The moderators' queue: the open reports by what they are about (a person, a game's
    deals, the bots' cards), those with the most people reporting first, then the most
    severe reason (Report.SEVERITY), then the latest filed. One person filing ten times
    counts once."""
    severity = Case(
        *(When(reason=reason, then=Value(level)) for reason, level in Report.SEVERITY.items()),
        output_field=IntegerField(),
    )
    stats = {"reporters": Count("reporter", distinct=True), "severity": Max(severity),
             "filings": Sum("filings"), "latest": Max("filed_at")}  # fmt: skip
    reports = Report.objects.filter(status=Report.Status.OPEN)
    about_people = list(reports.exclude(subject=None).values("subject").annotate(**stats))
    deals = list(reports.filter(reason=Report.Reason.FAIRNESS).values("game").annotate(**stats))
    bots = list(reports.filter(reason=Report.Reason.BOT).values("reason").annotate(**stats))
    people = User.objects.in_bulk([row["subject"] for row in about_people])
    checks = {  # the latest seed check of each game (later filings saw more hands)
        report.game_id: report
        for report in reports.filter(reason=Report.Reason.FAIRNESS)
        .select_related("game")
        .order_by("filed_at")
    }
    rows = [
        *({**row, "person": people[row["subject"]]} for row in about_people),
        *({**row, "deal": checks[row["game"]]} for row in deals if row["game"] in checks),
        *({**row, "bot": True} for row in bots),
    ]
    for row in rows:
        row["severity_label"] = Report.SEVERITY_LABELS[row["severity"]]
    return sorted(rows, key=lambda r: (-r["reporters"], -r["severity"], -r["latest"].timestamp()))


def seed_check(game: Game) -> dict:
    """The verify page's check (games.history.deal_check) of every finished hand of `game`:
    the hands checked, those whose seed does not hash to the commitment shown before the
    hand, and the verify page of the last one (what a player checks themselves)."""
    deck = game.rules.deck
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    failed = [hand.number for hand in hands if not _seed_matches(hand, deck)]
    query = {"seed": hands[-1].seed, "commitment": hands[-1].commitment,
             "dealer": hands[-1].dealer, "deck": deck} if hands else {}  # fmt: skip
    return {
        "hands": [hand.number for hand in hands],
        "failed": failed,
        "verify": f"{reverse('verify')}?{urlencode(query)}",
    }


def _seed_matches(hand: Hand, deck: str) -> bool:
    try:
        return deal_check(bytes.fromhex(hand.seed), hand.commitment, hand.dealer, deck)["matches"]
    except ValueError:  # a seed that is not hex matches nothing
        return False


def seed_check_words(check: dict | None) -> str:
    """A seed check, as moderators read it."""
    if not check or not check["hands"]:
        return "No hand was over: nothing to check"
    if check["failed"]:
        failed = ", ".join(str(number) for number in check["failed"])
        hands = "hands" if len(check["failed"]) > 1 else "hand"
        return f"✘ Does not match: the seed of {hands} {failed} is not the one committed"
    count = len(check["hands"])
    return f"✔ Every seed matches its commitment ({count} hand{'s' if count != 1 else ''})"


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
