"""The ranked queue: joining it alone, leaving it, and the matchmaker that seats it.

Each variant (ranked.variants) is a pool of its own: people wait for a table of one
variant, and tables form within it, from the ratings of that variant."""

from collections.abc import Collection
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts import seats
from accounts.browsers import Client
from accounts.hooks import check_allowed, refused_among
from accounts.models import User
from accounts.seats import check_one_seat, check_partners, records_refusals
from core import clock
from core.errors import Conflict, Forbidden, Invalid
from games import selectors as games_selectors
from games.models import Game
from games.services import seating as game_seating, tables as game_tables
from ranked import kinds, matching, selectors, variants
from ranked.models import PartnerRequest, QueueEntry
from social import notices, selectors as social_selectors
from social.services import notify

RANKED_TURN_SECONDS = 20
# Ranked play is one table for the one-seat rule (accounts.seats): while an account of a
# browser is queued, or seated at an unfinished ranked game, no other account of that
# browser queues, alone or as someone's partner.
RANKED_PLACE = "ranked play"


def check_queue_join(*, user: User, max_wait: object, variant: object = variants.CLASSIC) -> int:
    variants.check(variant)
    if not user.is_authenticated:
        raise Forbidden("Log in to play ranked games")
    if user.is_bot:
        raise Forbidden("Bots join ranked tables by themselves")
    check_allowed(user, "ranked")
    allowed = [seconds for seconds, _ in QueueEntry.WAIT_CHOICES]
    if max_wait not in allowed:
        raise Invalid(f"Choose a wait of {', '.join(map(str, allowed))} seconds")
    now = timezone.now()
    barred = selectors.barred_until(user, now=now)
    if barred:
        raise Forbidden(
            "You left too many ranked games recently: you can play ranked again at "
            f"{clock.your_time(barred, now=now)}"
        )
    game = games_selectors.unfinished_game_of(user.pk)
    if game is not None:
        raise Conflict(f"You are still seated in game {game.pk}: finish or leave it first")
    if QueueEntry.objects.filter(user=user).exists():
        raise Conflict("You are already waiting for a ranked table")
    return max_wait


def check_ranked_seat(*, user: User, client: Client | None, partner: User | None = None) -> None:
    """One person, one seat in ranked play; a partner linked by one browser is refused,
    one linked by an address only is recorded (accounts.seats)."""
    if partner is not None:
        check_partners(user=user, partner=partner, client=client, place=RANKED_PLACE)

    def holders(user_ids: set[int]) -> set[int]:
        return selectors.ranked_seat_holders(user_ids - {partner.pk if partner else None})

    check_one_seat(user=user, client=client, place=RANKED_PLACE, holders=holders)


@records_refusals
@transaction.atomic
def queue_join(
    *,
    user: User,
    max_wait: int = QueueEntry.DEFAULT_WAIT,
    variant: str = variants.CLASSIC,
    client: Client | None = None,
) -> QueueEntry:
    """Waits for a ranked table of `variant`. `client`: the request's browser and address
    (one person, one seat); None for a caller that is no person's request."""
    # The person's row first, as every write that seats or queues people: a table join
    # racing this one either sees the entry (and removes it) or is seen here.
    game_seating.people_lock([user.pk])
    max_wait = check_queue_join(user=user, max_wait=max_wait, variant=variant)
    check_ranked_seat(user=user, client=client)
    # Queueing alone withdraws a request to queue with a friend: the last wish wins.
    PartnerRequest.objects.filter(sender=user).delete()
    try:
        with transaction.atomic():
            return QueueEntry.objects.create(
                user=user, variant=variant, joined_at=timezone.now(), max_wait=max_wait
            )
    except IntegrityError:
        raise Conflict("You are already waiting for a ranked table") from None


