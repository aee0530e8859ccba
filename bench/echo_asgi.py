"""A bare Channels echo server (no database, no engine): the floor `load.py --baseline` measures.

Run: daphne bench.echo_asgi:application (from the repository root). It uses the project's
settings only for ALLOWED_HOSTS and the Redis channel layer, exactly as the real server does.
"""

import json
import os

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import ProtocolTypeRouter, URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class EchoConsumer(AsyncWebsocketConsumer):
    """Joins group `table-{table}`; every frame goes to the whole group, version + 1."""

    async def connect(self):
        self.group = f"table-{self.scope['url_route']['kwargs']['table']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=json.dumps({"type": "state", "version": 0}))

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            message = json.loads(text_data or "")
            version = int(message.get("version", 0)) + 1
        except (ValueError, TypeError, AttributeError):
            await self.send(text_data=json.dumps({"type": "error", "error": "bad frame"}))
            return
        await self.channel_layer.group_send(
            self.group, {"type": "echo.message", "message": message, "version": version}
        )

    async def echo_message(self, event):
        frame = {"type": "state", "version": event["version"], "echo": event["message"]}
        await self.send(text_data=json.dumps(frame))


application = ProtocolTypeRouter(
    {
        "websocket": AllowedHostsOriginValidator(
            URLRouter([path("ws/echo/<str:table>/", EchoConsumer.as_asgi())])
        ),
    }
)
