"""Forms of the league and tournament pages."""

from django import forms
from django.utils import timezone

from accounts.models import User
from core import posts
from games.forms import RulesetOptionsMixin, preset_field
from games.schemas import TURN_SECONDS_RANGE
from leagues.services.seasons import check_start_date


class SeasonForm(RulesetOptionsMixin, forms.Form):
    name = forms.CharField(max_length=80, initial="Season 1")
    preset = preset_field(initial="classic", label="Rules")
    turn_seconds = forms.IntegerField(
        min_value=TURN_SECONDS_RANGE[0],
        max_value=TURN_SECONDS_RANGE[1],
        initial=30,
        label="Turn time (s)",
    )
    start_date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    round_days = forms.IntegerField(
        min_value=1, max_value=60, initial=7, label="Round length (days)"
    )
    double_round_robin = forms.BooleanField(
        required=False, label="Double round robin (every team meets every other twice)"
    )
    points_win = forms.IntegerField(min_value=0, max_value=10, initial=2, label="Points per win")
    points_loss = forms.IntegerField(min_value=0, max_value=10, initial=0, label="Points per loss")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["start_date"].initial = timezone.localdate()

    def clean_start_date(self):
        start_date = self.cleaned_data["start_date"]
        _, error = posts.attempt(check_start_date, start_date)
        if error:
            raise forms.ValidationError(error)
        return start_date

    def main_fields(self):
        names = ("name", "preset", "turn_seconds", "start_date", "round_days", "points_win",
                 "points_loss", "double_round_robin")  # fmt: skip
        return [self[name] for name in names]


class MemberChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: User) -> str:
        return obj.username


class TeamForm(forms.Form):
    player_a = MemberChoiceField(queryset=User.objects.none(), label="Player")
    player_b = MemberChoiceField(queryset=User.objects.none(), label="Partner")
    name = forms.CharField(max_length=80, required=False, label="Team name (optional)")

    def __init__(self, *args, members=None, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("player_a", "player_b"):
            self.fields[name].queryset = members if members is not None else User.objects.none()


class ForfeitForm(forms.Form):
    winner = forms.ChoiceField(
        choices=[("home", "Home team wins"), ("away", "Away team wins"), ("none", "Both lose")]
    )
    note = forms.CharField(max_length=200, required=False)


class ExtendForm(forms.Form):
    deadline = forms.DateTimeField(
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        label="New deadline (your time)",  # read in the zone the request activated
    )
    note = forms.CharField(max_length=200, required=False)


class RegisterForm(forms.Form):
    partner = forms.CharField(
        max_length=150,
        required=False,
        label="Partner's username",
        help_text="Leave empty to register alone: you will be paired with another single "
        "player of a similar rating when registration closes.",
    )

    def clean_partner(self) -> User | None:
        name = self.cleaned_data["partner"].strip()
        if not name:
            return None
        partner = User.objects.filter(username__iexact=name, is_active=True).first()
        if partner is None:
            raise forms.ValidationError(f"There is nobody called {name}")
        return partner
