"""The report form: who, why, a note; the game, chat line or seat it is about ride along. A
bot's card and a game's deals are reported from the game, their reason sent hidden."""

from django import forms

from moderation.models import Report
from moderation.services.reports import NOTE_LENGTH, WITHOUT_A_PERSON


class ReportForm(forms.Form):
    username = forms.CharField(max_length=150, required=False, label="Who")
    reason = forms.ChoiceField(choices=Report.Reason.choices, label="Why")
    note = forms.CharField(
        max_length=NOTE_LENGTH,
        required=False,
        label="Note (optional)",
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "What happened, in a few words"}),
    )
    game = forms.IntegerField(required=False, widget=forms.HiddenInput)
    chat = forms.IntegerField(required=False, label="Chat line")
    version = forms.IntegerField(required=False, min_value=1, label="The bot's card")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A person is reported for what a person did; the rest is offered where it happened.
        self.fields["reason"].widget.choices = [
            choice for choice in Report.Reason.choices if choice[0] not in WITHOUT_A_PERSON
        ]
