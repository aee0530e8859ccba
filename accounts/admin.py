from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class SpadesUserAdmin(UserAdmin):
    list_display = ("username", "email", "bot_level", "is_staff", "date_joined")
    list_filter = ("bot_level", "is_staff", "is_active")
    fieldsets = (*UserAdmin.fieldsets, ("Bot", {"fields": ("bot_level",)}))
