"""The events app's configuration: what it adds to the apps below it (core.hooks) and the
game signal it listens to, when Django starts."""

from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Arenas"

    def ready(self) -> None:
        from accounts.hooks import account_closing, personal_data, profile_panels, restricted
        from clubs.hooks import club_panels
        from events import kinds, panels, personal_data as data
        from events.extras import arena_link
        from events.services.arenas import arenas_restricted
        from events.tasks import on_game_finished
        from games import hooks
        from games.signals import game_finished

        game_finished.connect(on_game_finished, dispatch_uid="events.record_game")
        hooks.page_extras.add(arena_link)
        hooks.kinds.add(kinds.game_kinds)
        hooks.lobby_panels.add(panels.lobby_arenas)
        profile_panels.add(panels.profile_trophies)
        club_panels.add(panels.club_events)
        personal_data.add(data.events)
        account_closing.add(data.leave_arenas)
        restricted.add(arenas_restricted)
