from django.apps import AppConfig


class RankedConfig(AppConfig):
    name = "ranked"
    verbose_name = "Ranked play"

    def ready(self) -> None:
        from games.signals import game_finished, people_seated
        from ranked import receivers

        game_finished.connect(receivers.rate_finished_game, dispatch_uid="ranked.rate_game")
        people_seated.connect(receivers.leave_queue_when_seated, dispatch_uid="ranked.seated")
