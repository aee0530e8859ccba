"""Forms of the lobby: creating a table with a preset or custom rules. The ruleset piece
(preset choices, option fields, resolving "custom") serves the league forms too."""

from dataclasses import fields
from types import SimpleNamespace

from django import forms

from core.errors import Invalid
from games.bots import LEVELS
from games.engine import OPTION_CHOICES, OPTION_RANGES, PRESETS, Ruleset, idle_options, idle_pairs
from games.engine.ruleset import OPTION_NAMES
from games.rules_text import clashes
from games.schemas import TURN_SECONDS_RANGE
from games.selectors import verify_deck
from games.services.tables import CUSTOM

SEAT_CHOICES = [("open", "Open seat"), *[(level, f"{level.title()} bot") for level in LEVELS]]
OPTION_LABELS = {
    "target_score": "Target score",
    "losing_score": "Losing score (empty: none)",
    "nil": "Nil bids allowed",
    "nil_value": "Nil value",
    "blind_nil": "Blind Nil allowed",
    "blind_nil_value": "Blind Nil value",
    "blind_nil_min_deficit": "Blind Nil needs a deficit of",
    "bag_limit": "Bag limit",
    "bag_penalty": "Bag penalty",
    "nil_tricks_count_for_partner": "A Nil bidder's tricks count for the partner",
    "boston_bonus": "Boston bonus",
    "suicide": "Suicide (one partner must bid Nil)",
    "hands": "Number of hands (0: play to the target score)",
    "bidding": "Bidding",
    "deck": "Deck",
    "solo": "Solo (every player for themselves)",
    "nil_pass": "Nil pass (cards)",
    "spades_lead": "Spades may be led",
    "min_team_bid": "Minimum team bid",
}
# One line each on what an option does (RULES.md "Variants"), under its field.
OPTION_HELP = {
    "bidding": "Free; Mirror: bid your spade count; Whiz: Nil or your spade count.",
    "deck": "Jokers: the 2♣ and 2♦ out, a Big and a Little Joker in as top spades.",
    "solo": "Cutthroat: four players, no partners, a score each.",
    "suicide": "In each partnership one partner bids Nil, the other at least 1.",
    "nil_pass": "A Nil bidder and the partner give each other this many cards.",
    "spades_lead": "Broken: only once a spade was played on another suit; or any time.",
    "min_team_bid": "The second partner to bid brings the contract to at least this.",
}
# The option fields in groups, as the form shows them.
OPTION_GROUPS = (
    ("Variant", ("bidding", "deck", "solo", "suicide")),
    ("House rules", ("nil_pass", "spades_lead", "min_team_bid")),
    ("Length", ("target_score", "losing_score", "hands")),
    (
        "Nil",
        (
            "nil",
            "nil_value",
            "blind_nil",
            "blind_nil_value",
            "blind_nil_min_deficit",
            "nil_tricks_count_for_partner",
        ),
    ),
    ("Bags and bonus", ("bag_limit", "bag_penalty", "boston_bonus")),
)
CHOICE_WORDS = {"free": "Free", "mirror": "Mirror", "whiz": "Whiz", "standard": "Standard 52"}
CHOICE_WORDS |= {"jokers": "Jokers", "broken": "Once broken", "anytime": "Any time"}


# The rules of a game, as a form chooses them: one of the presets, or (where a form offers
# it) "custom", which is the classic preset changed by one field per Ruleset option.
PRESET_CHOICES = [(name, name.replace("-", " ").title()) for name in PRESETS]


def preset_field(*, custom: bool = True, **kwargs) -> forms.ChoiceField:
    """The choice of a preset, and with `custom` of custom rules (RulesetOptionsMixin)."""
    choices = PRESET_CHOICES + ([(CUSTOM, "Custom rules")] if custom else [])
    return forms.ChoiceField(choices=choices, **kwargs)


