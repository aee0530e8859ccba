"""The moderation app's configuration: the restrictions it puts on people and the chat's
rules, which the apps below consult through accounts.hooks.restrictions and
games.hooks.chat_rules without importing it; where people report (a profile, a table);
its section of a person's download."""

from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "moderation"
    verbose_name = "Moderation"

    def ready(self) -> None:
        from accounts.hooks import (
            account_erasing,
            personal_data,
            profile_panels,
            restricted_people,
            restrictions,
        )
        from games import hooks
        from moderation import chat, panels, personal_data as data, selectors

        restrictions.add(selectors.restriction)
        restricted_people.add(selectors.restricted_among)
        hooks.chat_rules.add(chat.chat_rule)
        personal_data.add(data.moderation)
        account_erasing.add(data.erase)
        profile_panels.add(panels.profile_report)
        hooks.table_panels.add(panels.table_report)
