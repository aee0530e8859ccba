from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "People"  # allauth's e-mail addresses are "Accounts"
