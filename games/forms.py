"""Forms of the lobby: creating a table with a preset or custom rules."""

from dataclasses import fields

from django import forms

from games.bots import LEVELS
from games.engine import PRESETS, Ruleset

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


class CreateTableForm(forms.Form):
    preset = forms.ChoiceField(
        choices=[(name, name.replace("-", " ").title()) for name in PRESETS]
        + [("custom", "Custom rules")],
        initial="classic",
    )
    turn_seconds = forms.IntegerField(min_value=5, max_value=600, initial=30, label="Turn time (s)")
    private = forms.BooleanField(required=False, label="Private (invite link only)")
    seat_1 = forms.ChoiceField(choices=SEAT_CHOICES, initial="standard", label="Left")
    seat_2 = forms.ChoiceField(choices=SEAT_CHOICES, initial="standard", label="Partner")
    seat_3 = forms.ChoiceField(choices=SEAT_CHOICES, initial="standard", label="Right")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        defaults = Ruleset()
        for field in fields(Ruleset):
            label, initial = OPTION_LABELS[field.name], getattr(defaults, field.name)
            if field.type is bool:
                self.fields[field.name] = forms.BooleanField(
                    required=False, initial=initial, label=label
                )
            else:
                self.fields[field.name] = forms.IntegerField(
                    required=False, initial=initial, label=label
                )

    def option_fields(self):
        return [self[field.name] for field in fields(Ruleset)]

    def main_fields(self):
        return [self[name] for name in ("preset", "turn_seconds", "private")]

    def seat_fields(self):
        return [self[name] for name in ("seat_1", "seat_2", "seat_3")]

    def options(self) -> dict | None:
        """The custom ruleset options, or None to play the preset as it is."""
        if self.cleaned_data["preset"] != "custom":
            return None
        options = {}
        for field in fields(Ruleset):
            value = self.cleaned_data.get(field.name)
            if value is None and field.name != "losing_score":
                value = getattr(Ruleset(), field.name)
            options[field.name] = value
        return options

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
