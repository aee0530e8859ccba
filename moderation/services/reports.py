"""Reports: a person reports someone where it happened (a chat line, their play at a moment
of a game, their profile, a finished game), a bot's card, or a game's deals, with a reason and
a note. Rate-limited: REPORTS_AN_HOUR a person, and the same person (or deals) once a game;
reporting someone again without a game adds to the open report about them."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from accounts.hooks import check_wording
from accounts.models import User
from core.errors import Conflict, Invalid, NotFound, TooMany
from games.models import ChatMessage, Game
from games.selectors import access_game
from games.services.seating import people_lock
from moderation.botplays import bot_plays
from moderation.models import Report
from moderation.selectors import seed_check

REPORTS_AN_HOUR = 10
NOTE_LENGTH = 500
NOTES_LENGTH = Report._meta.get_field("note").max_length  # an open report's filings together
WITHOUT_A_PERSON = (Report.Reason.BOT, Report.Reason.FAIRNESS)


def _check_moment(reporter: User, subject: User | None, game_id: int | None, chat_id: int | None):
    """The game (one the reporter may watch) and the chat line (the subject's, in it)."""
    if game_id is None:
        if chat_id is not None:
            raise Invalid("A chat line is reported with its game")
        return None, None
    game = access_game(reporter.pk, game_id, invite=None)
    played = subject is None or game.seats.filter(user=subject).exists()
    if not played and chat_id is None:  # a spectator is reported for their chat line
        raise Invalid(f"{subject} did not play in game {game.pk}")
    line = None
    if chat_id is not None:
        line = ChatMessage.objects.filter(pk=chat_id, game=game).first()
        if line is None or (subject is not None and line.user_id != subject.pk):
            raise NotFound("There is no such chat line of theirs in this game")
    return game, line


def check_report(
    *, reporter: User, subject: User | None, reason: object, note: object, now
) -> tuple[str, str]:
    if reason not in Report.Reason.values:
        choices = ", ".join(Report.Reason.values)
        raise Invalid(f"Choose a reason: {choices}")
    if not isinstance(note, str):
        raise Invalid("A note must be text")
    note = note.strip()
    if len(note) > NOTE_LENGTH:
        raise Invalid(f"A note can be at most {NOTE_LENGTH} characters long")
    check_wording(note, "A note (the moderators read the reported chat itself)")
    if subject is not None and subject.pk == reporter.pk:
        raise Invalid("You cannot report yourself")
    if subject is None and reason not in WITHOUT_A_PERSON:
        raise Invalid("Say who you report")
    if subject is not None and reason == Report.Reason.BOT:
        raise Invalid("A bot's card is reported with its game and the card, not a person")
    if subject is not None and reason == Report.Reason.FAIRNESS:
        raise Invalid("A rigged deal is reported with its game, not a person")
    # Reports filed or added to: adding to one counts, as long as it counts as a report.
    recent = Report.objects.filter(reporter=reporter, filed_at__gte=now - timedelta(hours=1))
    if recent.count() >= REPORTS_AN_HOUR:
        raise TooMany(f"You can send {REPORTS_AN_HOUR} reports an hour; try again later")
    return reason, note


@transaction.atomic
def report_create(
    *,
    reporter: User,
    subject: User | None,
    reason: object,
    note: object = "",
    game_id: int | None = None,
    chat_id: int | None = None,
    version: object = None,
) -> Report:
    """Files a report, the moment attached (the game's hand and version now, or the chat
    line's); the reporter is told later that it was handled, nothing more. A bot's card
    is reported by the game `version` that played it, in a finished hand; a game's deals
    with the seed check of its finished hands. A person reported again without a game:
    the filing is added to the reporter's open report about them (`filings` > 1)."""
    people_lock([reporter.pk])  # two reports at once count against the limit one by one
    now = timezone.now()
    reason, note = check_report(
        reporter=reporter, subject=subject, reason=reason, note=note, now=now
    )
    game, line = _check_moment(reporter, subject, game_id, chat_id)
    if reason == Report.Reason.BOT:
        return _bot_report(reporter, game, version, note)
    if reason == Report.Reason.FAIRNESS:
        return _fairness_report(reporter, game, note)
    reported = Report.objects.filter(reporter=reporter, subject=subject, game=game)
    if game is not None and reported.exists():
        raise Conflict(f"You have reported {subject} in this game already")
    earlier = reported.filter(status=Report.Status.OPEN).first()
    if earlier is not None:
        return _add_to(earlier, reason, note, now)
    return Report.objects.create(
        reporter=reporter,
        subject=subject,
        reason=reason,
        note=note,
        game=game,
        hand=game.state.get("hand_number") if game is not None and game.state else None,
        version=game.version if game is not None else None,
        chat_message=line,
    )


def _bot_report(reporter: User, game: Game | None, version: object, note: str) -> Report:
    plays = {play["version"]: play for play in bot_plays(game)} if game is not None else {}
    play = plays.get(version)
    if play is None:
        raise Invalid("Choose a card a bot played in a finished hand of this game")
    if Report.objects.filter(reporter=reporter, game=game, version=version).exists():
        raise Conflict("You have reported this card already")
    return Report.objects.create(
        reporter=reporter, reason=Report.Reason.BOT, note=note, game=game,
        hand=play["hand"], version=version, seat=play["seat"],
    )  # fmt: skip


def _add_to(report: Report, reason: str, note: str, now) -> Report:
    """A later filing about the same person: its note appended (with its reason when that
    differs), the more severe reason kept, counted. Moderators count reporters, not filings."""
    if reason != report.reason:
        label = Report.Reason(reason).label
        note = f"{label}: {note}" if note else label
        if Report.SEVERITY[reason] > report.severity:
            report.reason = reason
    notes = "\n\n".join(part for part in (report.note, note) if part)
    if len(notes) > NOTES_LENGTH:
        raise Conflict(
            f"Your open report about {report.subject} is as long as it can be: a moderator "
            "will read it, and you will be told when it is handled"
        )
    report.note, report.filings, report.filed_at = notes, report.filings + 1, now
    report.save(update_fields=["reason", "note", "filings", "filed_at"])
    return report


def _fairness_report(reporter: User, game: Game | None, note: str) -> Report:
    """A deal reported rigged: about the game's last finished hand (a hand's seed is revealed
    when it is over), with the verify page's check of every finished hand run now."""
    if game is None:
        raise Invalid("A rigged deal is reported with its game")
    last = game.hands.order_by("-number").first()
    if last is None:
        raise Conflict(
            "No hand of this game is over yet: a deal's seed is revealed, and can be "
            "checked on the verify page, once its hand is over"
        )
    if Report.objects.filter(reporter=reporter, game=game, reason=Report.Reason.FAIRNESS).exists():
        raise Conflict("You have reported the deals of this game already")
    return Report.objects.create(
        reporter=reporter, reason=Report.Reason.FAIRNESS, note=note, game=game,
        hand=last.number, version=game.version, seed_check=seed_check(game),
    )  # fmt: skip
