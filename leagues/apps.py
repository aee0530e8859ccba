from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = "Clubs and leagues"

    def ready(self) -> None:
        from games import hooks
        from games.signals import game_finished
        from leagues import kinds
        from leagues.extras import standings_link
        from leagues.tasks import on_game_finished

        game_finished.connect(on_game_finished, dispatch_uid="leagues.record_game")
        hooks.page_extras.add(standings_link)
        hooks.kinds.add(kinds.game_kinds)
