"""The Django admin of tournaments.

Tournament directors (staff with the "Tournament directors" group's permissions) run
tournaments here: open and close registration, pair the next round (a draft they review
and edit in the round's page), start it, record forfeits and finish. Every step is an
admin action on the list and a button on the change page; both call the same service,
refusals come back as error messages, and each success is logged with who did it."""

from django import forms
from django.contrib import admin
from django.contrib.admin import helpers
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html

from core import posts
from core.admin_steps import StepButtonsMixin, run_step
from core.errors import Conflict
from games.forms import CUSTOM, RulesetOptionsMixin, preset_field
from games.services.tables import check_ruleset
from leagues import selectors
from leagues.models import Entrant, Round, Tournament
from leagues.services import matches, tournaments

# Tournaments


class TournamentForm(RulesetOptionsMixin, forms.ModelForm):
    """A tournament; its rules as the create-table form offers them (a preset, or custom
    rules as one field per option), stored as the model's preset and options."""

    preset = preset_field(label="Rules")

    class Meta:
        model = Tournament
        fields = ["name", "slug", "description", "club", "members_only", "format",
                  "swiss_rounds", "starts_at", "preset", "turn_seconds"]  # fmt: skip

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        tournament = self.instance
        if tournament.pk and not self.is_bound:
            rules = check_ruleset(tournament.preset, tournament.options)
            self.initial.update(rules.to_dict(), shown_preset=tournament.preset)
            self.initial["preset"] = CUSTOM if tournament.options else tournament.preset

    def rules_fieldset(self) -> helpers.Fieldset:
        """The option fields as an admin fieldset (change_form.html renders it)."""
        return helpers.Fieldset(
            self,
            name="Rules of the game",
            fields=[field.name for field in self.option_fields()],
            description="These are the rules of the preset chosen under “Rules” above. "
            "Change any of them to play custom rules.",
        )

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        preset, options = self.rules()
        tournament = self.instance
        if tournament.pk and tournament.rounds.exists():
            rules = check_ruleset(preset, options)
            if rules != check_ruleset(tournament.preset, tournament.options):
                self.add_error("preset", "The rules cannot change once rounds are paired")
            for name in ("format", "turn_seconds"):
                if name in self.changed_data:
                    self.add_error(name, "This cannot change once rounds are paired")
        _, error = posts.attempt(
            matches.check_rules,
            preset=preset,
            options=options,
            turn_seconds=data.get("turn_seconds"),
        )
        if error:
            raise ValidationError(error)
        data["preset"] = preset
        tournament.options = options  # not a field of the form: set on the instance
        return data


class EntrantInline(admin.TabularInline):
    model = Entrant
    fields = ("player_a", "player_b", "partner_accepted", "name", "seed_rating", "seed",
              "withdrawn")  # fmt: skip
    readonly_fields = ("seed",)
    autocomplete_fields = ("player_a", "player_b")
    extra = 0


# The buttons of the tournament page, by step (leagues.services.tournaments.next_steps).
STEP_LABELS = {
    "open": "Open registration",
    "close": "Close registration",
    "pair": "Pair the next round",
    "start": "Start the paired round",
    "finish": "Finish the tournament",
}


@admin.register(Tournament)
class TournamentAdmin(StepButtonsMixin, admin.ModelAdmin):
    form = TournamentForm
    list_display = ("name", "format", "status", "entrant_count", "round_count", "club")
    list_filter = ("status", "format")
    search_fields = ("name",)
    prepopulated_fields = {"slug": ("name",)}
    fields = (
        ("name", "slug"),
        "description",
        ("club", "members_only"),
        ("format", "swiss_rounds"),
        "starts_at",
        ("preset", "turn_seconds"),
        "status",
        "public_page",
    )
    readonly_fields = ("status", "public_page")
    inlines = [EntrantInline]
    actions = ["open_registration", "close_registration", "pair_next_round", "start_round",
               "finish_tournament"]  # fmt: skip
    steps = {
        "open": "open_registration",
        "close": "close_registration",
        "pair": "pair_next_round",
        "start": "start_round",
        "finish": "finish_tournament",
    }
    change_form_template = "admin/leagues/tournament/change_form.html"

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(entrants_total=Count("entrants", distinct=True))
            .annotate(rounds_total=Count("rounds", distinct=True))
        )

    @admin.display(description="entrants", ordering="entrants_total")
    def entrant_count(self, obj: Tournament) -> int:
        return obj.entrants_total

    @admin.display(description="rounds", ordering="rounds_total")
    def round_count(self, obj: Tournament) -> int:
        return obj.rounds_total

    @admin.display(description="public page")
    def public_page(self, obj: Tournament) -> str:
        if not obj.pk:
            return "-"
        url = selectors.tournament_url(obj)
        return format_html('<a href="{}">{}</a>', url, url)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        obj = self.get_object(request, object_id)
        rounds = list(obj.rounds.order_by("number")) if obj else []
        extra = {
            "tournament_rounds": rounds,
            "next_steps": tournaments.next_steps(obj) if obj else [],
            "step_labels": STEP_LABELS,
            "running_round": next((r for r in rounds if r.status == Round.Status.RUNNING), None),
            "drafted_round": next((r for r in rounds if r.status == Round.Status.DRAFT), None),
            **(extra_context or {}),
        }
        return super().change_view(request, object_id, form_url, extra_context=extra)

    @admin.action(description="Open registration", permissions=["change"])
    def open_registration(self, request, queryset):
        run_step(
            self,
            request,
            queryset,
            lambda t: tournaments.tournament_open_registration(tournament=t, director=request.user),
            lambda t, _: f"{t}: registration is open",
        )

    @admin.action(description="Close registration (pairs single players)", permissions=["change"])
    def close_registration(self, request, queryset):
        def done(tournament, left_alone) -> str:
            text = f"{tournament}: registration is closed"
            if left_alone:
                names = ", ".join(str(entrant.player_a) for entrant in left_alone)
                text += f". {names} had no partner: give them one in the entrants, or they sit out"
            return text

        run_step(
            self,
            request,
            queryset,
            lambda t: tournaments.tournament_close_registration(
                tournament=t, director=request.user
            ),
            done,
        )

    @admin.action(description="Pair the next round (a draft to review)", permissions=["change"])
    def pair_next_round(self, request, queryset):
        rounds = run_step(
            self,
            request,
            queryset,
            lambda t: tournaments.round_generate(tournament=t, director=request.user),
            lambda t, r: (
                f"{t}: round {r.number} is paired. Review and edit the pairings, "
                "then start the round"
            ),
        )
        if len(rounds) == 1:
            return redirect(reverse("admin:leagues_round_change", args=[rounds[0].pk]))
        return None

    @admin.action(description="Start the paired round (creates its games)", permissions=["change"])
    def start_round(self, request, queryset):
        def start(tournament: Tournament) -> Round:
            draft = tournament.rounds.filter(status=Round.Status.DRAFT).first()
            if draft is None:
                raise Conflict("No round is waiting to start: pair the next round first")
            return tournaments.round_start(round_id=draft.pk, director=request.user)

        run_step(
            self,
            request,
            queryset,
            start,
            lambda t, r: f"{t}: round {r.number} has started; the players have been told",
        )

    @admin.action(description="Finish the tournament", permissions=["change"])
    def finish_tournament(self, request, queryset):
        run_step(
            self,
            request,
            queryset,
            lambda t: tournaments.tournament_finish(tournament=t, director=request.user),
            lambda t, _: f"{t} is finished",
        )
