"""The ranked app's configuration: what it adds to the apps below it (core.hooks) and the
game signals it listens to, when Django starts."""

from django.apps import AppConfig


class RankedConfig(AppConfig):
    name = "ranked"
    verbose_name = "Ranked play"

    def ready(self) -> None:
        from accounts.hooks import account_closing, personal_data, profile_panels, restricted
        from games import hooks as games_hooks
        from games.signals import game_finished, people_seated
        from ranked import kinds, panels, personal_data as data, receivers
        from ranked.extras import ranked_table
        from ranked.selectors import queued_people
        from ranked.services.queue import queue_restricted
        from social import hooks as social_hooks

        game_finished.connect(receivers.rate_finished_game, dispatch_uid="ranked.rate_game")
        people_seated.connect(receivers.leave_queue_when_seated, dispatch_uid="ranked.seated")
        games_hooks.page_extras.add(ranked_table)
        games_hooks.kinds.add(kinds.game_kinds)
        social_hooks.activity.add(queued_people)
        profile_panels.add(panels.profile)
        personal_data.add(data.ranked)
        account_closing.add(data.leave_queue)
        restricted.add(queue_restricted)
