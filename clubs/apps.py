"""The clubs app: clubs, their members and roles, join requests and invite links."""

from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs"

    def ready(self) -> None:
        from accounts.hooks import account_erasing, personal_data
        from clubs import personal_data as data

        personal_data.add(data.clubs)
        account_erasing.add(data.erase)
