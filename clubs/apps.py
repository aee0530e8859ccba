"""The clubs app: clubs, their members and roles, join requests and invite links."""

from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs"