@transaction.atomic
def queue_leave(*, user: User) -> bool:
    """Leaves the queue, with one's partner if queued as a pair (who is told), and
    withdraws one's request to queue with a friend. False if there was neither (e.g. the
    person was seated meanwhile)."""
    entry = QueueEntry.objects.filter(user_id=user.pk).select_related("partner").first()
    deleted, _ = QueueEntry.objects.filter(Q(user_id=user.pk) | Q(partner_id=user.pk)).delete()
    withdrawn, _ = PartnerRequest.objects.filter(sender=user).delete()
    if entry is not None and entry.partner is not None:
        notify(
            [entry.partner],
            "{partner} left the ranked queue, so you left it too",
            reverse("ranked"),
            data={"partner": notices.person(user)},
        )
    return bool(deleted or withdrawn)


def queue_restricted(user: User, activity: str) -> None:
    """accounts.hooks.restricted: barred from ranked play, the person leaves the queue."""
    if activity == "ranked":
        queue_leave(user=user)


@transaction.atomic
def tables_form(*, now: datetime | None = None) -> list[Game]:
    """Seats waiting people at ranked tables (the 2 s beat task); returns the new games.

    The queued people's rows are locked first, as by every write that seats or queues
    people, and their entries deleted in the transaction that seats them (game_create_seated
    does), so a person is never seated twice, even by two matchmakers at once or while they
    join a table."""
    now = now or timezone.now()
    PartnerRequest.objects.filter(expires_at__lte=now).delete()  # nothing else sweeps them
    queued = list(QueueEntry.objects.values_list("user_id", flat=True))
    game_seating.people_lock(queued)
    # Read again under the locks; whoever queued meanwhile waits for the next round.
    entries = list(QueueEntry.objects.filter(user_id__in=queued).order_by("joined_at", "pk"))
    if not entries:
        return []
    user_ids = [entry.user_id for entry in entries]
    gone = set(games_selectors.unfinished_games_of(user_ids)) | selectors.users_barred(
        user_ids, now=now
    )
    gone |= refused_among(user_ids, "ranked")  # a moderator's bar since they queued
    # A pair goes together: if one of them is gone (or their entry is), so is the other;
    # and a pair whose one blocks the other since they queued is no pair any more.
    blocked = social_selectors.blocked_pairs(user_ids)
    # Accounts of one person never sit at one table (accounts.seats); a pair that one
    # browser links since they queued is no pair any more.
    apart = seats.linked_pairs(user_ids, now=now)
    queued_now = set(user_ids) - gone
    gone |= {
        entry.user_id
        for entry in entries
        if entry.partner_id is not None
        and (
            entry.partner_id not in queued_now
            or frozenset((entry.user_id, entry.partner_id)) in blocked
            or apart.get(frozenset((entry.user_id, entry.partner_id))) == seats.BROWSER
        )
    }
    if gone:  # sat down elsewhere, or barred since they queued
        QueueEntry.objects.filter(user_id__in=gone).delete()
    created = []
    for variant in variants.VARIANTS:
        pool = [e for e in entries if e.variant == variant and e.user_id not in gone]
        if pool:
            created += _variant_tables(pool, variant, blocked=blocked, apart=apart, now=now)
    return created


def _variant_tables(
    entries: list[QueueEntry], variant: str, *, blocked: set, apart: Collection, now: datetime
) -> list[Game]:
    """Seats the people waiting for `variant` (their rows locked by the caller)."""
    user_ids = [entry.user_id for entry in entries]
    skills = selectors.skills_at(user_ids, now=now, variant=variant)
    waiting = [
        matching.Waiting(
            user_id=entry.user_id,
            mu=skills[entry.user_id][0],
            sigma=skills[entry.user_id][1],
            waited=(now - entry.joined_at).total_seconds(),
            max_wait=entry.max_wait,
            partner=entry.partner_id,
        )
        for entry in entries
    ]
    tables = matching.form_tables(
        waiting,
        selectors.bot_skills(variant),
        blocked=blocked,
        apart=apart,
        solo=variants.is_solo(variant),
    )
    users = User.objects.in_bulk([seat for t in tables for seat in t.seats if type(seat) is int])
    created = []
    for table in tables:
        players = [users[seat] if type(seat) is int else seat.level for seat in table.seats]
        created.append(
            game_tables.game_create_seated(
                players=players,
                preset=variant,
                turn_seconds=RANKED_TURN_SECONDS,
                ranked=True,
                kind=kinds.RANKED,
            )
        )
    return created
