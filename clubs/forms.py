"""Forms of the club pages: a new club, a club's settings."""

from django import forms


class ClubForm(forms.Form):
    name = forms.CharField(max_length=80)
    description = forms.CharField(
        max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    public = forms.BooleanField(
        required=False, initial=True, label="Public (listed; anyone may ask to join)"
    )


class ClubSettingsForm(forms.Form):
    description = forms.CharField(
        max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    public = forms.BooleanField(required=False, label="Public (listed; anyone may ask to join)")
