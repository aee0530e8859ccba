"""Turns ranked data into what pages show: seat names, the rating chart (an
SVG drawn on the server, so it needs no script)."""

import math
from datetime import datetime

from django.urls import reverse

from accounts.models import BOT_NAMES
from ranked import variants

CHART_WIDTH, CHART_HEIGHT = 640, 220
CHART_PAD = {"left": 48, "right": 12, "top": 12, "bottom": 24}


def seat_player(seat) -> dict:
    """Who sat at a games.models.Seat, named as at the table, with their profile's address
    (bots play under their level's account)."""
    account = seat.user.username if seat.user is not None else BOT_NAMES.get(seat.bot_level)
    if account is None:
        return {"name": "Former player", "url": None}
    return {"name": seat.name, "url": reverse("profile", args=[account])}


def _nice_step(span: float, ticks: int = 4) -> int:
    raw = max(span / ticks, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            return max(1, round(factor * magnitude))
    return round(10 * magnitude)


def rating_chart(values: list[int], variant_name: str = "") -> dict | None:
    """Geometry of a line chart of display ratings (of the variant named), oldest first;
    None under 2 points."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    if high - low < 40:  # a flat line still gets a readable scale
        middle = (high + low) / 2
        low, high = middle - 20, middle + 20
    step = _nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    left, top = CHART_PAD["left"], CHART_PAD["top"]
    inner_w = CHART_WIDTH - left - CHART_PAD["right"]
    inner_h = CHART_HEIGHT - top - CHART_PAD["bottom"]

    def x(index: int) -> float:
        return round(left + inner_w * index / (len(values) - 1), 1)

    def y(value: float) -> float:
        return round(top + inner_h * (high - value) / (high - low), 1)

    points = [(x(i), y(value)) for i, value in enumerate(values)]
    line = " ".join(f"{px},{py}" for px, py in points)
    bottom = top + inner_h
    area = f"M{points[0][0]},{bottom} L" + " L".join(f"{px},{py}" for px, py in points)
    area += f" L{points[-1][0]},{bottom} Z"
    return {
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "line": line,
        "area": area,
        "ticks": [
            {"value": value, "y": y(value)} for value in range(int(low), int(high) + 1, step)
        ],
        "left": left,
        "right": CHART_WIDTH - CHART_PAD["right"],
        "bottom": bottom,
        "last": {"x": points[-1][0], "y": points[-1][1], "value": values[-1]},
        "games": len(values) - 1,
        "label": (
            f"Rating over the last {len(values) - 1} games"
            f"{' of ' + variant_name if variant_name else ''}, from {values[0]} to {values[-1]}"
        ),
    }


def play_url(variant: str, name: str = "ranked") -> str:
    """The ranked page (or its queue box, `name`) with `variant` chosen; Classic's is the
    plain address."""
    url = reverse(name)
    return url if variant == variants.CLASSIC else f"{url}?variant={variant}"


def leaderboard_url(variant: str) -> str:
    if variant == variants.CLASSIC:
        return reverse("leaderboard")
    return reverse("leaderboard_variant", args=[variant])


def variant_tabs(current: str, ratings_by_variant: dict | None = None) -> list[dict]:
    """The variant control of the ranked page and the leaderboards: each variant with its
    page, and the person's own rating in it when given."""
    return [
        {
            "variant": variant,
            "name": name,
            "current": variant == current,
            "play_url": play_url(variant),
            "board_url": leaderboard_url(variant),
            "rating": (ratings_by_variant or {}).get(variant),
        }
        for variant, name in variants.VARIANTS.items()
    ]


def bar(until: datetime | None) -> dict | None:
    """The bar on ranked play a person serves now, if any."""
    return {"until": until} if until else None


def profile(data: dict) -> dict:
    """The profile page's context from `ranked.selectors.profile`."""
    return {
        **data,
        "lines": [
            {**line, "board_url": leaderboard_url(line["variant"])} for line in data["lines"]
        ],
        "chart": rating_chart(data["history"], data["charted"] or ""),
        "recent": [
            {
                **game,
                "partner": seat_player(game["partner"]) if game["partner"] else None,
                "opponents": [seat_player(seat) for seat in game["opponents"]],
            }
            for game in data["recent"]
        ],
    }
