"""The Django admin of clubs, leagues and tournaments.

Tournament directors (staff with the "Tournament directors" group's permissions) run
tournaments here: open and close registration, pair the next round (a draft they review
and edit in the round's page), start it, record forfeits and finish. Every step is an
admin action on the list and a button on the change page; both call the same service,
refusals come back as error messages, and each success is logged with who did it."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import path, reverse
from django.utils.html import format_html

from core.admin_steps import StepButtonsMixin, confirm_page, run_step
from core.errors import Conflict, Refused
from games.forms import CUSTOM, RulesetOptionsMixin, preset_field
from games.services.tables import check_ruleset
from leagues import selectors
from leagues.models import (
    Club,
    Entrant,
    FixtureDecision,
    Membership,
    Pairing,
    Round,
    Season,
    Team,
    Tournament,
)
from leagues.services import matches, tournaments

# Tournaments


class TournamentForm(RulesetOptionsMixin, forms.ModelForm):
    """A tournament; its rules as the create-table form offers them (a preset, or custom
    rules as one field per option), stored as the model's preset and options."""

    preset = preset_field(label="Rules")

    class Meta:
        model = Tournament
        fields = ["name", "slug", "description", "club", "format", "swiss_rounds", "preset",
                  "turn_seconds"]  # fmt: skip

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
        try:
            matches.check_rules(
                preset=preset, options=options, turn_seconds=data.get("turn_seconds")
            )
        except Refused as error:
            raise ValidationError(error.message) from None
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
        "club",
        ("format", "swiss_rounds"),
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


class PairingFormSet(forms.BaseInlineFormSet):
    """Edits of a drafted round must keep each entrant at one table at most."""

    def clean(self):
        super().clean()
        seen = set()
        for form in self.forms:
            data = getattr(form, "cleaned_data", None)
            if not data or data.get("DELETE"):
                continue
            a, b = data.get("entrant_a"), data.get("entrant_b")
            if a is not None and a == b:
                raise ValidationError(f"{a} cannot play against themselves")
            for entrant in (a, b):
                if entrant is None:
                    continue
                if entrant.pk in seen:
                    raise ValidationError(f"{entrant} is paired twice")
                seen.add(entrant.pk)


