"""The leagues app's configuration: what it adds to the apps below it (core.hooks) and the
game signals it listens to, when Django starts."""

from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = "Leagues and tournaments"

    def ready(self) -> None:
        from accounts.hooks import account_erasing, personal_data, restricted
        from clubs.hooks import club_panels, clubs_panels
        from games import hooks
        from games.signals import game_finished
        from leagues import kinds, panels, personal_data as data
        from leagues.extras import standings_link
        from leagues.services.tournaments import tournaments_restricted
        from leagues.tasks import on_game_finished

        game_finished.connect(on_game_finished, dispatch_uid="leagues.record_game")
        hooks.page_extras.add(standings_link)
        hooks.kinds.add(kinds.game_kinds)
        hooks.lobby_panels.add(panels.lobby_tournaments)
        club_panels.add(panels.club_league)
        club_panels.add(panels.club_events)
        clubs_panels.add(panels.clubs_tournaments)
        personal_data.add(data.leagues)
        account_erasing.add(data.erase)
        restricted.add(tournaments_restricted)
