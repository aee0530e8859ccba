"""Arenas in the Django admin: a site admin defines recurring arenas once (beat creates
each ahead of its start) or creates a single one; every arena then runs by itself."""

from django.contrib import admin

from events.models import Arena, ArenaPlayer, ArenaSchedule


class ArenaPlayerInline(admin.TabularInline):
    model = ArenaPlayer
    fields = ("user", "points", "games", "wins", "streak", "active")
    readonly_fields = fields
    can_delete = False
    extra = 0
    ordering = ("-points", "games", "joined_at")

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Arena)
class ArenaAdmin(admin.ModelAdmin):
    list_display = ("name", "preset", "starts_at", "ends_at", "schedule")
    list_filter = ("preset", "schedule")
    search_fields = ("name",)
    fields = (
        "name", "preset", "starts_at", "ends_at", "bot_wait_seconds", "closing_seconds",
        "turn_seconds",
    )  # fmt: skip
    inlines = [ArenaPlayerInline]


@admin.register(ArenaSchedule)
class ArenaScheduleAdmin(admin.ModelAdmin):
    list_display = ("name", "preset", "every", "first_start", "minutes", "active")
    list_filter = ("every", "preset", "active")
    fields = (
        "name", "preset", "every", "first_start", "minutes", "ahead_minutes",
        "bot_wait_seconds", "closing_seconds", "turn_seconds", "active",
    )  # fmt: skip
