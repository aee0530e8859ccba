"""The social app's configuration: what it adds to games (core.hooks) when Django starts."""

from django.apps import AppConfig


class SocialConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "social"
    verbose_name = "Friends and notifications"

    def ready(self) -> None:
        from accounts.hooks import account_closing, account_erasing, personal_data, profile_panels
        from games import hooks
        from social import panels, personal_data as data
        from social.invite_box import invite_panel
        from social.selectors import invited_seats, muted_names

        hooks.chat_muters.add(muted_names)
        hooks.seat_holders.add(invited_seats)
        hooks.table_panels.add(invite_panel)
        profile_panels.add(panels.relation)
        personal_data.add(data.social)
        account_closing.add(data.forget_ties)
        account_erasing.add(data.erase)
