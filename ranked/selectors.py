"""Reads of ranked play: ratings now, queue state, bars, profiles and the leaderboards.
Every page reads a fixed number of queries, however many games a player has.

Ratings, ranks and leaderboards are per variant (ranked.variants); a profile shows a line
for each variant the person has played."""

from datetime import UTC, datetime, timedelta

from django.db.models import (
    Count,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
)
from django.db.models.functions import Mod

from accounts.models import User
from games.engine import team_of
from games.models import Game, Seat, team_of_column
from ranked import ratings, variants
from ranked.models import Abandonment, PartnerRequest, QueueEntry, Rating, RatingChange

CHART_GAMES = 200
RECENT_GAMES = 10
RECENT_ABANDONMENTS = 5
PARTNERSHIPS = 8
WEEK = timedelta(days=7)
NEVER = datetime(1, 1, 1, tzinfo=UTC)
# A pair's combined strength is told as its chance to beat an average pair: two players
# rated 1500 and settled (sigma 3, as after about 60 games). OpenSkill rates a team by the
# sum of its members' mu and the root of the sum of their variances.
AVERAGE_PAIR = ((ratings.MU0, 3.0), (ratings.MU0, 3.0))


# Ratings


def sigma_at(rating: Rating, *, bot: bool, now: datetime) -> float:
    """sigma including the inactivity since the last game, up to `now`."""
    if bot or rating.last_played_at is None:
        return rating.sigma
    return ratings.inflate(rating.sigma, (now - rating.last_played_at).total_seconds())


def _default(user_id: int, bot_level: str, variant: str) -> Rating:
    skill = ratings.initial(bot_level)
    return Rating(user_id=user_id, variant=variant, mu=skill.mu, sigma=skill.sigma, games=0)


def rating_summary(
    rating: Rating | None, user: User, *, now: datetime, variant: str = variants.CLASSIC
) -> dict:
    rating = rating or _default(user.pk, user.bot_level, variant)
    sigma = sigma_at(rating, bot=user.is_bot, now=now)
    return {
        "variant": rating.variant,
        "variant_name": variants.VARIANTS[rating.variant],
        "display": ratings.display(rating.mu),
        "deviation": ratings.deviation(sigma),
        "provisional": ratings.is_provisional(sigma),
        "games": rating.games,
        "mu": rating.mu,
        "sigma": sigma,
    }


def ratings_of(user: User, *, now: datetime) -> dict[str, dict]:
    """The person's rating in every variant offered (the starting one where unplayed), in
    the order variants are offered."""
    found = {rating.variant: rating for rating in Rating.objects.filter(user=user)}
    return {
        variant: rating_summary(found.get(variant), user, now=now, variant=variant)
        for variant in variants.VARIANTS
    }


def skills_at(
    user_ids: list[int], *, now: datetime, variant: str = variants.CLASSIC
) -> dict[int, tuple[float, float]]:
    """(mu, sigma now) of these people in `variant`; newcomers get the starting rating."""
    skills = skills_in(user_ids, [variant], now=now)
    return {user_id: skills[user_id, variant] for user_id in user_ids}


def skills_in(
    user_ids: list[int], variant_names: list[str], *, now: datetime
) -> dict[tuple[int, str], tuple[float, float]]:
    """(mu, sigma now) of these people in each of these variants, by (person, variant), in
    one query; newcomers get the starting rating."""
    found = {
        (rating.user_id, rating.variant): (rating.mu, sigma_at(rating, bot=False, now=now))
        for rating in Rating.objects.filter(variant__in=variant_names, user_id__in=user_ids)
    }
    start = (ratings.initial().mu, ratings.initial().sigma)
    return {
        (user_id, variant): found.get((user_id, variant), start)
        for user_id in user_ids
        for variant in variant_names
    }


def bot_skills(variant: str = variants.CLASSIC) -> dict[str, tuple[float, float]]:
    """(mu, sigma) of each bot level's account in `variant`; the starting one before its
    first game there."""
    found = {
        level: (mu, sigma)
        for level, mu, sigma in Rating.objects.filter(variant=variant)
        .exclude(user__bot_level="")
        .values_list("user__bot_level", "mu", "sigma")
    }
    return {level: found.get(level, start) for level, start in ratings.BOT_START.items()}


# Who may queue


def barred_until(user: User, *, now: datetime) -> datetime | None:
    until = Abandonment.objects.filter(user=user).aggregate(until=Max("barred_until"))["until"]
    return until if until and until > now else None


def users_barred(user_ids: list[int], *, now: datetime) -> set[int]:
    return set(
        Abandonment.objects.filter(user_id__in=user_ids, barred_until__gt=now).values_list(
            "user_id", flat=True
        )
    )


