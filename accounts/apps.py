"""The accounts app: people and their API tokens."""

from django.apps import AppConfig

from core import hooks


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "People"  # allauth's e-mail addresses are "Accounts"

    def ready(self) -> None:
        from accounts import personal_data, tokens  # their models are ready only now
        from accounts.hooks import personal_data as sections

        hooks.api_callers.add(tokens.user_for_header)
        for section in personal_data.ACCOUNTS_SECTIONS:
            sections.add(section)
