"""The options of a game (RULES.md "Options and presets") and the named presets."""

from dataclasses import dataclass, fields
from types import MappingProxyType

# What each option is called on the site, and the range a whole-number option may take.
# The ranges are documented in the README's API table; every client gets the same checks.
OPTION_NAMES = MappingProxyType(
    {
        "target_score": "Target score",
        "losing_score": "Losing score",
        "nil": "Nil",
        "nil_value": "Nil value",
        "blind_nil": "Blind Nil",
        "blind_nil_value": "Blind Nil value",
        "blind_nil_min_deficit": "Blind Nil deficit",
        "bag_limit": "Bag limit",
        "bag_penalty": "Bag penalty",
        "nil_tricks_count_for_partner": "Nil tricks count for partner",
        "boston_bonus": "Boston bonus",
        "suicide": "Suicide",
        "hands": "Hands",
        "bidding": "Bidding",
        "deck": "Deck",
        "solo": "Solo",
        "nil_pass": "Nil pass",
        "spades_lead": "Spades lead",
        "min_team_bid": "Minimum team bid",
    }
)
# The options that take one of a few words (RULES.md "Variants"), the default first.
OPTION_CHOICES = MappingProxyType(
    {
        "bidding": ("free", "mirror", "whiz"),
        "deck": ("standard", "jokers"),
        "spades_lead": ("broken", "anytime"),
    }
)
OPTION_RANGES = MappingProxyType(
    {
        "target_score": (100, 1000),
        "losing_score": (-1000, -50),  # or None: no losing score
        "nil_value": (0, 500),
        "blind_nil_value": (0, 1000),
        "blind_nil_min_deficit": (0, 1000),
        "bag_limit": (0, 30),  # 0: no bag penalty
        "bag_penalty": (0, 500),
        "boston_bonus": (0, 500),
        "hands": (0, 50),  # 0: no limit, the game goes on to the target score
        "nil_pass": (0, 3),  # cards a Nil bidder and the partner give each other
        "min_team_bid": (0, 6),
    }
)

