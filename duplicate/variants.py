"""The variants a duplicate event is played in (issue 39) and the daily challenge's week.

A variant is a partnership preset of games.engine (Solo has no pairs of partners to
compare across tables). The daily challenge's variant is a pure function of its UTC day;
the day keeps the variant it was made with (Event.variant), so changing WEEK later never
changes a day already made, nor its boards' rules."""

from datetime import date, timedelta
from types import MappingProxyType

# Each variant's name on the site and one line saying what changes from Classic.
VARIANTS = MappingProxyType(
    {
        "classic": ("Classic", "Bid the tricks you expect to take; spades are trump."),
        "jokers": (
            "Jokers",
            "The Big and Little Joker are the two highest spades; the 2♣ and 2♦ are out.",
        ),
        "whiz": ("Whiz", "Each player bids Nil or exactly the spades they hold."),
        "mirror": ("Mirror", "Each player bids exactly the spades they hold (Nil with none)."),
        "suicide": ("Suicide", "In each partnership exactly one partner bids Nil."),
    }
)
VARIANT_CHOICES = tuple((key, name) for key, (name, _) in VARIANTS.items())
DEFAULT = "classic"

# The daily challenge's week, Monday first: every variant once, Classic and Jokers (the
# most played) twice, on the weekend when most people play.
WEEK = ("classic", "jokers", "whiz", "mirror", "suicide", "classic", "jokers")


def daily_variant(day: date) -> str:
    """The variant the rotation gives a day (a day already made keeps its own)."""
    return WEEK[day.weekday()]


def week_from(start: date, made: dict[date, str] | None = None) -> list[dict]:
    """The seven days from `start` with their variants: a day already made (`made`: its
    day and stored variant) keeps its own, the others follow the rotation."""
    made = made or {}
    days = []
    for ahead in range(7):
        day = start + timedelta(days=ahead)
        variant = made.get(day) or daily_variant(day)
        name, line = VARIANTS[variant]
        days.append({"date": day, "variant": variant, "name": name, "line": line})
    return days
