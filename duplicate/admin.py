"""The admin of duplicate events: read-mostly views of the daily challenges, boards and
entries (a board's seed is the secret of its deal: shown only once its event has closed),
and the session director's flow for club sessions.

A session director (staff allowed to change sessions) creates a session with its pairs,
then runs it by the one next valid step the session's page offers (as the tournament
director does): start the session, start round 1, each next round once every table has
finished the last, close it to publish the results. The page shows the round's progress,
board by board at each table, with an average for a board a table cannot play."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html

from core.admin_steps import StepButtonsMixin, confirm_page, run_step
from duplicate.models import Board, BoardGame, Entry, Event, Session
from duplicate.selectors import sessions as session_selectors
from duplicate.services import sessions as session_services
from duplicate.services.boards import board_ruleset
from games.bots import LEVELS as BOT_LEVELS


class BoardInline(admin.TabularInline):
    model = Board
    fields = ("number", "dealer", "commitment", "dd_tricks")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("__str__", "kind", "day", "variant", "opens_at", "closes_at", "closed")
    list_filter = ("closed", "variant")
    readonly_fields = (
        "kind",
        "day",
        "variant",
        "ruleset",
        "bot_level",
        "opens_at",
        "closes_at",
        "closed",
    )
    inlines = [BoardInline]

    def get_queryset(self, request):
        return super().get_queryset(request).filter(kind=Event.Kind.DAILY)  # sessions: below

    def has_add_permission(self, request) -> bool:
        return False  # days are made by beat (duplicate.prepare), committed ahead


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("__str__", "event", "score", "boards_played", "created_at")
    list_filter = ("event__kind",)
    search_fields = ("user__username",)
    raw_id_fields = ("user", "event", "partner")


@admin.register(BoardGame)
class BoardGameAdmin(admin.ModelAdmin):
    list_display = ("entry", "board", "game", "finished", "averaged", "result")
    raw_id_fields = ("entry", "opponent", "board", "game")


# Club sessions


class SessionForm(forms.ModelForm):
    blind_nil = forms.BooleanField(required=False, label="Blind Nil allowed")

    class Meta:
        model = Session
        fields = [
            "name", "club", "movement", "variant", "boards_total", "boards_per_round",
            "turn_seconds",
        ]  # fmt: skip

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk and not self.is_bound:
            self.initial["blind_nil"] = self.instance.rules.blind_nil

    def clean(self):
        data = super().clean()
        boards, per_round = data.get("boards_total"), data.get("boards_per_round")
        if boards is not None and (boards < 4 or boards % 4):
            self.add_error("boards_total", "A multiple of 4, so that every seat deals as often")
        if boards and per_round is not None and (per_round < 1 or boards % per_round):
            self.add_error("boards_per_round", f"The {boards} boards must split into rounds")
        return data


class PairForm(forms.ModelForm):
    partner_bot = forms.ChoiceField(
        choices=[("", "-")] + [(level, f"{level.title()} bot") for level in BOT_LEVELS],
        required=False,
        label="or a bot partner",
    )

    class Meta:
        model = Entry
        fields = ["direction", "team", "user", "partner", "partner_bot"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A short empty choice: the pair rows must fit a 1366 px screen (a Mitchell has none).
        if "team" in self.fields:  # not once the session started (the rows are read-only)
            self.fields["team"].choices = [("", "-"), *Entry.Team.choices]


class PairInline(admin.TabularInline):
    model = Entry
    form = PairForm
    fields = ("number", "direction", "team", "user", "partner", "partner_bot")
    readonly_fields = ("number",)
    autocomplete_fields = ("user", "partner")
    verbose_name = "pair"
    verbose_name_plural = "pairs: North-South and East-West (in a team match, a team each)"
    extra = 0

    def _draft(self, obj) -> bool:
        return obj is None or obj.status == Session.Status.DRAFT

    def get_readonly_fields(self, request, obj=None):
        return self.readonly_fields if self._draft(obj) else self.fields

    def has_add_permission(self, request, obj=None):
        return self._draft(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._draft(obj) and super().has_delete_permission(request, obj)


class AverageForm(forms.Form):
    table = forms.IntegerField(min_value=1, max_value=999)
    board = forms.IntegerField(min_value=1, max_value=999)


# The buttons of the session page, by step (session_selectors.next_steps).
STEP_LABELS = {
    "start": "Start the session",
    "round": "Start the next round",
    "close": "Close and publish the results",
}


@admin.register(Session)
class SessionAdmin(StepButtonsMixin, admin.ModelAdmin):
    form = SessionForm
    list_display = ("name", "club", "movement", "variant", "status", "round", "boards_total")
    list_filter = ("status", "movement")
    search_fields = ("name", "club__name")
    fields = ("name", "club", "movement", "variant", ("boards_total", "boards_per_round"),
              "blind_nil", "turn_seconds", "status", "round", "public_page")  # fmt: skip
    inlines = [PairInline]
    actions = ["start_session", "start_next_round", "close_session"]
    steps = {"start": "start_session", "round": "start_next_round", "close": "close_session"}
    change_form_template = "admin/duplicate/session/change_form.html"

    def get_readonly_fields(self, request, obj=None):
        fixed = ("status", "round", "public_page")
        if obj is None or obj.status == Session.Status.DRAFT:
            return fixed
        return (*fixed, "name", "club", "movement", "variant", "boards_total",
                "boards_per_round", "blind_nil", "turn_seconds")  # fmt: skip

    @admin.display(description="Blind Nil allowed", boolean=True)
    def blind_nil(self, obj: Session) -> bool:
        return obj.rules.blind_nil

    @admin.display(description="public page")
    def public_page(self, obj: Session) -> str:
        if obj.pk is None or obj.status == Session.Status.DRAFT:
            return "- (once the session starts)"
        url = session_selectors.session_url(obj)
        return format_html('<a href="{}">{}</a>', url, url)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.kind, obj.created_by, obj.opens_at = Event.Kind.CLUB, request.user, timezone.now()
        if obj.status == Session.Status.DRAFT:
            obj.ruleset = board_ruleset(
                variant=obj.variant, blind_nil=form.cleaned_data["blind_nil"]
            ).to_dict()
        super().save_model(request, obj, form, change)

    def get_urls(self):
        return [
            path(
                "<int64:pk>/average/",
                self.admin_site.admin_view(self.average_view),
                name="duplicate_session_average",
            ),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        obj = self.get_object(request, object_id)
        extra = {
            "next_steps": session_selectors.next_steps(obj) if obj else [],
            "step_labels": STEP_LABELS,
            "progress": session_selectors.progress(obj) if obj else [],
            **(extra_context or {}),
        }
        return super().change_view(request, object_id, form_url, extra_context=extra)

    def average_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """The average chosen on the session's page for one board at one table, shown once
        more to confirm (GET: it cannot be undone), then given (POST)."""
        if request.method not in ("GET", "POST"):
            return HttpResponseNotAllowed(["GET", "POST"])
        session = self.get_object(request, str(pk))
        if session is None:
            raise Http404("No such session")
        if not self.has_change_permission(request, session):
            raise PermissionDenied
        back = reverse("admin:duplicate_session_change", args=[pk])
        form = AverageForm(request.POST if request.method == "POST" else request.GET)
        if not form.is_valid():
            self.message_user(request, "Choose a table and a board of it", messages.ERROR)
            return redirect(back)
        number = form.cleaned_data["board"]
        if request.method == "POST":  # the service says why not, if it cannot be given
            run_step(
                self,
                request,
                [session],
                lambda s: session_services.board_average(
                    session_id=s.pk,
                    director=request.user,
                    table=form.cleaned_data["table"],
                    number=number,
                ),
                lambda s, row: f"{s}, table {row.table}: board {row.board.number} is averaged",
            )
            return redirect(back)
        table = next(
            (t for t in session_selectors.progress(session)
             if t["table"] == form.cleaned_data["table"]
             and any(b["number"] == number and b["state"] in ("playing", "waiting")
                     for b in t["boards"])),
            None,
        )  # fmt: skip
        if table is None:
            text = f"Board {number} at table {form.cleaned_data['table']} cannot be averaged now"
            self.message_user(request, text, messages.ERROR)
            return redirect(back)
        return confirm_page(
            self,
            request,
            session,
            "admin/duplicate/session/average_confirm.html",
            title=f"Average board {number} at table {table['table']}?",
            table=table,
            number=number,
            back=back,
        )

    @admin.action(description="Start the session (numbers the pairs, deals the boards)",
                  permissions=["change"])  # fmt: skip
    def start_session(self, request, queryset):
        run_step(
            self,
            request,
            queryset,
            lambda s: session_services.session_start(session_id=s.pk, director=request.user),
            lambda s, _: f"{s} has started: the players know their pair and first table",
        )

    @admin.action(description="Start the next round (every table at once)",
                  permissions=["change"])  # fmt: skip
    def start_next_round(self, request, queryset):
        run_step(
            self,
            request,
            queryset,
            lambda s: session_services.round_start(session_id=s.pk, director=request.user),
            lambda s, r: f"{s}: round {r.round} has started; the players have been told",
        )

    @admin.action(description="Close and publish the results", permissions=["change"])
    def close_session(self, request, queryset):
        run_step(
            self,
            request,
            queryset,
            lambda s: session_services.session_close(session_id=s.pk, director=request.user),
            lambda s, _: f"{s} is closed: its results and replays are public",
        )
