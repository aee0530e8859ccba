from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = "Clubs and leagues"

    def ready(self) -> None:
        from games import extras
        from games.signals import game_finished
        from leagues.extras import standings_link
        from leagues.tasks import on_game_finished

        game_finished.connect(on_game_finished, dispatch_uid="leagues.record_game")
        extras.register(standings_link)
