"""WebSocket URL routes."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

from games.consumers import GameConsumer
from social.consumers import PersonConsumer


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any other address: refused like a missing game (4404), not a failed handshake."""

    async def connect(self):
        await self.close(code=4404)


websocket_urlpatterns = [
    path("ws/games/<int64:game_id>/", GameConsumer.as_asgi()),
    path("ws/me/", PersonConsumer.as_asgi()),
    re_path(r"", NoSuchSocket.as_asgi()),
]
