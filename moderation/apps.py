"""The moderation app's configuration: the restrictions it puts on people and the chat's
rules, which the apps below consult through accounts.hooks.restrictions and
games.hooks.chat_rules without importing it."""

from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "moderation"
    verbose_name = "Moderation"

    def ready(self) -> None:
        from accounts.hooks import restrictions
        from games.hooks import chat_rules
        from moderation import chat, selectors

        restrictions.add(selectors.restriction)
        chat_rules.add(chat.chat_rule)
