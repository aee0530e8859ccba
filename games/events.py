"""Events to the Channels layer, sent after a write commits."""

import secrets

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.models import ChatMessage
from games.selectors import chat_entry


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def game_changed(snapshot: dict) -> None:
    """Tells every viewer of the game. The push id lets each process render each distinct
    view of this push once (games.frames)."""
    layer = get_channel_layer()
    event = {"type": "game.changed", "snapshot": snapshot, "push": secrets.token_hex(8)}
    async_to_sync(layer.group_send)(game_group(snapshot["id"]), event)


def chat_posted(message: ChatMessage) -> None:
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(
        game_group(message.game_id), {"type": "chat.message", "message": chat_entry(message)}
    )