def ranked_game_of(user: User) -> Game | None:
    """The ranked game this person plays now, if any."""
    return (
        Game.objects.filter(ranked=True, status=Game.Status.PLAYING, seats__user=user)
        .order_by("-pk")
        .first()
    )


def queue_state(user: User, *, now: datetime) -> dict:
    """The person's place in the queue (with their partner, if queued as a pair) and
    their open requests to queue as partners."""
    entry = QueueEntry.objects.filter(user=user).select_related("partner").first()
    requests = PartnerRequest.objects.filter(expires_at__gt=now).select_related(
        "sender", "receiver"
    )
    state = {
        "entry": entry,
        "sent": requests.filter(sender=user).first(),
        "received": list(requests.filter(receiver=user).order_by("created_at", "pk")),
    }
    if state["sent"] is not None:
        state["sent_expires_in"] = max(0, int((state["sent"].expires_at - now).total_seconds()))
    if entry is None:
        return state
    waited = max(0, int((now - entry.joined_at).total_seconds()))
    return {
        **state,
        "partner": entry.partner,
        "waited": waited,
        "bots_in": max(0, entry.max_wait - waited),
        "waiting_count": QueueEntry.objects.filter(variant=entry.variant).count(),
    }


# Profile


def _totals(user: User) -> dict:
    changes = RatingChange.objects.filter(user=user)
    totals = changes.aggregate(
        games=Count("pk"),
        wins=Count("pk", filter=Q(result=RatingChange.Result.WIN)),
        abandoned=Count("pk", filter=Q(result=RatingChange.Result.ABANDONED)),
        hands=Sum("hands", default=0),
        contracts=Sum("contracts", default=0),
        contracts_made=Sum("contracts_made", default=0),
        nil_bids=Sum("nil_bids", default=0),
        nils_made=Sum("nils_made", default=0),
        blind_nil_bids=Sum("blind_nil_bids", default=0),
        blind_nils_made=Sum("blind_nils_made", default=0),
        bags=Sum("bags", default=0),
        points=Sum("points", default=0),
        bostons=Sum("bostons", default=0),
    )

    def rate(part: int, whole: int) -> float | None:
        return part / whole if whole else None

    return {
        **totals,
        "losses": totals["games"] - totals["wins"],
        "win_rate": rate(totals["wins"], totals["games"]),
        "bid_accuracy": rate(totals["contracts_made"], totals["contracts"]),
        "nil_rate": rate(totals["nils_made"], totals["nil_bids"]),
        "blind_nil_rate": rate(totals["blind_nils_made"], totals["blind_nil_bids"]),
        "bags_per_hand": rate(totals["bags"], totals["hands"]),
        "points_per_hand": rate(totals["points"], totals["hands"]),
    }


def _recent_games(user: User) -> list[dict]:
    seats = Seat.objects.select_related("user").order_by("position")
    changes = (
        RatingChange.objects.filter(user=user)
        .select_related("game")
        .prefetch_related(Prefetch("game__seats", queryset=seats))
        .order_by("-finished_at", "-game_id")[:RECENT_GAMES]
    )
    recent = []
    for change in changes:
        seats = list(change.game.seats.all())
        if variants.is_solo(change.variant):  # each for themselves: three opponents
            partner, opponents = None, [s for s in seats if s.position != change.position]
        else:
            team = team_of(change.position)
            partner = seats[(change.position + 2) % 4]
            opponents = [seats[p] for p in (1 - team, 3 - team)]
        recent.append(
            {
                "change": change,
                "game_id": change.game_id,
                "variant_name": variants.VARIANTS[change.variant],
                "partner": partner,
                "opponents": opponents,
            }
        )
    return recent


def _rating_history(user: User, variant: str | None) -> list[int]:
    """The display ratings in `variant` of the last games, oldest first, with the one
    before them."""
    if variant is None:
        return []
    history = list(
        RatingChange.objects.filter(user=user, variant=variant)
        .order_by("-finished_at", "-game_id")
        .values_list("before", "after")[:CHART_GAMES]
    )
    if not history:
        return []
    history.reverse()
    return [history[0][0]] + [after for _, after in history]


def abandonment_record(user: User, *, now: datetime) -> dict:
    record = Abandonment.objects.filter(user=user).aggregate(
        total=Count("pk"),
        this_week=Count("pk", filter=Q(at__gt=now - WEEK)),
        until=Max("barred_until"),
    )
    until = record["until"] if record["until"] and record["until"] > now else None
    return {
        "total": record["total"],
        "this_week": record["this_week"],
        "barred_until": until,
        "recent": list(Abandonment.objects.filter(user=user).order_by("-at")[:RECENT_ABANDONMENTS])
        if record["total"]
        else [],
    }


