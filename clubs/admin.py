"""The Django admin of clubs: run by club admins on the site; here for the site's staff to
look."""

from django.contrib import admin

from clubs.models import Club, Membership


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
