"""Queueing as partners: asking a friend, who accepts (both queue together) or declines."""

from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts.browsers import Client
from accounts.hooks import refusal_of
from accounts.models import User
from accounts.seats import records_refusals
from core.errors import Conflict, Forbidden, Invalid, NotFound
from games import selectors as games_selectors
from games.services import seating as game_seating
from ranked import selectors, variants
from ranked.models import PartnerRequest, QueueEntry
from ranked.services.queue import check_queue_join, check_ranked_seat
from social import notices, selectors as social_selectors
from social.models import Preference
from social.services import notify

# Queueing as partners: a person asks a friend, the friend accepts, both are queued as one
# pair. Both people's rows are locked (people_lock) by every write here, as by every write
# that seats or queues people, so a pair is never queued while either sits elsewhere.


def _check_partner_free(partner: User, *, now: datetime) -> None:
    """Refuses if the friend could not queue now (as check_queue_join does for oneself),
    without naming a game they sit at: it may be private."""
    name = partner.username
    if selectors.barred_until(partner, now=now):
        raise Conflict(f"{name} cannot play ranked for a while (left games recently)")
    if refusal_of(partner, "ranked"):  # the reason is theirs to read, not the asker's
        raise Conflict(f"{name} cannot play ranked for a while")
    if games_selectors.unfinished_game_of(partner.pk) is not None:
        raise Conflict(f"{name} is at a table now: ask again when their game is over")
    if QueueEntry.objects.filter(user=partner).exists():
        raise Conflict(f"{name} is already waiting for a ranked table")


def check_partner_request(
    *, user: User, partner: User, max_wait: object, variant: object = variants.CLASSIC
) -> int:
    max_wait = check_queue_join(user=user, max_wait=max_wait, variant=variant)
    if variants.is_solo(variant):
        raise Invalid(
            f"{variants.VARIANTS[variant]} is four players each for themselves: "
            "there are no partners, so queue alone"
        )
    if partner.pk == user.pk:
        raise Invalid("Choose a friend to play with, not yourself")
    if partner.is_bot:
        raise Invalid("Bots join ranked tables by themselves")
    if social_selectors.blocked_between(user.pk, partner.pk):
        # The same words whichever side blocked: a block is not announced.
        raise Forbidden(f"You cannot ask {partner.username} to play ranked with you")
    if not social_selectors.are_friends(user.pk, partner.pk):
        raise Forbidden(f"Only friends queue as partners: {partner.username} is not your friend")
    if social_selectors.invites_from(partner.pk) == Preference.InvitesFrom.NOBODY:
        raise Forbidden(f"{partner.username} takes invitations from nobody")
    _check_partner_free(partner, now=timezone.now())
    return max_wait


@records_refusals
@transaction.atomic
def partner_request_send(
    *,
    user: User,
    partner: User,
    max_wait: int = QueueEntry.DEFAULT_WAIT,
    variant: str = variants.CLASSIC,
    client: Client | None = None,
) -> PartnerRequest | list[QueueEntry]:
    """Asks a friend to queue with `user` as partners in `variant` (a partnership
    variant); a new request replaces one's earlier request. If the friend had already
    asked `user` for the same variant, this accepts theirs: both are queued at once and
    their entries returned."""
    game_seating.people_lock([user.pk, partner.pk])
    now = timezone.now()
    theirs = PartnerRequest.objects.filter(
        sender=partner, receiver=user, variant=variant, expires_at__gt=now
    ).first()
    if theirs is not None:
        return _pair_queue(theirs, user=user, client=client)
    max_wait = check_partner_request(user=user, partner=partner, max_wait=max_wait, variant=variant)
    check_ranked_seat(user=user, client=client, partner=partner)
    PartnerRequest.objects.filter(sender=user).delete()
    request = PartnerRequest.objects.create(
        sender=user,
        receiver=partner,
        variant=variant,
        max_wait=max_wait,
        created_at=now,
        expires_at=now + PartnerRequest.LIFETIME,
    )
    notify(
        [partner],
        f"{{user}} asks you to play ranked as partners in {variants.VARIANTS[variant]}",
        reverse("ranked"),
        data={"user": notices.person(user)},
    )
    return request


def _live_request_to(user: User, request_id: int) -> PartnerRequest:
    request = (
        PartnerRequest.objects.filter(pk=request_id, receiver=user, expires_at__gt=timezone.now())
        .select_related("sender")
        .first()
    )
    if request is None:
        raise NotFound(f"There is no open partner request {request_id} to you")
    return request


@records_refusals
@transaction.atomic
def partner_request_accept(
    *, user: User, request_id: int, client: Client | None = None
) -> list[QueueEntry]:
    """One click: both people enter the queue as a pair."""
    sender_id = _live_request_to(user, request_id).sender_id
    game_seating.people_lock([sender_id, user.pk])
    # Again under the locks: withdrawn, expired or answered meanwhile is refused here.
    return _pair_queue(_live_request_to(user, request_id), user=user, client=client)


def _pair_queue(request: PartnerRequest, *, user: User, client: Client | None) -> list[QueueEntry]:
    """Queues the request's two people as a pair (both rows locked by the caller)."""
    sender = request.sender
    check_queue_join(user=user, max_wait=request.max_wait, variant=request.variant)
    if social_selectors.blocked_between(user.pk, sender.pk) or not social_selectors.are_friends(
        user.pk, sender.pk
    ):
        raise Conflict("This request is no longer valid")
    now = timezone.now()
    _check_partner_free(sender, now=now)
    check_ranked_seat(user=user, client=client, partner=sender)
    people = [sender.pk, user.pk]
    PartnerRequest.objects.filter(Q(sender__in=people) | Q(receiver__in=people)).delete()
    entries = QueueEntry.objects.bulk_create(
        [
            QueueEntry(
                user=sender,
                partner=user,
                variant=request.variant,
                joined_at=now,
                max_wait=request.max_wait,
            ),
            QueueEntry(
                user=user,
                partner=sender,
                variant=request.variant,
                joined_at=now,
                max_wait=request.max_wait,
            ),
        ]
    )
    notify(
        [sender],
        "{user} accepted: you wait for a ranked table as partners",
        reverse("ranked"),
        data={"user": notices.person(user)},
    )
    return entries


@transaction.atomic
def partner_request_decline(*, user: User, request_id: int) -> None:
    request = _live_request_to(user, request_id)
    request.delete()
    notify(
        [request.sender],
        "{user} cannot play ranked with you now",
        reverse("ranked"),
        data={"user": notices.person(user)},
    )
