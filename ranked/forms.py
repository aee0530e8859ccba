"""Forms of ranked play."""

from django import forms

from ranked.models import QueueEntry


class QueueForm(forms.Form):
    max_wait = forms.TypedChoiceField(
        label="Fill with bots after",
        choices=QueueEntry.WAIT_CHOICES,
        coerce=int,
        initial=QueueEntry.DEFAULT_WAIT,
    )


class PartnerForm(QueueForm):
    """Asking a friend to queue together (the service checks the friendship)."""

    partner = forms.CharField(max_length=150)
