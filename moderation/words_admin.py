"""The chat's word list and its allowed words in the Django admin: moderators add, edit and
remove words; the next message is checked against the lists as they are then
(moderation.chat)."""

from django.contrib import admin

from moderation.models import AllowedWord, BannedWord


@admin.register(BannedWord)
class BannedWordAdmin(admin.ModelAdmin):
    list_display = ("word", "refuse", "added_by", "created_at")
    list_filter = ("refuse",)
    list_editable = ("refuse",)
    search_fields = ("word",)
    fields = ("word", "refuse")
    ordering = ("word",)

    def get_fields(self, request, obj=None):
        # Who added a word and when are shown once it exists, never typed in.
        return self.fields + (("added_by", "created_at") if obj else ())

    def get_readonly_fields(self, request, obj=None):
        return ("added_by", "created_at") if obj else ()

    def save_model(self, request, obj, form, change):
        if not change:
            obj.added_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(AllowedWord)
class AllowedWordAdmin(BannedWordAdmin):
    list_display = ("word", "added_by", "created_at")
    list_filter = ()
    list_editable = ()
    fields = ("word",)