class RulesetOptionsMixin:
    """For a form with a `preset_field()` named `preset`: a field per Ruleset option, and
    the rules the form chose.

    The option fields show the rules of a preset, named in the hidden field `shown_preset`
    (static/js/ruleset-form.js refills them when another preset is chosen). Options that
    differ from the ones shown were edited: the form then plays them as custom rules,
    never silently the preset. Each option is checked by the engine, and its refusal
    is shown next to its field ("Target score must be between 100 and 1000")."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["shown_preset"] = forms.ChoiceField(
            choices=PRESET_CHOICES, required=False, initial="classic", widget=forms.HiddenInput
        )
        defaults = Ruleset()
        for option in fields(Ruleset):
            label, initial = OPTION_LABELS[option.name], getattr(defaults, option.name)
            help_text = OPTION_HELP.get(option.name, "")
            if option.name in OPTION_CHOICES:
                words = [(value, CHOICE_WORDS[value]) for value in OPTION_CHOICES[option.name]]
                field = forms.ChoiceField(required=False, choices=words, initial=initial)
            elif option.name in ("nil_pass", "min_team_bid"):
                low, high = OPTION_RANGES[option.name]
                numbers = [(n, "none" if n == 0 else str(n)) for n in range(low, high + 1)]
                field = forms.TypedChoiceField(
                    required=False, choices=numbers, coerce=int, initial=initial, empty_value=None
                )
            elif option.type is bool:
                field = forms.BooleanField(
                    required=False, initial=initial, label=label, label_suffix=""
                )
            else:
                message = f"{OPTION_NAMES[option.name]} must be a whole number"
                field = forms.IntegerField(
                    required=False,
                    initial=initial,
                    label=label,
                    error_messages={"invalid": message},
                )
            field.label, field.help_text = label, help_text
            self.fields[option.name] = field

    def option_fields(self):
        return [self[option.name] for option in fields(Ruleset)]

    def option_groups(self) -> list[tuple[str, list]]:
        return [(title, [self[name] for name in names]) for title, names in OPTION_GROUPS]

    def clashes_json(self) -> list[dict]:
        """The option values that cannot go together, for the script that disables them;
        and those that make an option idle (`idle`: the script unticks and disables it)."""
        idle = [{**pair, "other_value": True, "idle": True} for pair in idle_pairs()]
        return clashes() + idle

    def presets_json(self) -> dict:
        """Every preset's options, for the script that fills the option fields."""
        return {name: ruleset.to_dict() for name, ruleset in PRESETS.items()}

    def _options(self) -> dict:
        """The options as the fields say. An empty one is the default, but for the losing
        score, where empty means none."""
        options = {}
        for option in fields(Ruleset):
            value = self.cleaned_data.get(option.name)
            if value in (None, "") and option.name != "losing_score":
                value = getattr(Ruleset(), option.name)
            options[option.name] = value
        # An idle option (Blind Nil under Mirror bidding) is shown off and played as its
        # default: ticked or not, it changes nothing, so it never makes the rules custom.
        for name in idle_options(SimpleNamespace(**options)):
            options[name] = getattr(Ruleset(), name)
        return options

    def clean(self):
        cleaned = super().clean()
        shown = cleaned.get("shown_preset")
        # A client that posts no shown_preset sends no options: the preset alone.
        edited = shown and self._options() != PRESETS[shown].to_dict()
        if cleaned.get("preset") not in (None, CUSTOM) and edited:
            cleaned["preset"] = CUSTOM
            self.data = self.data.copy()  # so that a page shown again says so too
            self.data[self.add_prefix("preset")] = CUSTOM
        if cleaned.get("preset") == CUSTOM:
            self._check_options()
        return cleaned

    def _check_options(self) -> None:
        """The engine's verdict on each option, next to its field; then on the whole."""
        options = self._options()
        for name, value in options.items():
            if name in self.errors:
                continue
            try:
                Ruleset(**{name: value})
            except ValueError as error:
                self.add_error(name, str(error))
        if not self.errors:
            try:
                Ruleset(**options)
            except ValueError as error:  # options that do not go together: Suicide needs Nil
                self.add_error(_clashing_field(options, str(error)), str(error))

    def rules(self) -> tuple[str, dict | None]:
        """The preset and the custom options (None: the preset as it is)."""
        preset = self.cleaned_data["preset"]
        if preset != CUSTOM:
            return preset, None
        return "classic", self._options()


def _clashing_field(options: dict, message: str) -> str | None:
    """The field a clash's message is shown next to: the option it names first."""
    for clash in clashes():
        chosen = options[clash["option"]] == clash["value"]
        if chosen and options[clash["other"]] == clash["other_value"] and clash["why"] == message:
            return clash["option"]
    return None


class CreateTableForm(RulesetOptionsMixin, forms.Form):
    preset = preset_field(initial="classic")
    turn_seconds = forms.IntegerField(
        min_value=TURN_SECONDS_RANGE[0],
        max_value=TURN_SECONDS_RANGE[1],
        initial=30,
        label="Turn time (s)",
    )
    private = forms.BooleanField(
        required=False, label="Private (invite link only)", label_suffix=""
    )
    seat_1 = forms.ChoiceField(choices=SEAT_CHOICES, initial="standard", label="Left")
    seat_2 = forms.ChoiceField(choices=SEAT_CHOICES, initial="standard", label="Partner")
    seat_3 = forms.ChoiceField(choices=SEAT_CHOICES, initial="standard", label="Right")

    def main_fields(self):
        return [self[name] for name in ("preset", "turn_seconds", "private")]

    def seat_fields(self):
        return [self[name] for name in ("seat_1", "seat_2", "seat_3")]

    def bots(self) -> dict:
        return {
            position: self.cleaned_data[f"seat_{position}"]
            for position in (1, 2, 3)
            if self.cleaned_data[f"seat_{position}"] != "open"
        }


class PlayNowForm(forms.Form):
    level = forms.ChoiceField(
        choices=[(level, level.title()) for level in LEVELS], initial="standard"
    )


class VerifyForm(forms.Form):
    seed = forms.CharField(label="Revealed hand seed (hex)", max_length=64, min_length=64)
    commitment = forms.CharField(label="Commitment (hex)", max_length=64, min_length=64)
    dealer = forms.IntegerField(min_value=0, max_value=3, initial=0, label="Dealer seat")
    # The Joker deck is its own ordered deck: the same seed deals other cards with it. Left
    # to the game, it is the deck of the game whose hand published the commitment.
    deck = forms.ChoiceField(
        choices=[
            ("", "The game's deck"),
            *[(deck, CHOICE_WORDS[deck]) for deck in OPTION_CHOICES["deck"]],
        ],
        initial="",
        required=False,
        label="Deck",
    )

    def clean(self):
        cleaned = super().clean()
        if "commitment" in cleaned and "deck" in cleaned:
            try:
                cleaned["deck"] = verify_deck(cleaned["commitment"], cleaned["deck"])
            except Invalid as error:
                self.add_error("deck", error.message)
        return cleaned

    def clean_seed(self):
        seed = self.cleaned_data["seed"].strip().lower()
        try:
            return bytes.fromhex(seed)
        except ValueError:
            raise forms.ValidationError("The seed must be 64 hexadecimal characters") from None

    def clean_commitment(self):
        return self.cleaned_data["commitment"].strip().lower()
