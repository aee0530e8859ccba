from django.apps import AppConfig


class SocialConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "social"
    verbose_name = "Friends and notifications"

    def ready(self) -> None:
        from accounts.hooks import profile_panels
        from games.selectors import register_muter, register_seat_holder
        from social import panels
        from social.selectors import invited_seats, muted_names

        register_muter(muted_names)
        register_seat_holder(invited_seats)
        profile_panels.add(panels.relation)
