"""Every write of ranked play: rating finished games, abandonment bars, the queue (alone or
as partners) and the matchmaker. One locked transaction per write; check_ functions raise a
clear error."""

from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from functools import partial

from django.db import IntegrityError, transaction
from django.db.models import Count, Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from accounts.services import bots_ensure
from core import clock
from core.errors import Conflict, Forbidden, Invalid, NotFound
from games import results, selectors as games_selectors
from games.models import Game
from games.services import clock as game_clock, seating, tables as game_tables
from ranked import handstats, kinds, matching, ratings, selectors
from ranked.models import (
    Abandonment,
    PartnerRequest,
    QueueEntry,
    RatedGame,
    Rating,
    RatingChange,
    RatingLock,
)
from social import selectors as social_selectors
from social.models import Preference
from social.services import notify

RANKED_PRESET = "classic"
RANKED_TURN_SECONDS = 20
RATE_BATCH = 500

# Abandonment: the first in a week is a warning (connections drop); each repeat within
# seven days bars ranked play for longer, from the end of the game abandoned.
BAR_WINDOW = timedelta(days=7)
BAR_SCHEDULE = (
    timedelta(0),
    timedelta(minutes=10),
    timedelta(hours=1),
    timedelta(hours=6),
    timedelta(hours=24),
)
FOREVER = datetime(9999, 1, 1, tzinfo=UTC)  # bots never rust, so never turn provisional


def bar_for(abandonments_this_week: int) -> timedelta:
    return BAR_SCHEDULE[min(abandonments_this_week, len(BAR_SCHEDULE)) - 1]


# Rating


def _lock() -> RatingLock:
    """Serializes rating writers: games are rated by one writer at a time, in order."""
    lock, _ = RatingLock.objects.select_for_update().get_or_create(pk=1)
    return lock


def _rated_games() -> QuerySet:
    return results.finished_games().filter(ranked=True)


def _pending_games() -> list[results.GameResult]:
    return results.results_of(_rated_games().filter(rated__isnull=True))


def _after(game: results.GameResult) -> Q:
    """Rows (RatedGame, RatingChange) of games that come after `game` in rating order."""
    return Q(finished_at__gt=game.finished_at) | Q(
        finished_at=game.finished_at, game_id__gt=game.game_id
    )


def _bot_accounts() -> dict[str, int]:
    accounts = dict(User.objects.exclude(bot_level="").values_list("bot_level", "pk"))
    if set(accounts) != set(ratings.BOT_START):
        accounts = {bot.bot_level: bot.pk for bot in bots_ensure()}
    return accounts


def _game_input(game: results.GameResult, bot_accounts: dict[str, int]) -> ratings.GameInput:
    seats = []
    for seat in game.seats:
        if seat.user_id is not None:
            entry = ratings.SeatInput(seat.user_id, seat.bot_level, seat.away)
        elif seat.bot_level:
            entry = ratings.SeatInput(bot_accounts[seat.bot_level], seat.bot_level)
        else:
            entry = ratings.SeatInput(None)  # the account was deleted: rated as a newcomer
        seats.append(entry)
    return ratings.GameInput(game.game_id, game.finished_at.timestamp(), game.winner, tuple(seats))


def _skills_now(players: set[int]) -> dict[int, ratings.Skill]:
    return {
        rating.user_id: ratings.Skill(
            rating.mu, rating.sigma, rating.last_played_at and rating.last_played_at.timestamp()
        )
        for rating in Rating.objects.filter(user_id__in=players)
    }


def _skills_before(game: results.GameResult, players: set[int]) -> dict[int, ratings.Skill]:
    """Each player's rating just before `game`, from the history (a rare path: a game
    that finished earlier was rated after a later one)."""
    skills = {}
    for player in players:
        last = (
            RatingChange.objects.filter(user_id=player)
            .exclude(_after(game))
            .exclude(game_id=game.game_id)
            .order_by("-finished_at", "-game_id")
            .first()
        )
        if last is not None:
            skills[player] = ratings.Skill(
                last.mu_after, last.sigma_after, last.finished_at.timestamp()
            )
    return skills


