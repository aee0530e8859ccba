from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from accounts.hooks import account_closing, account_erasing, personal_data
        from games import personal_data as data

        personal_data.add(data.games)
        personal_data.add(data.chat)
        account_closing.add(data.leave_tables)
        account_erasing.add(data.erase)
