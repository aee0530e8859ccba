"""Events to the Channels layer, sent after a write commits."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.models import ChatMessage, Game
from games.selectors import chat_entry, game_snapshot


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def game_changed(game_id: int) -> None:
    """Tells every viewer of the game; each consumer renders its own viewer's payload."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(
        game_group(game_id), {"type": "game.changed", "snapshot": game_snapshot(game)}
    )


def chat_posted(message: ChatMessage) -> None:
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(
        game_group(message.game_id), {"type": "chat.message", "message": chat_entry(message)}
    )
