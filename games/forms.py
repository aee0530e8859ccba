"""Forms of the lobby: creating a table with a preset or custom rules. The ruleset piece
(preset choices, option fields, resolving "custom") serves the league forms too."""

from dataclasses import fields

from django import forms

from games.bots import LEVELS
from games.engine import PRESETS, Ruleset
from games.inputs import TURN_SECONDS_RANGE

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
}


# The rules of a game, as a form chooses them: one of the presets, or (where a form offers
# it) "custom", which is the classic preset changed by one field per Ruleset option.
PRESET_CHOICES = [(name, name.replace("-", " ").title()) for name in PRESETS]
CUSTOM = "custom"


def preset_field(*, custom: bool = True, **kwargs) -> forms.ChoiceField:
    """The choice of a preset, and with `custom` of custom rules (RulesetOptionsMixin)."""
    choices = PRESET_CHOICES + ([(CUSTOM, "Custom rules")] if custom else [])
    return forms.ChoiceField(choices=choices, **kwargs)


class RulesetOptionsMixin:
    """For a form with a `preset_field()` named `preset`: a field per Ruleset option, and
    the rules the form chose."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        defaults = Ruleset()
        for option in fields(Ruleset):
            label, initial = OPTION_LABELS[option.name], getattr(defaults, option.name)
            kind = forms.BooleanField if option.type is bool else forms.IntegerField
            self.fields[option.name] = kind(required=False, initial=initial, label=label)

    def option_fields(self):
        return [self[option.name] for option in fields(Ruleset)]

    def rules(self) -> tuple[str, dict | None]:
        """The preset and the custom options (None: the preset as it is). An empty option
        is the default, but for the losing score, where empty means none."""
        preset = self.cleaned_data["preset"]
        if preset != CUSTOM:
            return preset, None
        options = {}
        for option in fields(Ruleset):
            value = self.cleaned_data.get(option.name)
            if value is None and option.name != "losing_score":
                value = getattr(Ruleset(), option.name)
            options[option.name] = value
        return "classic", options


class CreateTableForm(RulesetOptionsMixin, forms.Form):
    preset = preset_field(initial="classic")
    turn_seconds = forms.IntegerField(
        min_value=TURN_SECONDS_RANGE[0],
        max_value=TURN_SECONDS_RANGE[1],
        initial=30,
        label="Turn time (s)",
    )
    private = forms.BooleanField(required=False, label="Private (invite link only)")
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

    def clean_seed(self):
        seed = self.cleaned_data["seed"].strip().lower()
        try:
            return bytes.fromhex(seed)
        except ValueError:
            raise forms.ValidationError("The seed must be 64 hexadecimal characters") from None

    def clean_commitment(self):
        return self.cleaned_data["commitment"].strip().lower()
