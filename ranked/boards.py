"""The leaderboards of ranked play, one per variant: established players ranked by
rating, then provisional ones. A fixed number of queries per page."""

from datetime import datetime

from django.core.paginator import Paginator
from django.db.models import Case, Q, QuerySet, When

from accounts.models import User
from ranked import ratings, selectors, variants
from ranked.models import Rating

LEADERBOARD_PAGE = 50


def _listing(*, now: datetime, bots: bool, variant: str) -> QuerySet:
    """Everyone rated in `variant`, established players first (they are ranked), then
    provisional ones, each part by rating: a new site's board is not empty until players
    have ~15 games."""
    # A closed account (inactive) is hidden; its games still count for the others.
    listing = Rating.objects.filter(variant=variant, user__is_active=True).annotate(
        settled=Case(When(established_until__gt=now, then=1), default=0)
    )
    return listing if bots else listing.filter(user__bot_level="")


def _place(listing: QuerySet, rating: Rating, *, settled: bool) -> int:
    """Where `rating` stands in `_listing` (1 = first row)."""
    ahead = Q(mu__gt=rating.mu) | Q(mu=rating.mu, user_id__lt=rating.user_id)
    if settled:
        return listing.filter(ahead, settled=1).count() + 1
    return listing.filter(Q(settled=1) | ahead).count() + 1


def leaderboard(
    *, page: object, bots: bool, viewer: User, now: datetime, variant: str = variants.CLASSIC
) -> dict:
    """Everyone rated in `variant`, people only unless `bots`: established players ranked
    by rating, then provisional players (marked, unranked) by rating."""
    listing = _listing(now=now, bots=bots, variant=variant)
    ordered = listing.select_related("user").order_by("-settled", "-mu", "user_id")
    page_obj = Paginator(ordered, LEADERBOARD_PAGE).get_page(page)
    rows = [
        {
            # Established rows come first, so their place is their rank.
            "rank": page_obj.start_index() + index if rating.settled else None,
            "provisional": not rating.settled,
            "user": rating.user,
            "display": rating.display,
            "deviation": ratings.deviation(
                selectors.sigma_at(rating, bot=rating.user.is_bot, now=now)
            ),
            "games": rating.games,
            "is_viewer": rating.user_id == viewer.pk,
        }
        for index, rating in enumerate(page_obj.object_list)
    ]
    mine = None
    if viewer.is_authenticated:
        rating = Rating.objects.filter(user=viewer, variant=variant).first()
        summary = selectors.rating_summary(rating, viewer, now=now, variant=variant)
        listed = rating is not None and (bots or not viewer.is_bot)
        settled = listed and rating.established_until is not None and rating.established_until > now
        place = _place(listing, rating, settled=settled) if listed else None
        mine = {
            **summary,
            "rank": place if settled else None,
            "page": (place - 1) // LEADERBOARD_PAGE + 1 if place else None,
        }
    return {
        "page": page_obj,
        "rows": rows,
        "bots": bots,
        "mine": mine,
        "variant": variant,
        "variant_name": variants.VARIANTS[variant],
        "variants": variants.choices(),
    }
