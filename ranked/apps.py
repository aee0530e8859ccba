from django.apps import AppConfig


class RankedConfig(AppConfig):
    name = "ranked"
    verbose_name = "Ranked play"

    def ready(self) -> None:
        from games.signals import game_finished
        from ranked import receivers

        game_finished.connect(receivers.rate_finished_game, dispatch_uid="ranked.rate_game")