def _rate(games_in_order: list[results.GameResult], skills: dict[int, ratings.Skill]) -> None:
    """Rates the games in order from `skills` (updated in place); writes the changes, the
    players' ratings and abandonments."""
    bot_accounts = _bot_accounts()
    inputs = [_game_input(game, bot_accounts) for game in games_in_order]
    by_id = {game.game_id: game for game in games_in_order}
    hands = results.hands_of(by_id)
    rows, abandoned, last_at, bots = [], [], {}, set()
    for game_input, outcomes in ratings.rate_games(inputs, skills):
        game = by_id[game_input.game_id]
        for outcome in outcomes:
            stats = None
            for position in outcome.seats:
                seat = handstats.seat_stats(hands[game.game_id], position, ruleset=game.ruleset)
                if stats is None:
                    stats = seat
                else:
                    stats.add(seat)
            before, after = ratings.display(outcome.mu_before), ratings.display(outcome.mu_after)
            rows.append(
                RatingChange(
                    game_id=game.game_id,
                    user_id=outcome.player,
                    finished_at=game.finished_at,
                    position=outcome.seats[0],
                    result=outcome.result,
                    mu_before=outcome.mu_before,
                    sigma_before=outcome.sigma_before,
                    mu_after=outcome.mu_after,
                    sigma_after=outcome.sigma_after,
                    before=before,
                    after=after,
                    delta=after - before,
                    **asdict(stats),
                )
            )
            last_at[outcome.player] = game.finished_at
            if outcome.result == ratings.ABANDONED:
                abandoned.append((outcome.player, game))
        bots.update(seat.player for seat in game_input.seats if seat.bot_level)
    RatingChange.objects.bulk_create(rows, batch_size=500)
    RatedGame.objects.bulk_create(
        [RatedGame(game_id=game.game_id, finished_at=game.finished_at) for game in games_in_order]
    )
    _save_ratings({player: skills[player] for player in last_at}, last_at, bots)
    for player, game in abandoned:
        _record_abandonment(user_id=player, game=game)
    # The game pages show the rating changes once they exist.
    for game in games_in_order:
        transaction.on_commit(partial(game_clock.game_refresh, game_id=game.game_id), robust=True)


def _save_ratings(
    skills: dict[int, ratings.Skill], last_at: dict[int, datetime], bots: set[int]
) -> None:
    counts = dict(
        RatingChange.objects.filter(user_id__in=skills)
        .values("user_id")
        .annotate(n=Count("pk"))
        .values_list("user_id", "n")
    )
    rows = []
    for player, skill in skills.items():
        established = ratings.established_for(skill.sigma)
        if established is None:
            until = None
        elif player in bots:
            until = FOREVER
        else:
            until = last_at[player] + timedelta(seconds=established)
        rows.append(
            Rating(
                user_id=player,
                mu=skill.mu,
                sigma=skill.sigma,
                games=counts.get(player, 0),
                last_played_at=last_at[player],
                established_until=until,
            )
        )
    # The rows are a cache of the last changes: replacing them is simplest and fastest.
    Rating.objects.filter(user_id__in=skills).delete()
    Rating.objects.bulk_create(rows, batch_size=500)


def _record_abandonment(*, user_id: int, game: results.GameResult) -> None:
    if Abandonment.objects.filter(user_id=user_id, game_id=game.game_id).exists():
        return  # a recompute keeps the record (and the bar) it gave the first time
    this_week = Abandonment.objects.filter(
        user_id=user_id, at__gt=game.finished_at - BAR_WINDOW, at__lte=game.finished_at
    ).count()
    Abandonment.objects.create(
        user_id=user_id,
        game_id=game.game_id,
        at=game.finished_at,
        barred_until=game.finished_at + bar_for(this_week + 1),
    )


