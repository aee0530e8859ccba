"""Reads for the moderators about one person, one seat: accounts that share a browser or
a network address (accounts.browsers), the seats refused or allowed between them
(accounts.seats), and ranked partners who win more than their ratings predict
(moderation.collusion)."""

from collections import defaultdict
from datetime import datetime, timedelta

from django.db.models import Count, F, Max, Q
from django.utils import timezone

from accounts.models import DifferentPeople, SharedSeat, Sighting, User
from games.engine import team_of
from moderation import collusion
from ranked import variants
from ranked.models import RatingChange

GROUPS_SHOWN = 100
PARTNER_HISTORY = timedelta(days=365)  # the ranked games the partners' statistics read


def sharing_with(person: User) -> list[dict]:
    """The other accounts seen from a browser or at an address this person used: each
    with the browsers and addresses they share, when the other was last seen there, and
    the moderators' finding that the two are different people (`different`), if any."""
    mine = Sighting.objects.filter(user=person)
    browsers = set(mine.exclude(browser="").values_list("browser", flat=True))
    addresses = set(mine.exclude(address="").values_list("address", flat=True))
    theirs = (
        Sighting.objects.filter(Q(browser__in=browsers) | Q(address__in=addresses))
        .exclude(user=person)
        .select_related("user")
        .order_by("-last_seen")
    )
    others: dict[int, dict] = {}
    for seen in theirs:
        other = others.setdefault(
            seen.user_id,
            {"person": seen.user, "browsers": set(), "addresses": set(), "last_seen": None},
        )
        if seen.browser in browsers:
            other["browsers"].add(seen.browser[:8])
        if seen.address in addresses:
            other["addresses"].add(seen.address)
        other["last_seen"] = max(filter(None, [other["last_seen"], seen.last_seen]))
    findings = {
        finding.second_id if finding.first_id == person.pk else finding.first_id: finding
        for finding in DifferentPeople.objects.filter(
            Q(first=person) | Q(second=person)
        ).select_related("decided_by")
    }
    return [
        {
            **other,
            "browsers": sorted(other["browsers"]),
            "addresses": sorted(other["addresses"]),
            "different": findings.get(other["person"].pk),
        }
        for other in others.values()
    ]


def shared_seats_of(person: User, limit: int = 50) -> list[SharedSeat]:
    """The seats this person took or tried beside an account of their browser or address,
    and those others took or tried beside theirs, latest first."""
    return list(
        SharedSeat.objects.filter(Q(user=person) | Q(other=person)).select_related("user", "other")[
            :limit
        ]
    )


def _groups(field: str) -> list[dict]:
    """The browsers (or addresses) more than one account was seen from, the most recent
    first: each with its accounts."""
    rows = list(
        Sighting.objects.exclude(**{field: ""})
        .values(field)
        .annotate(accounts=Count("user", distinct=True), last_seen=Max("last_seen"))
        .filter(accounts__gt=1)
        .order_by("-last_seen")[:GROUPS_SHOWN]
    )
    keys = [row[field] for row in rows]
    people: dict[str, set] = defaultdict(set)
    for key, user_id in Sighting.objects.filter(**{f"{field}__in": keys}).values_list(
        field, "user_id"
    ):
        people[key].add(user_id)
    users = User.objects.in_bulk({pk for ids in people.values() for pk in ids})
    return [
        {
            "key": row[field][:8] if field == "browser" else row[field],
            "last_seen": row["last_seen"],
            "people": sorted((users[pk] for pk in people[row[field]]), key=str),
        }
        for row in rows
    ]


def shared_groups() -> dict:
    """Accounts grouped by a browser they share, and by an address they share."""
    return {"by_browser": _groups("browser"), "by_address": _groups("address")}


def partner_games(*, since: datetime) -> list[collusion.PartnerGame]:
    """Every ranked partnership game since `since` of two people (bots' sides aside), with
    the four players' ratings before it, for moderation.collusion."""
    changes = (
        RatingChange.objects.filter(finished_at__gte=since)
        .exclude(result=RatingChange.Result.SPLIT)
        .values("game_id", "variant", "user_id", "position", "result", "mu_before")
        .annotate(sigma=F("sigma_before"), bot=F("user__bot_level"))
        .order_by("game_id", "position")
    )
    by_game: dict[int, list[dict]] = defaultdict(list)
    for change in changes:
        if not variants.is_solo(change["variant"]):  # Solo has no partners
            by_game[change["game_id"]].append(change)
    games = []
    for changes in by_game.values():
        sides = [[c for c in changes if team_of(c["position"]) == team] for team in (0, 1)]
        if any(len(side) != 2 for side in sides):
            continue  # an account gone: no pair to judge
        for side, opponents in (sides, sides[::-1]):
            if any(change["bot"] for change in side):
                continue  # a person with a bot partner is no pair of people
            games.append(
                collusion.PartnerGame(
                    pair=tuple(sorted(change["user_id"] for change in side)),
                    side=tuple((c["mu_before"], c["sigma"]) for c in side),
                    opponents=tuple((c["mu_before"], c["sigma"]) for c in opponents),
                    won=side[0]["result"] == RatingChange.Result.WIN,
                )
            )
    return games


def suspicious_partners(*, now: datetime | None = None) -> list[dict]:
    """The flagged pairs of partners (collusion.flagged_pairs) with their accounts."""
    now = now or timezone.now()
    flagged = collusion.flagged_pairs(partner_games(since=now - PARTNER_HISTORY))
    users = User.objects.in_bulk({pk for record in flagged for pk in record.pair})
    return [
        {"record": record, "people": [users.get(pk) for pk in record.pair]} for record in flagged
    ]
