"""The variants ranked play offers, each a pool of its own with its own ratings (as
chess sites rate each chess variant on its own). A variant is named by its ruleset
preset (games.engine PRESETS), and a ranked game is of the variant its ruleset is."""

from types import MappingProxyType

from core.errors import Invalid
from games.engine import Ruleset

# The offer, in the order the pages show it. Ratings that existed before variants were
# offered are the Classic ones.
VARIANTS = MappingProxyType(
    {
        "classic": "Classic",
        "jokers": "Jokers",
        "whiz": "Whiz",
        "mirror": "Mirror",
        "solo": "Solo",
    }
)
CLASSIC = "classic"
SUMMARIES = MappingProxyType(
    {
        "classic": "The standard game: bid freely, partners sit across, 500 to win.",
        "jokers": "Both Jokers join the spades: 15 trumps, the Big Joker highest.",
        "whiz": "Bid Nil or the number of spades you hold.",
        "mirror": "Everyone bids the number of spades they hold.",
        "solo": "Four players, each for themselves: rated by the place you finish.",
    }
)


def check(name: object) -> str:
    """`name` if ranked play offers that variant; refused (400) otherwise."""
    if isinstance(name, str) and name in VARIANTS:
        return name
    raise Invalid(f"Unknown ranked variant {name!r:.40}: choose one of {', '.join(VARIANTS)}")


def ruleset(variant: str) -> Ruleset:
    return Ruleset.preset(variant)


def is_solo(variant: str) -> bool:
    """Four people each for themselves: no partnerships, so no queueing as partners."""
    return ruleset(variant).sides == 4


def of_ruleset(rules: Ruleset) -> str:
    """The variant a ranked game of these rules is rated in: the one with these rules. A
    ranked game of other rules (made by hand, or a shorter game in tests) is rated in
    Solo if it has four sides and in Classic otherwise, as every ranked game was before
    variants: so replaying the history gives the Classic ratings it always gave."""
    for name in VARIANTS:
        if ruleset(name) == rules:
            return name
    return "solo" if rules.sides == 4 else CLASSIC


def choices() -> list[tuple[str, str]]:
    return list(VARIANTS.items())
