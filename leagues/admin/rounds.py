"""The Django admin of a tournament's rounds and pairings: a drafted round's pairings to
review and edit, the start of a round, and the director's forfeits."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import path, reverse
from django.utils.html import format_html

from core.admin_steps import StepButtonsMixin, confirm_page, run_step
from leagues import selectors
from leagues.models import Entrant, Pairing, Round, Tournament
from leagues.services import tournaments


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
