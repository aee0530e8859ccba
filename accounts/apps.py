"""The accounts app: people and their API tokens."""

from django.apps import AppConfig

from core import hooks


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "People"  # allauth's e-mail addresses are "Accounts"

    def ready(self) -> None:
        from accounts import tokens  # its models are ready only now

        hooks.api_callers.add(tokens.user_for_header)
