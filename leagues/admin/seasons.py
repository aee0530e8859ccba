"""The Django admin of league seasons and the decisions on their fixtures: club admins run
their seasons on the site; here for the site's staff to look."""

from django.contrib import admin

from leagues.models import FixtureDecision, Season, Team


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
