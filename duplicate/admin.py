"""The admin of duplicate events: read-mostly views of the days, boards and entries (a
board's seed is the secret of its deal: shown only once its event has closed)."""

from django.contrib import admin

from duplicate.models import Board, BoardGame, Entry, Event


class BoardInline(admin.TabularInline):
    model = Board
    fields = ("number", "dealer", "commitment", "dd_tricks")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("__str__", "kind", "day", "opens_at", "closes_at", "closed")
    list_filter = ("kind", "closed")
    readonly_fields = ("kind", "day", "ruleset", "bot_level", "opens_at", "closes_at", "closed")
    inlines = [BoardInline]

    def has_add_permission(self, request) -> bool:
        return False  # days are made by beat (duplicate.prepare), committed ahead


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("user", "event", "score", "boards_played", "created_at")
    list_filter = ("event__kind",)
    search_fields = ("user__username",)
    raw_id_fields = ("user", "event")


@admin.register(BoardGame)
class BoardGameAdmin(admin.ModelAdmin):
    list_display = ("entry", "board", "game", "finished", "result")
    raw_id_fields = ("entry", "board", "game")
