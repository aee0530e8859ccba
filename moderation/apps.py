"""The moderation app's configuration: the restrictions it puts on people, which the apps
below consult through accounts.hooks.restrictions without importing it."""

from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "moderation"
    verbose_name = "Moderation"

    def ready(self) -> None:
        from accounts.hooks import restrictions
        from moderation import selectors

        restrictions.add(selectors.restriction)