def ratings_rate_pending(*, batch: int = RATE_BATCH) -> int:
    """Rates every finished ranked game not rated yet, oldest first; returns how many.

    Idempotent and safe to run concurrently: a rated game has its RatingChange rows, and
    writers take turns on the rating lock. Should a game be rated after one that finished
    later (its commit was slow), the later games are re-rated after it, so the ratings are
    always those of the games replayed in finishing order."""
    total = 0
    while True:
        with transaction.atomic():
            _lock()
            pending = results.results_of(_rated_games().filter(rated__isnull=True)[:batch])
            if not pending:
                return total
            first = pending[0]
            later = RatedGame.objects.filter(_after(first))
            rewound = later.count()
            if rewound:
                RatingChange.objects.filter(game__in=later.values("game")).delete()
                later.delete()
                games_in_order = _pending_games()  # all of them, to keep the order
                skills = _skills_before(first, _players(games_in_order))
            else:
                games_in_order = pending
                skills = _skills_now(_players(games_in_order))
            _rate(games_in_order, skills)
            total += len(games_in_order) - rewound


def _players(games_in_order: list[results.GameResult]) -> set[int]:
    bot_accounts = _bot_accounts()
    players = set()
    for game in games_in_order:
        for seat in game.seats:
            player = seat.user_id or bot_accounts.get(seat.bot_level)
            if player:
                players.add(player)
    return players


def ratings_recompute(*, batch: int = RATE_BATCH) -> int:
    """Rebuilds every rating from the game history in finishing order; returns the number
    of games. Gives exactly the numbers the incremental path gave."""
    with transaction.atomic():
        _lock()
        RatingChange.objects.all().delete()
        RatedGame.objects.all().delete()
        Rating.objects.all().delete()
        skills: dict[int, ratings.Skill] = {}
        count = 0
        cursor = Q()
        while True:
            chunk = results.results_of(_rated_games().filter(cursor)[:batch])
            if not chunk:
                return count
            _rate(chunk, skills)
            count += len(chunk)
            last = chunk[-1]
            cursor = Q(finished_at__gt=last.finished_at) | Q(
                finished_at=last.finished_at, pk__gt=last.game_id
            )


# Queue and matchmaking


def check_queue_join(*, user: User, max_wait: object) -> int:
    if not user.is_authenticated:
        raise Forbidden("Log in to play ranked games")
    if user.is_bot:
        raise Forbidden("Bots join ranked tables by themselves")
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


@transaction.atomic
def queue_join(*, user: User, max_wait: int = QueueEntry.DEFAULT_WAIT) -> QueueEntry:
    # The person's row first, as every write that seats or queues people: a table join
    # racing this one either sees the entry (and removes it) or is seen here.
    seating.people_lock([user.pk])
    max_wait = check_queue_join(user=user, max_wait=max_wait)
    # Queueing alone withdraws a request to queue with a friend: the last wish wins.
    PartnerRequest.objects.filter(sender=user).delete()
    try:
        with transaction.atomic():
            return QueueEntry.objects.create(user=user, joined_at=timezone.now(), max_wait=max_wait)
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
            f"{user.username} left the ranked queue, so you left it too",
            reverse("ranked"),
        )
    return bool(deleted or withdrawn)


# Queueing as partners: a person asks a friend, the friend accepts, both are queued as one
# pair. Both people's rows are locked (people_lock) by every write here, as by every write
# that seats or queues people, so a pair is never queued while either sits elsewhere.


def _check_partner_free(partner: User, *, now: datetime) -> None:
    """Refuses if the friend could not queue now (as check_queue_join does for oneself),
    without naming a game they sit at: it may be private."""
    name = partner.username
    if selectors.barred_until(partner, now=now):
        raise Conflict(f"{name} cannot play ranked for a while (left games recently)")
    if games_selectors.unfinished_game_of(partner.pk) is not None:
        raise Conflict(f"{name} is at a table now: ask again when their game is over")
    if QueueEntry.objects.filter(user=partner).exists():
        raise Conflict(f"{name} is already waiting for a ranked table")


def check_partner_request(*, user: User, partner: User, max_wait: object) -> int:
    max_wait = check_queue_join(user=user, max_wait=max_wait)
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


