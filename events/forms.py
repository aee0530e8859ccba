"""The forms of a club's events, on its page: an arena or a Swiss for the members, a
battle."""

from django import forms

from events.models import partnership_presets
from events.services.clubs import HANDS, MINUTES, ROUNDS, TOP


class ClubArenaForm(forms.Form):
    name = forms.CharField(max_length=80, required=False, label="Name")
    preset = forms.ChoiceField(choices=partnership_presets, initial="quick", label="Rules")
    starts_at = forms.DateTimeField(
        label="Starts", widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    minutes = forms.IntegerField(
        min_value=MINUTES[0], max_value=MINUTES[1], initial=45, label="Minutes"
    )


class ClubSwissForm(forms.Form):
    name = forms.CharField(max_length=80, required=False, label="Name")
    preset = forms.ChoiceField(choices=partnership_presets, initial="classic", label="Rules")
    starts_at = forms.DateTimeField(
        label="Starts", widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    rounds = forms.IntegerField(min_value=ROUNDS[0], max_value=ROUNDS[1], initial=4, label="Rounds")
    hands = forms.IntegerField(
        min_value=HANDS[0], max_value=HANDS[1], initial=4, label="Hands a game"
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
