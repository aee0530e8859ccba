"""Ranked play's section of a person's download (accounts.hooks.personal_data), and taking
a closing account out of the queue (accounts.hooks.account_closing)."""

from django.db.models import Q

from accounts.models import User
from accounts.personal_data import covering, rows
from ranked.models import Abandonment, PartnerRequest, QueueEntry, Rating, RatingChange
from ranked.services import queue


@covering(
    "ranked.Rating.user",
    "ranked.RatingChange.user",
    "ranked.Abandonment.user",
    "ranked.QueueEntry.user",
    "ranked.QueueEntry.partner",
    "ranked.PartnerRequest.sender",
    "ranked.PartnerRequest.receiver",
)
def ranked(user: User) -> tuple[str, dict]:
    entry = QueueEntry.objects.filter(Q(user=user) | Q(partner=user))
    requests = PartnerRequest.objects.filter(Q(sender=user) | Q(receiver=user))
    changes = RatingChange.objects.filter(user=user).order_by("finished_at", "game_id")
    return "ranked", {
        "ratings": rows(
            Rating.objects.filter(user=user).order_by("variant"),
            "variant",
            "mu",
            "sigma",
            "games",
            "last_played_at",
            "established_until",
        ),
        "rating_changes": rows(
            changes,
            "game_id",
            "variant",
            "finished_at",
            "position",
            "result",
            "before",
            "after",
            "delta",
            "hands",
            "contracts",
            "contracts_made",
            "nil_bids",
            "nils_made",
            "blind_nil_bids",
            "blind_nils_made",
            "bags",
            "points",
            "bostons",
            "score",
            "opponent_score",
        ),
        "abandonments": rows(
            Abandonment.objects.filter(user=user).order_by("at"), "game_id", "at", "barred_until"
        ),
        "queue": rows(
            entry, "user__username", "partner__username", "variant", "joined_at", "max_wait"
        ),
        "partner_requests": rows(
            requests, "sender__username", "receiver__username", "variant", "created_at"
        ),
    }


def leave_queue(user: User) -> None:
    """On closing: out of the queue (a partner waiting with them is told and leaves too)
    and no partner request either way."""
    queue.queue_leave(user=user)
    PartnerRequest.objects.filter(receiver=user).delete()
