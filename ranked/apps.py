from django.apps import AppConfig


class RankedConfig(AppConfig):
    name = "ranked"
    verbose_name = "Ranked play"

    def ready(self) -> None:
        from accounts.hooks import profile_panels
        from games import extras
        from games.signals import game_finished, people_seated
        from ranked import panels, receivers
        from ranked.extras import ranked_table
        from ranked.selectors import queued_people
        from social import presence

        game_finished.connect(receivers.rate_finished_game, dispatch_uid="ranked.rate_game")
        people_seated.connect(receivers.leave_queue_when_seated, dispatch_uid="ranked.seated")
        extras.register(ranked_table)
        if queued_people not in presence.activity_sources:
            presence.activity_sources.append(queued_people)
        profile_panels.add(panels.profile)
