"""A Ruleset in player words, for the how-to-play page and anywhere rules are stated:
read from the engine's presets, so that what the site says never drifts from the rules
it plays."""

from games.engine import PRESETS, Ruleset

PRESET_BLURBS = {
    "classic": "The standard game: first to 500.",
    "short": "A shorter game for a coffee break.",
    "quick": "A quick game of a few hands.",
    "suicide": "Every partnership must bid one Nil, every hand.",
    "blind-nil-anytime": "Blind Nil is allowed whatever the score.",
}


def preset_title(name: str) -> str:
    """'blind-nil-anytime' -> 'Blind Nil Anytime', as the create form names presets."""
    return name.replace("-", " ").title()


def rules_in_words(rules: Ruleset) -> list[str]:
    """Each rule of `rules` as one short sentence a player understands."""
    lines = [f"The first team to reach {rules.target_score} points wins."]
    if rules.losing_score is None:
        lines.append("There is no losing score: a game ends only when a team reaches the target.")
    else:
        lines.append(f"A team that falls to {rules.losing_score} points or below loses.")
    if rules.nil:
        lines.append(
            f"Nil (bidding to take no trick) scores {rules.nil_value} if made, "
            "loses as much if not."
        )
        if rules.blind_nil:
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
