"""One person, one seat in the Django admin, for moderators only: the seats refused or
allowed between accounts of one browser or address (accounts.SharedSeat), the accounts
grouped by a browser or an address they share, and the ranked partners who win more than
their ratings predict (moderation.collusion). A person's case page shows their part of
it (the `sharing` template tag)."""

from django.contrib import admin, messages
from django.http import HttpRequest
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path
from django.views.decorators.http import require_POST

from accounts.models import DifferentPeople, SharedSeat, User
from core import posts
from moderation import collusion, sharing
from moderation.services import decisions, sharing as sharing_services


class ModeratorsReadOnly:
    """Moderators' records, and theirs only: written by the services (the one-seat rule, a
    case page's button), never typed in the admin."""

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


@admin.register(SharedSeat)
class SharedSeatAdmin(ModeratorsReadOnly, admin.ModelAdmin):
    list_display = ("created_at", "user", "other", "place", "shared", "refused", "address")
    list_filter = ("refused", "shared")
    search_fields = ("user__username", "other__username", "address")
    list_select_related = ("user", "other")
    readonly_fields = [field.name for field in SharedSeat._meta.fields]
    change_list_template = "admin/moderation/sharing/change_list.html"

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("groups/", wrap(self.groups_view), name="moderation_shared_groups"),
            path("partners/", wrap(self.partners_view), name="moderation_partners"),
            path(
                "different/<int64:user_id>/<int64:other_id>/",
                wrap(require_POST(self.different_view)),
                name="moderation_different_people",
            ),
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

    def different_view(self, request: HttpRequest, user_id: int, other_id: int):
        """From a person's case page: `other` is another person, not their second account."""
        decisions.check_moderator(request.user)
        person = get_object_or_404(User, pk=user_id)
        other = get_object_or_404(User, pk=other_id)
        _, error = posts.attempt(
            sharing_services.different_people_mark,
            moderator=request.user,
            person=person,
            other=other,
        )
        if error:
            messages.error(request, error)
        else:
            messages.success(request, f"{person} and {other} are marked as different people")
        return redirect("admin:moderation_person", person.pk)


@admin.register(DifferentPeople)
class DifferentPeopleAdmin(ModeratorsReadOnly, admin.ModelAdmin):
    """Who found which linked accounts to be two people, and when (marked from a case
    page)."""

    list_display = ("first", "second", "decided_by", "decided_at")
    search_fields = ("first__username", "second__username")
    list_select_related = ("first", "second", "decided_by")
    readonly_fields = [field.name for field in DifferentPeople._meta.fields]
