"""Events in the Django admin: a site admin defines recurring arenas and Swiss tournaments
once (beat creates each ahead of its start) or creates a single arena; every one then runs
by itself."""

from django.contrib import admin

from events.models import Arena, ArenaPlayer, EventSchedule


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


@admin.register(EventSchedule)
class EventScheduleAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "preset", "every", "first_start", "active")
    list_filter = ("kind", "every", "preset", "active")
    fieldsets = (
        (None, {"fields": ("name", "kind", "preset", "every", "first_start", "ahead_minutes",
                           "turn_seconds", "active")}),
        ("Arenas", {"fields": ("minutes", "bot_wait_seconds", "closing_seconds")}),
        ("Swiss tournaments", {"fields": ("rounds", "hands")}),
    )  # fmt: skip