class PairingInline(admin.TabularInline):
    model = Pairing
    formset = PairingFormSet
    extra = 0
    draft_fields = ("table", "entrant_a", "entrant_b")
    result_fields = ("status", "winner", "score", "watch", "decided_by", "note")

    def _draft(self, obj) -> bool:
        return obj is not None and obj.status == Round.Status.DRAFT

    def get_fields(self, request, obj=None):
        return self.draft_fields if self._draft(obj) else self.draft_fields + self.result_fields

    def get_readonly_fields(self, request, obj=None):
        return () if self._draft(obj) else self.draft_fields + self.result_fields

    def has_add_permission(self, request, obj=None):
        return self._draft(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._draft(obj) and super().has_delete_permission(request, obj)

    def get_formset(self, request, obj=None, **kwargs):
        request._leagues_round = obj  # the entrant choices depend on the round's tournament
        return super().get_formset(request, obj, **kwargs)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        round_ = getattr(request, "_leagues_round", None)
        if db_field.name in ("entrant_a", "entrant_b") and round_ is not None:
            kwargs["queryset"] = Entrant.objects.filter(
                tournament_id=round_.tournament_id, withdrawn=False
            ).select_related("player_a", "player_b")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    @admin.display(description="score")
    def score(self, obj: Pairing) -> str:
        return "-" if obj.score_a is None else f"{obj.score_a} to {obj.score_b}"

    @admin.display(description="game")
    def watch(self, obj: Pairing) -> str:
        if not obj.game_id:
            return "-"
        return format_html('<a href="{}">Watch</a>', selectors.game_url(obj.game))


class ForfeitForm(forms.Form):
    """A director's forfeit at one table of a running round: who wins, or nobody."""

    pairing = forms.ModelChoiceField(queryset=Pairing.objects.none(), widget=forms.HiddenInput)
    winner = forms.ChoiceField(
        choices=[("a", "Entrant A wins"), ("b", "Entrant B wins"), ("none", "Both lose")]
    )
    note = forms.CharField(max_length=200, required=False, label="Why (the players see it)")

    def __init__(self, *args, round_: Round, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pairing"].queryset = forfeitable(round_)

    def winner_entrant(self) -> Entrant | None:
        row = self.cleaned_data["pairing"]
        return {"a": row.entrant_a, "b": row.entrant_b}.get(self.cleaned_data["winner"])


def forfeitable(round_: Round):
    """The tables of a running round that have no result yet (a bye needs no forfeit)."""
    if round_.status != Round.Status.RUNNING:
        return Pairing.objects.none()
    return (
        round_.pairings.filter(entrant_b__isnull=False)
        .exclude(status__in=Pairing.DECIDED)
        .select_related("entrant_a", "entrant_b")
        .order_by("table")
    )


@admin.register(Round)
class RoundAdmin(StepButtonsMixin, admin.ModelAdmin):
    list_display = ("__str__", "status", "started_at", "finished_at")
    list_filter = ("status", "tournament")
    fields = ("tournament", "number", "status")
    readonly_fields = ("tournament", "number", "status")
    inlines = [PairingInline]
    actions = ["start_rounds"]
    steps = {"start": "start_rounds"}
    change_form_template = "admin/leagues/round/change_form.html"

    def get_urls(self):
        return [
            path(
                "<int64:pk>/forfeit/",
                self.admin_site.admin_view(self.forfeit_view),
                name="leagues_round_forfeit",
            ),
            *super().get_urls(),
        ]

    def has_add_permission(self, request):
        return False  # rounds come from "Pair the next round"

    def has_delete_permission(self, request, obj=None):
        # Only a draft goes, to pair the round again; deleting a started round would
        # orphan its games and results.
        return (
            obj is not None
            and obj.status == Round.Status.DRAFT
            and (super().has_delete_permission(request, obj))
        )

    def change_view(self, request, object_id, form_url="", extra_context=None):
        obj = self.get_object(request, object_id)
        extra = {
            "forfeitable": list(forfeitable(obj)) if obj else [],
            "elimination": obj is not None
            and obj.tournament.format == Tournament.Format.ELIMINATION,
            **(extra_context or {}),
        }
        return super().change_view(request, object_id, form_url, extra_context=extra)

    def forfeit_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """The forfeit chosen on the round's page, shown once more to confirm (GET), then
        recorded (POST)."""
        round_ = self.get_object(request, str(pk))
        if round_ is None:
            raise Http404("No such round")
        if not self.has_change_permission(request, round_):
            raise PermissionDenied
        back = reverse("admin:leagues_round_change", args=[pk])
        form = ForfeitForm(request.POST if request.method == "POST" else request.GET,
                           round_=round_)  # fmt: skip
        if not form.is_valid():
            text = "Choose a table of this round that has no result yet"
            self.message_user(request, text, messages.ERROR)
            return redirect(back)
        row, winner = form.cleaned_data["pairing"], form.winner_entrant()
        if request.method == "POST":
            run_step(
                self,
                request,
                [round_],
                lambda r: tournaments.pairing_forfeit(
                    pairing_id=row.pk,
                    director=request.user,
                    winner=winner,
                    note=form.cleaned_data["note"],
                ),
                lambda r, result: f"{r}, table {result.table}: forfeit recorded",
            )
            return redirect(back)
        return confirm_page(
            self,
            request,
            round_,
            "admin/leagues/round/forfeit_confirm.html",
            title=f"Record a forfeit at table {row.table}?",
            row=row,
            winner=winner,
            form=form,
            back=back,
        )

    @admin.action(description="Start the selected rounds (creates their games)",
                  permissions=["change"])  # fmt: skip
    def start_rounds(self, request, queryset):
        run_step(
            self,
            request,
            queryset.order_by("number"),
            lambda r: tournaments.round_start(round_id=r.pk, director=request.user),
            lambda r, _: f"{r} has started; the players have been told",
        )


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    """Results, and the director's forfeits."""

    list_display = ("round", "table", "entrant_a", "entrant_b", "status", "winner", "score",
                    "watch", "decided_by")  # fmt: skip
    list_filter = ("status", "round__tournament")
    list_select_related = ("round__tournament", "entrant_a", "entrant_b", "winner", "game",
                           "decided_by")  # fmt: skip
    fields = ("round", "table", "entrant_a", "entrant_b", "status", "winner", "score", "watch",
              "decided_by", "decided_at", "note")  # fmt: skip
    readonly_fields = fields
    actions = ["forfeit_a", "forfeit_b", "forfeit_both"]
    score = PairingInline.score
    watch = PairingInline.watch

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def _forfeit(self, request, queryset, side: str | None) -> None:
        def forfeit(row: Pairing) -> Pairing:
            winner = {"a": row.entrant_a, "b": row.entrant_b}.get(side)
            return tournaments.pairing_forfeit(
                pairing_id=row.pk, director=request.user, winner=winner
            )

        run_step(
            self,
            request,
            queryset,
            forfeit,
            lambda row, result: f"{result.round}, table {result.table}: forfeit recorded",
        )

    @admin.action(description="Forfeit: entrant A wins", permissions=["change"])
    def forfeit_a(self, request, queryset):
        self._forfeit(request, queryset, "a")

    @admin.action(description="Forfeit: entrant B wins", permissions=["change"])
    def forfeit_b(self, request, queryset):
        self._forfeit(request, queryset, "b")

    @admin.action(description="Double forfeit: both lose (not in elimination)",
                  permissions=["change"])  # fmt: skip
    def forfeit_both(self, request, queryset):
        self._forfeit(request, queryset, None)


# Clubs and leagues: run by club admins on the site; here for the site's staff to look


class MembershipInline(admin.TabularInline):
    model = Membership
    fields = ("user", "role", "joined_at")
    readonly_fields = ("joined_at",)
    autocomplete_fields = ("user",)
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "public", "created_by", "created_at")
    list_filter = ("public",)
    search_fields = ("name",)
    prepopulated_fields = {"slug": ("name",)}
    fields = ("name", "slug", "description", "public")
    inlines = [MembershipInline]


class TeamInline(admin.TabularInline):
    model = Team
    fields = ("name", "player_a", "player_b")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "status", "start_date", "round_days")
    list_filter = ("status",)
    search_fields = ("name", "club__name")
    fields = ("club", "name", "status", "start_date", "round_days", "double_round_robin",
              "points_win", "points_loss", "started_at", "finished_at")  # fmt: skip
    inlines = [TeamInline]

    # Club admins create and run their seasons on the site, where every date is checked.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(FixtureDecision)
class FixtureDecisionAdmin(admin.ModelAdmin):
    """The record of league forfeits and extensions: who decided what, when."""

    list_display = ("fixture", "kind", "made_by", "made_at", "winner", "new_deadline", "note")
    list_filter = ("kind",)
    list_select_related = ("fixture__home", "fixture__away", "made_by", "winner")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