def partnerships(user: User, *, now: datetime) -> list[dict]:
    """The people this person played ranked games with as partners, a row per partner and
    variant, most games first: games together, wins, and the pair's strength now in that
    variant (the mean of their ratings, and the chance to beat an average pair)."""
    partner_seat = Seat.objects.filter(
        game=OuterRef("game"), position=Mod(OuterRef("position") + 2, 4)
    ).values("user_id")[:1]
    partnership_variants = [name for name in variants.VARIANTS if not variants.is_solo(name)]
    rows = list(
        RatingChange.objects.filter(user=user, variant__in=partnership_variants)
        .annotate(partner_id=Subquery(partner_seat))
        .filter(partner_id__isnull=False)
        .exclude(partner_id=user.pk)
        .values("partner_id", "variant")
        .annotate(
            games=Count("pk"),
            wins=Count("pk", filter=Q(game__winner=team_of_column())),
            last=Max("finished_at"),
        )
        .order_by("-games", "-last", "partner_id", "variant")[:PARTNERSHIPS]
    )
    if not rows:
        return []
    partner_ids = [row["partner_id"] for row in rows]
    people = User.objects.in_bulk(partner_ids)
    skills = skills_in([user.pk, *partner_ids], sorted({row["variant"] for row in rows}), now=now)
    found = []
    for row in rows:
        pair = [skills[person, row["variant"]] for person in (user.pk, row["partner_id"])]
        found.append(
            {
                "partner": people[row["partner_id"]],
                "variant": variants.VARIANTS[row["variant"]],
                "games": row["games"],
                "wins": row["wins"],
                "rating": ratings.display(sum(mu for mu, _ in pair) / 2),
                "chance": ratings.win_chance(pair, AVERAGE_PAIR),
            }
        )
    return found


def _lines(user: User, played: list[Rating], *, now: datetime) -> list[dict]:
    """One line per variant the person has played (`played`: their ratings), in the order
    variants are offered: the rating and, once it settled, the rank on that variant's
    leaderboard. A person who has played none gets Classic's starting rating."""
    by_variant = {rating.variant: rating for rating in played}
    lines = []
    for variant in [name for name in variants.VARIANTS if name in by_variant] or [variants.CLASSIC]:
        rating = by_variant.get(variant)
        place = None
        if rating is not None and rating.established_until and rating.established_until > now:
            place = rank(board(now=now, bots=user.is_bot, variant=variant), rating)
        lines.append({**rating_summary(rating, user, now=now, variant=variant), "rank": place})
    return lines


def profile(user: User, *, now: datetime) -> dict:
    played = list(Rating.objects.filter(user=user))
    # The chart follows the variant played last.
    last = max(played, key=lambda rating: rating.last_played_at or NEVER, default=None)
    charted = last.variant if last else None
    return {
        "player": user,
        "lines": _lines(user, played, now=now),
        "charted": variants.VARIANTS[charted] if charted else None,
        "totals": _totals(user),
        "history": _rating_history(user, charted),
        "recent": _recent_games(user),
        "partnerships": [] if user.is_bot else partnerships(user, now=now),
        "abandonments": abandonment_record(user, now=now),
    }


# Leaderboards (ranked.boards lists them)


def board(*, now: datetime, bots: bool, variant: str) -> QuerySet:
    """Established players (not provisional), the ranked part of a variant's leaderboard."""
    board = Rating.objects.filter(
        variant=variant, established_until__gt=now, user__is_active=True
    )  # a closed account (inactive) is not on it
    return board if bots else board.filter(user__bot_level="")


def rank(board: QuerySet, rating: Rating) -> int:
    ahead = Q(mu__gt=rating.mu) | Q(mu=rating.mu, user_id__lt=rating.user_id)
    return board.filter(ahead).count() + 1


def queued_people(user_ids: list[int]) -> dict[int, str]:
    """Presence (social.presence) of the people waiting in the ranked queue."""
    queued = QueueEntry.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True)
    return {user_id: "in the ranked queue" for user_id in queued}


def ranked_seat_holders(user_ids: set[int]) -> set[int]:
    """Which of these people hold a seat in ranked play (accounts.seats): queued, or at an
    unfinished ranked game whose cards they play themselves."""
    queued = set(QueueEntry.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True))
    seated = Seat.objects.filter(
        Q(game__status=Game.Status.WAITING) | Q(game__status=Game.Status.PLAYING, away=False),
        game__ranked=True,
        user_id__in=user_ids,
    ).values_list("user_id", flat=True)
    return queued | set(seated)
