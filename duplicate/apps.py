from django.apps import AppConfig


class DuplicateConfig(AppConfig):
    name = "duplicate"
    verbose_name = "Duplicate events"

    def ready(self) -> None:
        from duplicate import kinds
        from duplicate.extras import board_link
        from duplicate.tasks import on_game_finished
        from games import hooks
        from games.signals import game_finished

        game_finished.connect(on_game_finished, dispatch_uid="duplicate.record_board")
        hooks.page_extras.add(board_link)
        hooks.kinds.add(kinds.game_kinds)
