"""A Ruleset in player words, for the how-to-play page and anywhere rules are stated:
read from the engine's presets, so that what the site says never drifts from the rules
it plays."""

from dataclasses import fields
from types import SimpleNamespace

from games.engine import OPTION_CHOICES, OPTION_RANGES, PRESETS, Ruleset, conflict, idle_options
from games.engine.ruleset import OPTION_NAMES

PRESET_BLURBS = {
    "classic": "The standard game: first to 500.",
    "short": "A shorter game for a coffee break.",
    "quick": "A quick game of a few hands.",
    "suicide": "Every partnership must bid one Nil, every hand.",
    "blind-nil-anytime": "Blind Nil is allowed whatever the score.",
    "jokers": "Joker Spades: two Jokers above the ace of spades, 15 trumps.",
    "mirror": "Everyone bids the number of spades they hold.",
    "whiz": "Bid Nil or the number of spades you hold.",
    "solo": "Cutthroat: four players, each for themselves, to 250.",
}

# The variants a game is known by (RULES.md "Variants"), each an option at a value: the
# lobby names and filters open tables by them, the table's rules line leads with them.
VARIANTS = {
    "solo": ("solo", True, "Solo"),
    "suicide": ("suicide", True, "Suicide"),
    "mirror": ("bidding", "mirror", "Mirror"),
    "whiz": ("bidding", "whiz", "Whiz"),
    "jokers": ("deck", "jokers", "Jokers"),
}
# House rules the lobby filters by: (option, the values that turn it on, name).
HOUSE_RULES = {
    "nil-pass": ("nil_pass", tuple(range(1, OPTION_RANGES["nil_pass"][1] + 1)), "Nil pass"),
    "spades-anytime": ("spades_lead", ("anytime",), "Spades lead anytime"),
    "min-team-bid": (
        "min_team_bid",
        tuple(range(1, OPTION_RANGES["min_team_bid"][1] + 1)),
        "Minimum team bid",
    ),
}
# The options a variant's name already says, and those the rules line leaves to its start.
_NAMED = {option for option, _, _ in VARIANTS.values()} | {"target_score", "hands"}


def variant_names(rules: dict) -> list[str]:
    """The variants of a game's options (Ruleset.to_dict(), older games' missing keys at
    their defaults): ["Jokers", "Solo"]; [] for the classic game and its house rules."""
    return [name for option, value, name in VARIANTS.values() if rules.get(option) == value]


def game_label(preset: str, rules: dict) -> str:
    """'Jokers', 'Whiz · Nil pass 2', 'Custom': a game's rules as the lobby names them."""
    if preset != "custom":
        return preset_title(preset)
    return " · ".join([" ".join(variant_names(rules)) or "Custom", *options_in_words(rules)])


def length_in_words(rules: dict) -> str:
    """'to 300', '4 hands': how long a game lasts, its number of hands or its target score."""
    hands = rules.get("hands")
    if hands:
        return f"{hands} hand{'s' if hands != 1 else ''}"
    return f"to {rules.get('target_score', Ruleset().target_score)}"


def option_in_words(option: str, value: object) -> str:
    """'Nil pass 2', 'Spades lead anytime', 'Blind Nil off': one option at its value."""
    if value is None:
        value = "none"
    elif isinstance(value, bool):  # not a dict lookup: 1 == True would read "on"
        value = "on" if value else "off"
    return f"{OPTION_NAMES[option]} {value}"


def options_in_words(rules: dict) -> list[str]:
    """The options of a custom game that differ from the classic rules, in words, but for
    those its variant names and target already say."""
    classic = Ruleset().to_dict()
    return [
        option_in_words(option, value)
        for option, value in rules.items()
        if option in OPTION_NAMES and option not in _NAMED and value != classic.get(option)
    ]


def preset_title(name: str) -> str:
    """'blind-nil-anytime' -> 'Blind Nil Anytime', as the create form names presets."""
    return name.replace("-", " ").title()


