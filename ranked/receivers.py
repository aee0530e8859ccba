"""Receivers of the games app's signals."""

import logging

from django.db.models import Q
from django.urls import reverse

from games.models import Game
from ranked.models import PartnerRequest, QueueEntry
from ranked.tasks import rate_pending
from social import notices
from social.services import notify

# The rating task waits a moment, so that a game whose last action commits a little
# later than another's is usually rated in finishing order (the service copes otherwise).
RATE_DELAY = 1.0

logger = logging.getLogger(__name__)


def rate_finished_game(sender, game_id: int, **kwargs) -> None:
    """Queues the rating of a ranked game. It runs after the game's commit, inside whoever
    finished the game, so it must never raise: if queueing fails, the 30 s rating sweep
    (ranked.rate_pending on beat) rates the game later."""
    try:
        if Game.objects.filter(pk=game_id, ranked=True).exists():
            rate_pending.apply_async(countdown=RATE_DELAY)
    except Exception:
        logger.exception("Could not queue the rating of game %s; the sweep will", game_id)


def leave_queue_when_seated(sender, user_ids: list[int], **kwargs) -> None:
    """A person who sits down at a game stops waiting for a ranked one (same transaction),
    and so does the partner they queued with (told why: a pair leaves together); their
    requests to queue as partners, sent or received, lapse."""
    left_behind = list(
        QueueEntry.objects.filter(partner_id__in=user_ids)
        .exclude(user_id__in=user_ids)
        .select_related("user", "partner")
    )
    QueueEntry.objects.filter(Q(user_id__in=user_ids) | Q(partner_id__in=user_ids)).delete()
    PartnerRequest.objects.filter(Q(sender_id__in=user_ids) | Q(receiver_id__in=user_ids)).delete()
    for entry in left_behind:
        notify(
            [entry.user],
            "{partner} sat down at another table, so you left the ranked queue",
            reverse("ranked"),
            data={"partner": notices.person(entry.partner)},
        )
