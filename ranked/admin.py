from django.contrib import admin

from ranked.models import Abandonment, QueueEntry, Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "display", "mu", "sigma", "games", "last_played_at")
    search_fields = ("user__username",)
    ordering = ("-mu",)
    raw_id_fields = ("user",)


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "result", "before", "after", "delta", "finished_at")
    list_filter = ("result",)
    search_fields = ("user__username",)
    raw_id_fields = ("game", "user")


@admin.register(Abandonment)
class AbandonmentAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "at", "barred_until")
    search_fields = ("user__username",)
    raw_id_fields = ("game", "user")


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):
    list_display = ("user", "joined_at", "max_wait")
    raw_id_fields = ("user",)
