"""Events to the Channels layer, sent after a write commits."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.models import ChatMessage
from games.selectors import chat_entry


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def game_changed(snapshot: dict) -> None:
    """Tells every viewer of the game; each consumer renders its own viewer's payload."""
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(
        game_group(snapshot["id"]), {"type": "game.changed", "snapshot": snapshot}
    )


def chat_posted(message: ChatMessage) -> None:
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(
        game_group(message.game_id), {"type": "chat.message", "message": chat_entry(message)}
    )
