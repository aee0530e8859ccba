"""The duplicate app's configuration: what it adds to the apps below it (core.hooks) and the
game signals it listens to, when Django starts."""

from django.apps import AppConfig


class DuplicateConfig(AppConfig):
    name = "duplicate"
    verbose_name = "Duplicate events"

    def ready(self) -> None:
        from accounts.hooks import personal_data, profile_panels
        from clubs.hooks import club_panels
        from duplicate import kinds, panels, personal_data as data
        from duplicate.extras import board_link
        from duplicate.tasks import on_game_finished
        from games import hooks
        from games.signals import game_finished

        game_finished.connect(on_game_finished, dispatch_uid="duplicate.record_board")
        hooks.page_extras.add(board_link)
        hooks.kinds.add(kinds.game_kinds)
        club_panels.add(panels.club_sessions)
        profile_panels.add(panels.daily_history)
        personal_data.add(data.duplicate)
