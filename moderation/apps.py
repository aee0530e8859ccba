"""The moderation app's configuration: the restrictions it puts on people, which the apps
below consult through accounts.hooks.restrictions without importing it, and where people
report (a profile, a table)."""

from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "moderation"
    verbose_name = "Moderation"

    def ready(self) -> None:
        from accounts.hooks import personal_data, profile_panels, restrictions
        from games import hooks
        from moderation import panels, personal_data as data, selectors

        restrictions.add(selectors.restriction)
        personal_data.add(data.moderation)
        profile_panels.add(panels.profile_report)
        hooks.table_panels.add(panels.table_report)
