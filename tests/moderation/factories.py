"""Moderators and reports for the moderation tests."""

from games.models import ChatMessage
from games.services import tables
from moderation.models import Report
from tests.factories import UserFactory
from tests.leagues.factories import directors_group


def moderator(**kwargs):
    """A staff user in the "Moderators" group."""
    user = UserFactory(is_staff=True, **kwargs)
    user.groups.add(directors_group("moderation.migrations.0002_moderators"))
    return user


def table_of(*people):
    """A game in play of these people (bots fill the rest), and a chat line of each."""
    players = [*people, *["random"] * (4 - len(people))]
    game = tables.game_create_seated(players=players, preset="quick")
    for person in people:
        ChatMessage.objects.create(game=game, user=person, text=f"hello from {person}")
    return game


def reported(subject, reporter=None, **fields) -> Report:
    return Report.objects.create(
        reporter=reporter or UserFactory(), subject=subject, reason="chat", **fields
    )
