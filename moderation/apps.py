"""The moderation app's configuration: the restrictions it puts on people, the chat's
rules and the words kept out of names, which the apps below consult through
accounts.hooks.restrictions, games.hooks.chat_rules and accounts.hooks.wording_rules
without importing it; where people report (a profile, a table);
its section of a person's download, and what it erases with an account."""

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
            wording_rules,
        )
        from games import hooks
        from moderation import chat, panels, personal_data as data, selectors

        restrictions.add(selectors.restriction)
        restricted_people.add(selectors.restricted_among)
        hooks.chat_rules.add(chat.chat_rule)
        wording_rules.add(chat.has_listed_word)
        account_erasing.add(chat.originals_erase)  # what a masked line's sender typed
        personal_data.add(data.moderation)
        account_erasing.add(data.erase)
        profile_panels.add(panels.profile_report)
        hooks.table_panels.add(panels.table_report)
