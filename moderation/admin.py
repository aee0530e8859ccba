"""The moderators' queue in the Django admin: the people with open reports, most reported
first; a person's case (their open reports with the chat around each moment, earlier
reports and decisions, abandonments and rating history) with the form that decides; the
audit trail of decisions, each undoable with a reason. Only moderators reach these."""

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from accounts.models import User
from core import posts
from moderation import botplays, selectors, sharing_admin, words_admin  # noqa: F401 (admins)
from moderation.models import Decision, Report
from moderation.services import decisions
from moderation.services.decisions import MINUTES
from moderation.templatetags.moderation_reports import seed_check


class DecisionForm(forms.Form):
    kind = forms.ChoiceField(choices=Decision.Kind.choices, label="Decision")
    minutes = forms.IntegerField(
        required=False, min_value=MINUTES[0], max_value=MINUTES[1],
        label="For (minutes)", help_text="A mute or a bar: e.g. 1440 for a day, 10080 a week",
    )  # fmt: skip
    reason = forms.CharField(
        max_length=500, widget=forms.Textarea(attrs={"rows": 3}),
        help_text="The person reads it, in these words",
    )  # fmt: skip


class UndoForm(forms.Form):
    reason = forms.CharField(max_length=500, widget=forms.Textarea(attrs={"rows": 2}))


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = (
        "subject", "reason", "reporter", "filings", "filed_at", "status", "game", "judge"
    )  # fmt: skip
    list_filter = ("status", "reason")
    search_fields = ("subject__username", "reporter__username")
    ordering = ("status", "subject", "-filed_at")
    readonly_fields = [field.name for field in Report._meta.fields]
    list_select_related = ("subject", "reporter", "game")
    change_list_template = "admin/moderation/report/change_list.html"

    def has_add_permission(self, request) -> bool:
        return False  # people report from where it happened

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # kept with the decisions taken on them

    actions = ["play_reports_handled"]

    @admin.display(description="Judge")
    def judge(self, report: Report) -> str:
        if report.reason == Report.Reason.FAIRNESS:
            return seed_check(report)
        if report.reason != Report.Reason.BOT or report.version is None:
            return ""
        url = reverse("admin:moderation_bot_card", args=[report.pk])
        return format_html('<a href="{}">the card, double dummy</a>', url)

    @admin.action(
        description="Mark the selected reports of a bot's card or a deal handled "
        "(the reporters are told)"
    )
    def play_reports_handled(self, request: HttpRequest, queryset):
        count = decisions.play_reports_handle(
            moderator=request.user, report_ids=queryset.values_list("pk", flat=True)
        )
        messages.success(request, f"{count} report{'s' if count != 1 else ''} handled")

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("<int64:report_id>/card/", wrap(self.bot_card_view), name="moderation_bot_card"),
            path("queue/", wrap(self.queue_view), name="moderation_queue"),
            path("person/<int64:user_id>/", wrap(self.person_view), name="moderation_person"),
            *super().get_urls(),
        ]

    def bot_card_view(self, request: HttpRequest, report_id: int):
        """A reported bot card beside the double-dummy judgment of its position; nothing of
        a duplicate board whose event is still open (its cards are secret elsewhere)."""
        decisions.check_moderator(request.user)
        report = get_object_or_404(
            botplays.bot_reports(Report.objects.select_related("game", "reporter")), pk=report_id
        )
        secret = report.game.players_only
        context = {
            **self.admin_site.each_context(request),
            "title": f"A bot's card: game {report.game_id}, hand {report.hand}",
            "report": report,
            "secret": secret,
            "judged": None if secret else botplays.judged(report.game, report.version),
        }
        return TemplateResponse(request, "admin/moderation/bot_card.html", context)

    def queue_view(self, request: HttpRequest):
        decisions.check_moderator(request.user)
        context = {**self.admin_site.each_context(request), "title": "Reports to handle",
                   "queue": selectors.queue()}  # fmt: skip
        return TemplateResponse(request, "admin/moderation/queue.html", context)

    def person_view(self, request: HttpRequest, user_id: int):
        decisions.check_moderator(request.user)
        person = get_object_or_404(User, pk=user_id)
        form = DecisionForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            chosen = [int(pk) for pk in request.POST.getlist("reports") if pk.isdigit()]
            _, error = posts.attempt(
                lambda: decisions.decision_take(
                    moderator=request.user,
                    subject=person,
                    kind=data["kind"],
                    reason=data["reason"],
                    minutes=data["minutes"],
                    report_ids=chosen,
                )
            )
            if error:
                messages.error(request, error)
            else:
                messages.success(request, f"{person}: decided and told")
                return redirect("admin:moderation_queue")
        context = {
            **self.admin_site.each_context(request),
            **selectors.person_case(person),
            "title": f"Reports about {person}",
            "form": form,
        }
        return TemplateResponse(request, "admin/moderation/person.html", context)


@admin.register(Decision)
class DecisionAdmin(admin.ModelAdmin):
    list_display = ("subject", "kind", "moderator", "created_at", "until", "undone_at")
    list_filter = ("kind",)
    search_fields = ("subject__username", "moderator__username")
    readonly_fields = [field.name for field in Decision._meta.fields] + ["reports"]

    def has_add_permission(self, request) -> bool:
        return False  # taken from a person's case, on their reports

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # the audit trail is kept for good; a decision is undone instead

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("<int64:decision_id>/undo/", wrap(self.undo_view), name="moderation_undo"),
            *super().get_urls(),
        ]

    def undo_view(self, request: HttpRequest, decision_id: int):
        decisions.check_moderator(request.user)
        decision = get_object_or_404(Decision, pk=decision_id)
        form = UndoForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            _, error = posts.attempt(
                lambda: decisions.decision_undo(
                    moderator=request.user,
                    decision_id=decision.pk,
                    reason=form.cleaned_data["reason"],
                )
            )
            if not error:
                messages.success(request, f"Undone: {decision}")
                return redirect(reverse("admin:moderation_person", args=[decision.subject_id]))
            messages.error(request, error)
        context = {**self.admin_site.each_context(request), "title": f"Undo: {decision}",
                   "decision": decision, "form": form}  # fmt: skip
        return TemplateResponse(request, "admin/moderation/undo.html", context)