def rules_in_words(rules: Ruleset) -> list[str]:
    """Each rule of `rules` as one short sentence a player understands."""
    who = "player" if rules.solo else "team"
    lines = [f"The first {who} to reach {rules.target_score} points wins."]
    if rules.losing_score is None:
        lines.append(f"There is no losing score: a game ends only when a {who} reaches the target.")
    elif rules.solo:
        lines.append(f"The game ends when a player falls to {rules.losing_score} points or below.")
    else:
        lines.append(f"A team that falls to {rules.losing_score} points or below loses.")
    lines += variant_lines(rules)
    if rules.nil:
        lines.append(
            f"Nil (bidding to take no trick) scores {rules.nil_value} if made, "
            "loses as much if not."
        )
        idle = idle_options(rules).get("blind_nil")
        if idle:
            lines.append(f"{idle}.")
        elif rules.blind_nil:
            when = (
                "at any time"
                if rules.blind_nil_min_deficit == 0
                else f"when your team trails by {rules.blind_nil_min_deficit} points or more"
            )
            lines.append(
                f"Blind Nil (Nil before looking at your cards) is worth {rules.blind_nil_value}, "
                f"allowed {when}."
            )
        else:
            lines.append("No Blind Nil.")
        if rules.nil_tricks_count_for_partner:
            lines.append("Tricks a Nil bidder takes count toward the partner's bid.")
        else:
            lines.append("Tricks a Nil bidder takes do not help the partner's bid: they are bags.")
    else:
        lines.append("No Nil bids: everyone bids at least 1.")
    if rules.bag_limit:
        lines.append(f"Every {rules.bag_limit} bags (overtricks) cost {rules.bag_penalty} points.")
    else:
        lines.append("Bags (overtricks) score 1 point each and are never penalised.")
    if rules.boston_bonus:
        lines.append(f"Taking all 13 tricks (a Boston) earns {rules.boston_bonus} extra points.")
    if rules.suicide:
        lines.append(
            "Suicide: in each partnership exactly one partner bids Nil, the other at least 1."
        )
    return lines


def variant_lines(rules: Ruleset) -> list[str]:
    """The variants and house rules of `rules` in words (RULES.md "Variants")."""
    lines = []
    if rules.solo:
        lines.append("Solo: four players, each for themselves, with their own score and bags.")
    if rules.deck == "jokers":
        lines.append(
            "Jokers: the 2♣ and 2♦ are out; the Big and Little Joker are the highest spades."
        )
    if rules.bidding == "mirror":
        lines.append("Mirror: everyone bids the number of spades they hold (none: Nil).")
    elif rules.bidding == "whiz":
        lines.append("Whiz: everyone bids Nil or the number of spades they hold.")
    if rules.nil_pass:
        n = rules.nil_pass
        lines.append(
            f"Nil pass: a Nil bidder and the partner each give the other {n} card{'s' * (n > 1)}."
        )
    if rules.spades_lead == "anytime":
        lines.append("Spades may be led at any time, even before they are broken.")
    if rules.min_team_bid:
        lines.append(
            f"A partnership bids at least {rules.min_team_bid} together, unless one bids Nil."
        )
    return lines


def presets_in_words() -> list[dict]:
    """Every preset with its blurb and its rules in words, each marked `changed` where it
    differs from the classic game."""
    classic = set(rules_in_words(Ruleset()))
    return [
        {
            "name": name,
            "title": preset_title(name),
            "blurb": PRESET_BLURBS.get(name, ""),
            "rules": [
                {"text": line, "changed": line not in classic} for line in rules_in_words(rules)
            ],
        }
        for name, rules in PRESETS.items()
    ]


# The options that can clash (RULES.md "Variants": the forbidden combinations), each with
# the values that differ from its default.
_CLASHING = (
    *("nil", "suicide", "nil_tricks_count_for_partner", "solo", "nil_pass", "min_team_bid"),
    *OPTION_CHOICES,
)


def _values(option: str) -> list:
    default = getattr(Ruleset(), option)
    if option in OPTION_CHOICES:
        return [value for value in OPTION_CHOICES[option] if value != default]
    if isinstance(default, bool):
        return [not default]
    return list(range(1, {"nil_pass": 3, "min_team_bid": 6}[option] + 1))


def clashes() -> list[dict]:
    """Every pair of option values that cannot be played together, with the engine's
    own message (games.engine.ruleset.conflict, asked of the classic rules with just the
    two options changed): {option, value, other, other_value, why}, each pair both ways."""
    classic = {field.name: getattr(Ruleset(), field.name) for field in fields(Ruleset)}
    found = []
    for option in _CLASHING:
        for other in _CLASHING:
            if other == option:
                continue
            for value in _values(option):
                for other_value in _values(other):
                    rules = SimpleNamespace(**{**classic, option: value, other: other_value})
                    why = conflict(rules)
                    if why:
                        found.append(
                            {
                                "option": option,
                                "value": value,
                                "other": other,
                                "other_value": other_value,
                                "why": why,
                            }
                        )
    return found


def clashes_in_words() -> list[str]:
    """The forbidden combinations, each once, as the engine words them."""
    return list(dict.fromkeys(clash["why"] for clash in clashes()))
