"""Forms of ranked play."""

from django import forms

from ranked import variants
from ranked.models import QueueEntry


class QueueForm(forms.Form):
    # Optional: a client that names no variant queues for Classic, as before variants.
    variant = forms.ChoiceField(
        label="Variant", choices=variants.choices, initial=variants.CLASSIC, required=False
    )
    max_wait = forms.TypedChoiceField(
        label="Fill with bots after",
        choices=QueueEntry.WAIT_CHOICES,
        coerce=int,
        initial=QueueEntry.DEFAULT_WAIT,
    )

    def clean_variant(self) -> str:
        return self.cleaned_data["variant"] or variants.CLASSIC


class PartnerForm(QueueForm):
    """Asking a friend to queue together (the service checks the friendship)."""

    partner = forms.CharField(max_length=150)
