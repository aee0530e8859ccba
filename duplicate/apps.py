from django.apps import AppConfig


class DuplicateConfig(AppConfig):
    name = "duplicate"
    verbose_name = "Duplicate events"

    def ready(self) -> None:
        from accounts.hooks import profile_panels
        from clubs.hooks import club_panels
        from duplicate import panels
        from duplicate.extras import board_link
        from duplicate.tasks import on_game_finished
        from games import extras
        from games.signals import game_finished

        game_finished.connect(on_game_finished, dispatch_uid="duplicate.record_board")
        extras.register(board_link)
        club_panels.add(panels.club_sessions)
        profile_panels.add(panels.daily_history)
