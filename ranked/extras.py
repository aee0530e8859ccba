"""What ranked play shows on a ranked game's page (games.hooks.page_extras): each seat's
rating in the game's variant and, once the game is rated, each person's rating change."""

from accounts.models import User
from games.models import Game
from ranked import ratings, variants
from ranked.models import Rating, RatingChange


def ranked_table(game: Game) -> dict:
    if not game.ranked:
        return {}
    seats = list(game.seats.order_by("position").values_list("user_id", "bot_level"))
    bot_accounts = dict(User.objects.exclude(bot_level="").values_list("bot_level", "pk"))
    players = [user_id or bot_accounts.get(level) for user_id, level in seats]
    variant = variants.of_ruleset(game.rules)
    shown = dict(
        Rating.objects.filter(variant=variant, user_id__in=players).values_list("user_id", "mu")
    )

    def rating(player: int | None, level: str) -> int:
        # Nobody rated yet starts where ranked play starts them (ranked.ratings).
        mu = shown.get(player, ratings.BOT_START.get(level, (ratings.MU0,))[0])
        return ratings.display(mu)

    extras = {"ratings": [rating(p, level) for p, (_, level) in zip(players, seats, strict=True)]}
    if game.status == Game.Status.FINISHED:
        changes = dict(
            RatingChange.objects.filter(game=game, user_id__in=players).values_list(
                "user_id", "delta"
            )
        )
        if changes:
            # Bots of one level share one rated account: its change is no bot's own, and
            # a losing person's bot partner read "+11". A bot shows no change.
            extras["rating_changes"] = [
                changes.get(p) if user_id else None
                for p, (user_id, _) in zip(players, seats, strict=True)
            ]
    return extras
