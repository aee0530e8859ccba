"""Rating finished ranked games, in finishing order, by one writer at a time.

Idempotent, and rebuilt from the whole history on demand. Each game moves the ratings of
its own variant (ranked.variants); all variants are rated in one finishing order, which
keeps one rating lock and one rewind, and changes no variant's numbers."""

from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from functools import partial

from django.db import transaction
from django.db.models import Count, Q, QuerySet

from accounts.models import User
from accounts.services import bots_ensure
from games import results
from games.engine import places
from games.services import clock as game_clock
from ranked import handstats, ratings, variants
from ranked.models import RatedGame, Rating, RatingChange, RatingLock
from ranked.services.bars import abandonment_record

RATE_BATCH = 500
Skills = dict[str, dict[int, ratings.Skill]]  # by variant, then player
FOREVER = datetime(9999, 1, 1, tzinfo=UTC)  # bots never rust, so never turn provisional


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


def _game_input(
    game: results.GameResult, variant: str, bot_accounts: dict[str, int]
) -> ratings.GameInput:
    seats = []
    for seat in game.seats:
        if seat.user_id is not None:
            entry = ratings.SeatInput(seat.user_id, seat.bot_level, seat.away)
        elif seat.bot_level:
            entry = ratings.SeatInput(bot_accounts[seat.bot_level], seat.bot_level)
        else:
            entry = ratings.SeatInput(None)  # the account was deleted: rated as a newcomer
        seats.append(entry)
    solo = game.ruleset.sides == 4
    return ratings.GameInput(
        game.game_id,
        game.finished_at.timestamp(),
        game.winner,
        tuple(seats),
        variant=variant,
        places=places(game.scores) if solo else None,
    )


def _skills_now(players: set[tuple[str, int]]) -> Skills:
    skills: Skills = {}
    for variant in {variant for variant, _ in players}:
        wanted = [player for pool, player in players if pool == variant]
        skills[variant] = {
            rating.user_id: ratings.Skill(
                rating.mu, rating.sigma, rating.last_played_at and rating.last_played_at.timestamp()
            )
            for rating in Rating.objects.filter(variant=variant, user_id__in=wanted)
        }
    return skills


def _skills_before(game: results.GameResult, players: set[tuple[str, int]]) -> Skills:
    """Each player's rating in each variant just before `game`, from the history (a rare
    path: a game that finished earlier was rated after a later one)."""
    skills: Skills = {}
    for variant, player in players:
        last = (
            RatingChange.objects.filter(user_id=player, variant=variant)
            .exclude(_after(game))
            .exclude(game_id=game.game_id)
            .order_by("-finished_at", "-game_id")
            .first()
        )
        if last is not None:
            skills.setdefault(variant, {})[player] = ratings.Skill(
                last.mu_after, last.sigma_after, last.finished_at.timestamp()
            )
    return skills


def _rate(games_in_order: list[results.GameResult], skills: Skills) -> None:
    """Rates the games in order from `skills` (updated in place); writes the changes, the
    players' ratings and abandonments."""
    bot_accounts = _bot_accounts()
    inputs = [
        _game_input(game, variants.of_ruleset(game.ruleset), bot_accounts)
        for game in games_in_order
    ]
    by_id = {game.game_id: game for game in games_in_order}
    hands = results.hands_of(by_id)
    rows, abandoned, last_at, bots = [], [], {}, set()
    for game_input, outcomes in ratings.rate_games(inputs, skills):
        variant = game_input.variant
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
                    variant=variant,
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
            last_at[variant, outcome.player] = game.finished_at
            if outcome.result == ratings.ABANDONED:
                abandoned.append((outcome.player, game))
        bots.update(seat.player for seat in game_input.seats if seat.bot_level)
    RatingChange.objects.bulk_create(rows, batch_size=500)
    RatedGame.objects.bulk_create(
        [RatedGame(game_id=game.game_id, finished_at=game.finished_at) for game in games_in_order]
    )
    _save_ratings(skills, last_at, bots)
    for player, game in abandoned:
        abandonment_record(user_id=player, game=game)
    # The game pages show the rating changes once they exist.
    for game in games_in_order:
        transaction.on_commit(partial(game_clock.game_refresh, game_id=game.game_id), robust=True)


def _save_ratings(skills: Skills, last_at: dict[tuple[str, int], datetime], bots: set[int]) -> None:
    """Writes the ratings of the (variant, player)s in `last_at` from `skills`."""
    for variant in {variant for variant, _ in last_at}:
        players = [player for pool, player in last_at if pool == variant]
        counts = dict(
            RatingChange.objects.filter(variant=variant, user_id__in=players)
            .values("user_id")
            .annotate(n=Count("pk"))
            .values_list("user_id", "n")
        )
        rows = []
        for player in players:
            skill = skills[variant][player]
            established = ratings.established_for(skill.sigma)
            if established is None:
                until = None
            elif player in bots:
                until = FOREVER
            else:
                until = last_at[variant, player] + timedelta(seconds=established)
            rows.append(
                Rating(
                    user_id=player,
                    variant=variant,
                    mu=skill.mu,
                    sigma=skill.sigma,
                    games=counts.get(player, 0),
                    last_played_at=last_at[variant, player],
                    established_until=until,
                )
            )
        # The rows are a cache of the last changes: replacing them is simplest and fastest.
        Rating.objects.filter(variant=variant, user_id__in=players).delete()
        Rating.objects.bulk_create(rows, batch_size=500)


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


def _players(games_in_order: list[results.GameResult]) -> set[tuple[str, int]]:
    """The (variant, player)s these games rate."""
    bot_accounts = _bot_accounts()
    players = set()
    for game in games_in_order:
        variant = variants.of_ruleset(game.ruleset)
        for seat in game.seats:
            player = seat.user_id or bot_accounts.get(seat.bot_level)
            if player:
                players.add((variant, player))
    return players


def ratings_recompute(*, batch: int = RATE_BATCH) -> int:
    """Rebuilds every rating from the game history in finishing order; returns the number
    of games. Gives exactly the numbers the incremental path gave."""
    with transaction.atomic():
        _lock()
        RatingChange.objects.all().delete()
        RatedGame.objects.all().delete()
        Rating.objects.all().delete()
        skills: Skills = {}
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
