"""One person, one seat in the Django admin, for moderators only: the seats refused or
allowed between accounts of one browser or address (accounts.SharedSeat), the accounts
grouped by a browser or an address they share, and the ranked partners who win more than
their ratings predict (moderation.collusion). A person's case page shows their part of
it (the `sharing` template tag)."""

from django.contrib import admin
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.urls import path

from accounts.models import SharedSeat
from moderation import collusion, sharing
from moderation.services import decisions


@admin.register(SharedSeat)
class SharedSeatAdmin(admin.ModelAdmin):
    list_display = ("created_at", "user", "other", "place", "shared", "refused", "address")
    list_filter = ("refused", "shared")
    search_fields = ("user__username", "other__username", "address")
    list_select_related = ("user", "other")
    readonly_fields = [field.name for field in SharedSeat._meta.fields]
    change_list_template = "admin/moderation/sharing/change_list.html"

    # Moderators' work, and theirs only: recorded by the one-seat rule, never typed in.
    def has_module_permission(self, request) -> bool:
        return decisions.is_moderator(request.user)

    def has_view_permission(self, request, obj=None) -> bool:
        return decisions.is_moderator(request.user)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("groups/", wrap(self.groups_view), name="moderation_shared_groups"),
            path("partners/", wrap(self.partners_view), name="moderation_partners"),
            *super().get_urls(),
        ]

    def groups_view(self, request: HttpRequest):
        decisions.check_moderator(request.user)
        context = {
            **self.admin_site.each_context(request),
            **sharing.shared_groups(),
            "title": "Accounts that share a browser or an address",
        }
        return TemplateResponse(request, "admin/moderation/sharing/groups.html", context)

    def partners_view(self, request: HttpRequest):
        decisions.check_moderator(request.user)
        context = {
            **self.admin_site.each_context(request),
            "title": "Partners who win more than their ratings predict",
            "pairs": sharing.suspicious_partners(),
            "min_games": collusion.MIN_GAMES,
            "max_z": collusion.MAX_Z,
            "days": sharing.PARTNER_HISTORY.days,
        }
        return TemplateResponse(request, "admin/moderation/sharing/partners.html", context)