# The most one team's score can move in one hand under any valid ruleset: two failed
# Blind Nils, a set contract of 26 (both partners bid 13), 13 bags each costing a
# penalty (bag limit 1) plus their points, and the Boston bonus. A game's scores stay
# within MAX_HAND_POINTS times its number of hands; stores of scores rely on it.
MAX_HAND_POINTS = (
    2 * OPTION_RANGES["blind_nil_value"][1]
    + 10 * 26
    + 13 * (1 + OPTION_RANGES["bag_penalty"][1])
    + OPTION_RANGES["boston_bonus"][1]
)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every rule option; the defaults are the classic game of RULES.md."""

    target_score: int = 500
    losing_score: int | None = -200
    nil: bool = True
    nil_value: int = 100
    blind_nil: bool = True
    blind_nil_value: int = 200
    blind_nil_min_deficit: int = 100
    bag_limit: int = 10
    bag_penalty: int = 100
    nil_tricks_count_for_partner: bool = False
    boston_bonus: int = 0
    suicide: bool = False
    # The game ends after this many hands, scores or not (0: only the target and losing
    # scores end it). One hand is a duplicate board (issue #24); a tie then ends in a draw.
    hands: int = 0
    # The variants of RULES.md "Variants".
    bidding: str = "free"
    deck: str = "standard"
    solo: bool = False
    nil_pass: int = 0
    spades_lead: str = "broken"
    min_team_bid: int = 0

    def __post_init__(self) -> None:
        for field in fields(self):
            value, name = getattr(self, field.name), OPTION_NAMES[field.name]
            if field.name in OPTION_CHOICES:
                choices = OPTION_CHOICES[field.name]
                if not isinstance(value, str) or value not in choices:
                    known = ", ".join(choices)
                    raise ValueError(f"{name} must be one of {known}, not {value!r:.40}")
                continue
            if field.type is bool:
                if type(value) is not bool:
                    raise ValueError(f"{name} must be true or false, not {value!r:.40}")
                continue
            if field.name == "losing_score" and value is None:
                continue
            low, high = OPTION_RANGES[field.name]
            none = " (or none)" if field.name == "losing_score" else ""
            # bool is an int in Python, but true is not a score.
            if type(value) is not int:
                raise ValueError(f"{name} must be a whole number{none}, not {value!r:.40}")
            if not low <= value <= high:
                raise ValueError(f"{name} must be between {low} and {high}{none}")
        # The ranges already keep losing_score below 0 < target_score: every game starts
        # at 0 to 0 and lasts at least a hand.
        problem = conflict(self)
        if problem:
            raise ValueError(problem)

    @property
    def sides(self) -> int:
        """How many sides score: two partnerships, or four players in Solo."""
        return 4 if self.solo else 2

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: its partnership (seat % 2), or itself in Solo."""
        return seat if self.solo else seat & 1

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of a side."""
        return (side,) if self.solo else (side, side + 2)

    def blind_nil_allowed(self, scores: tuple[int, ...], side: int) -> bool:
        """May the side's players bid Blind Nil in a hand that starts with these scores
        (it trails the best other side by the deficit)?"""
        if not (self.nil and self.blind_nil) or self.bidding != "free":
            return False
        deficit = self.blind_nil_min_deficit
        return deficit == 0 or max(scores[:side] + scores[side + 1 :]) - scores[side] >= deficit

    @classmethod
    def preset(cls, name: str) -> "Ruleset":
        """The named preset (PRESETS: classic, short, quick, suicide, jokers, ...)."""
        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            names = ", ".join(PRESETS)
            raise ValueError(f"Unknown ruleset preset {name!r:.40} (known: {names})") from None

    def to_dict(self) -> dict:
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_dict(cls, data: dict) -> "Ruleset":
        """A Ruleset from to_dict() output; missing options take their defaults."""
        if not isinstance(data, dict):
            raise ValueError("A ruleset must be a dict of options")
        unknown = sorted(f"{name!s:.40}" for name in data if name not in OPTION_NAMES)
        if unknown:
            known = ", ".join(OPTION_NAMES)
            raise ValueError(f"Unknown ruleset option(s): {', '.join(unknown)} (known: {known})")
        return cls(**data)


def _named(option: str, value: object) -> str:
    """How an option at a value is named in a message: "Suicide", "Mirror bidding"."""
    if option == "bidding":
        return f"{str(value).capitalize()} bidding"
    return {"deck": "the Joker deck", "nil_pass": "Nil passing"}.get(
        option, "a minimum team bid" if option == "min_team_bid" else OPTION_NAMES[option]
    )


# RULES.md "Variants": (option, its values that forbid, other option, its values that
# clash, why). "Not with an option" means with it at anything but its default.
_FORBIDDEN = (
    ("bidding", ("mirror", "whiz"), "nil", (False,), "it bids Nil with no spade"),
    ("bidding", ("mirror", "whiz"), "suicide", (True,), "the bids are fixed by the spades"),
    (
        "bidding",
        ("mirror", "whiz"),
        "min_team_bid",
        range(1, 7),
        "the bids are fixed by the spades",
    ),
    (
        "bidding",
        ("mirror",),
        "deck",
        ("jokers",),
        "15 spades against 13 tricks set someone every hand",
    ),
    ("solo", (True,), "suicide", (True,), "Solo has no partners"),
    ("solo", (True,), "nil_pass", range(1, 4), "Solo has no partners"),
    ("solo", (True,), "min_team_bid", range(1, 7), "Solo has no partners"),
    ("solo", (True,), "nil_tricks_count_for_partner", (True,), "Solo has no partners"),
    ("nil_pass", range(1, 4), "nil", (False,), "only a Nil bidder passes cards"),
    ("suicide", (True,), "nil", (False,), "in Suicide one partner must bid Nil"),
)


def conflict(rules: "Ruleset") -> str | None:
    """Why these options cannot be played together (naming both), or None."""
    for option, values, other, clashes, why in _FORBIDDEN:
        value, other_value = getattr(rules, option), getattr(rules, other)
        if value in values and other_value in clashes:
            if other == "nil":
                return f"{_named(option, value)} needs Nil: {why}"
            return (
                f"{_named(option, value)} cannot be played with {_named(other, other_value)}: {why}"
            )
    return None


# RULES.md "Variants": options that do nothing under another option's values: (option,
# its values, the idle option, why). The rules play the same whatever the idle option is,
# so a form shows it off and a ruleset may keep it at its default.
_IDLE = (
    (
        "bidding",
        ("mirror", "whiz"),
        "blind_nil",
        "the bids are fixed by the spades, so nobody bids blind",
    ),
)


def idle_options(rules: "Ruleset") -> dict[str, str]:
    """The options these rules ignore, each with why: {"blind_nil": "Mirror bidding has
    no Blind Nil: ..."}."""
    return {
        pair["other"]: pair["why"]
        for pair in idle_pairs()
        if getattr(rules, pair["option"]) == pair["value"]
    }


def idle_pairs() -> list[dict]:
    """Each option value that makes another option idle: {option, value, other, why}."""
    return [
        {
            "option": option,
            "value": value,
            "other": idle,
            "why": f"{_named(option, value)} has no {OPTION_NAMES[idle]}: {why}",
        }
        for option, values, idle, why in _IDLE
        for value in values
    ]


PRESETS = MappingProxyType(
    {
        "classic": Ruleset(),
        "short": Ruleset(target_score=300, losing_score=-150),
        "quick": Ruleset(target_score=200, losing_score=-100),
        "suicide": Ruleset(suicide=True),
        "blind-nil-anytime": Ruleset(blind_nil_min_deficit=0),
        "jokers": Ruleset(deck="jokers"),
        "mirror": Ruleset(bidding="mirror"),
        "whiz": Ruleset(bidding="whiz"),
        "solo": Ruleset(solo=True, target_score=250, losing_score=-200),
    }
)
