from django.contrib import admin

from ranked.models import Abandonment, QueueEntry, Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "variant", "display", "mu", "sigma", "games", "last_played_at")
    list_filter = ("variant",)
    search_fields = ("user__username",)
    ordering = ("-mu",)
    raw_id_fields = ("user",)


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "variant", "result", "before", "after", "delta", "finished_at")
    list_filter = ("variant", "result")
    search_fields = ("user__username",)
    raw_id_fields = ("game", "user")


@admin.register(Abandonment)
class AbandonmentAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "at", "barred_until")
    search_fields = ("user__username",)
    raw_id_fields = ("game", "user")


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):
    list_display = ("user", "variant", "joined_at", "max_wait")
    raw_id_fields = ("user",)
