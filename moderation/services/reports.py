"""Reports: a person reports someone where it happened (a chat line, their play at a moment
of a game, their profile, a finished game), with a reason and a note. Rate-limited: REPORTS_AN_HOUR
a person, and the same person once a game."""

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

REPORTS_AN_HOUR = 10
NOTE_LENGTH = 500


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
    if subject is None and reason != Report.Reason.BOT:
        raise Invalid("Say who you report")
    if subject is not None and reason == Report.Reason.BOT:
        raise Invalid("A bot's card is reported with its game and the card, not a person")
    recent = Report.objects.filter(reporter=reporter, created_at__gte=now - timedelta(hours=1))
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
    is reported by the game `version` that played it, in a finished hand."""
    people_lock([reporter.pk])  # two reports at once count against the limit one by one
    now = timezone.now()
    reason, note = check_report(
        reporter=reporter, subject=subject, reason=reason, note=note, now=now
    )
    game, line = _check_moment(reporter, subject, game_id, chat_id)
    if reason == Report.Reason.BOT:
        return _bot_report(reporter, game, version, note)
    reported = Report.objects.filter(reporter=reporter, subject=subject, game=game)
    if game is not None and subject is not None and reported.exists():
        raise Conflict(f"You have reported {subject} in this game already")
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
