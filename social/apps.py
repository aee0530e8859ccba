"""The social app's configuration: what it adds to games (core.hooks) when Django starts."""

from django.apps import AppConfig


class SocialConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "social"
    verbose_name = "Friends and notifications"

    def ready(self) -> None:
        from accounts.hooks import profile_panels
        from games import hooks
        from social import panels
        from social.invite_box import invite_panel
        from social.selectors import invited_seats, muted_names

        hooks.chat_muters.add(muted_names)
        hooks.seat_holders.add(invited_seats)
        hooks.table_panels.add(invite_panel)
        profile_panels.add(panels.relation)