@transaction.atomic
def partner_request_send(
    *, user: User, partner: User, max_wait: int = QueueEntry.DEFAULT_WAIT
) -> PartnerRequest | list[QueueEntry]:
    """Asks a friend to queue with `user` as partners; a new request replaces one's earlier
    request. If the friend had already asked `user`, this accepts theirs: both are queued
    at once and their entries returned."""
    seating.people_lock([user.pk, partner.pk])
    now = timezone.now()
    theirs = PartnerRequest.objects.filter(
        sender=partner, receiver=user, expires_at__gt=now
    ).first()
    if theirs is not None:
        return _pair_queue(theirs, user=user)
    max_wait = check_partner_request(user=user, partner=partner, max_wait=max_wait)
    PartnerRequest.objects.filter(sender=user).delete()
    request = PartnerRequest.objects.create(
        sender=user,
        receiver=partner,
        max_wait=max_wait,
        created_at=now,
        expires_at=now + PartnerRequest.LIFETIME,
    )
    notify(
        [partner],
        f"{user.username} asks you to play ranked as partners",
        reverse("ranked"),
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


@transaction.atomic
def partner_request_accept(*, user: User, request_id: int) -> list[QueueEntry]:
    """One click: both people enter the queue as a pair."""
    sender_id = _live_request_to(user, request_id).sender_id
    seating.people_lock([sender_id, user.pk])
    # Again under the locks: withdrawn, expired or answered meanwhile is refused here.
    return _pair_queue(_live_request_to(user, request_id), user=user)


def _pair_queue(request: PartnerRequest, *, user: User) -> list[QueueEntry]:
    """Queues the request's two people as a pair (both rows locked by the caller)."""
    sender = request.sender
    check_queue_join(user=user, max_wait=request.max_wait)
    if social_selectors.blocked_between(user.pk, sender.pk) or not social_selectors.are_friends(
        user.pk, sender.pk
    ):
        raise Conflict("This request is no longer valid")
    now = timezone.now()
    _check_partner_free(sender, now=now)
    people = [sender.pk, user.pk]
    PartnerRequest.objects.filter(Q(sender__in=people) | Q(receiver__in=people)).delete()
    entries = QueueEntry.objects.bulk_create(
        [
            QueueEntry(user=sender, partner=user, joined_at=now, max_wait=request.max_wait),
            QueueEntry(user=user, partner=sender, joined_at=now, max_wait=request.max_wait),
        ]
    )
    notify(
        [sender],
        f"{user.username} accepted: you wait for a ranked table as partners",
        reverse("ranked"),
    )
    return entries


@transaction.atomic
def partner_request_decline(*, user: User, request_id: int) -> None:
    request = _live_request_to(user, request_id)
    request.delete()
    notify(
        [request.sender],
        f"{user.username} cannot play ranked with you now",
        reverse("ranked"),
    )


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
    seating.people_lock(queued)
    # Read again under the locks; whoever queued meanwhile waits for the next round.
    entries = list(QueueEntry.objects.filter(user_id__in=queued).order_by("joined_at", "pk"))
    if not entries:
        return []
    user_ids = [entry.user_id for entry in entries]
    gone = set(games_selectors.unfinished_games_of(user_ids)) | selectors.users_barred(
        user_ids, now=now
    )
    # A pair goes together: if one of them is gone (or their entry is), so is the other;
    # and a pair whose one blocks the other since they queued is no pair any more.
    blocked = social_selectors.blocked_pairs(user_ids)
    queued_now = set(user_ids) - gone
    gone |= {
        entry.user_id
        for entry in entries
        if entry.partner_id is not None
        and (
            entry.partner_id not in queued_now
            or frozenset((entry.user_id, entry.partner_id)) in blocked
        )
    }
    if gone:  # sat down elsewhere, or barred by a game rated after they queued
        QueueEntry.objects.filter(user_id__in=gone).delete()
    skills = selectors.skills_at(user_ids, now=now)
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
        if entry.user_id not in gone
    ]
    tables = matching.form_tables(waiting, selectors.bot_skills(), blocked=blocked)
    users = User.objects.in_bulk([seat for t in tables for seat in t.seats if type(seat) is int])
    created = []
    for table in tables:
        players = [users[seat] if type(seat) is int else seat.level for seat in table.seats]
        created.append(
            game_tables.game_create_seated(
                players=players,
                preset=RANKED_PRESET,
                turn_seconds=RANKED_TURN_SECONDS,
                ranked=True,
                kind=kinds.RANKED,
            )
        )
    return created
