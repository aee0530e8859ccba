"""The forms of a club's events, on its page: an arena for the members, a battle."""

from django import forms

from events.models import partnership_presets
from events.services.clubs import MINUTES, TOP


class ClubArenaForm(forms.Form):
    name = forms.CharField(max_length=80, required=False, label="Name")
    preset = forms.ChoiceField(choices=partnership_presets, initial="quick", label="Rules")
    starts_at = forms.DateTimeField(
        label="Starts", widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    minutes = forms.IntegerField(
        min_value=MINUTES[0], max_value=MINUTES[1], initial=45, label="Minutes"
    )


class BattleForm(forms.Form):
    other = forms.CharField(max_length=80, label="Club to challenge")
    preset = forms.ChoiceField(choices=partnership_presets, initial="quick", label="Rules")
    starts_at = forms.DateTimeField(
        label="Starts", widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    minutes = forms.IntegerField(
        min_value=MINUTES[0], max_value=MINUTES[1], initial=45, label="Minutes"
    )
    top = forms.IntegerField(
        min_value=TOP[0], max_value=TOP[1], initial=5, label="Best players counted"
    )
