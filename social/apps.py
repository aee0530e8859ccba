from django.apps import AppConfig


class SocialConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "social"
    verbose_name = "Friends and notifications"

    def ready(self) -> None:
        from games import hooks
        from social.selectors import invited_seats, muted_names

        hooks.chat_muters.add(muted_names)
        hooks.seat_holders.add(invited_seats)
