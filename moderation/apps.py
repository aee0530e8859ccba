"""The moderation app's configuration: the restrictions it puts on people, which the apps
below consult through accounts.hooks.restrictions without importing it."""

from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "moderation"
    verbose_name = "Moderation"

    def ready(self) -> None:
        from accounts.hooks import personal_data, restrictions
        from moderation import personal_data as data, selectors

        restrictions.add(selectors.restriction)
        personal_data.add(data.moderation)
