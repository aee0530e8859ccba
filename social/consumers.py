"""A person's own socket, `/ws/me/?page=…`, open on every page they have open: it keeps
their presence alive in Redis and brings them toasts and the bell's count at once."""

import asyncio
import contextlib
import json
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string

from accounts.tokens import socket_user
from social import presence
from social.events import person_group

PAGES = ("lobby", "game", "other")


class PersonConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        query = parse_qs(self.scope["query_string"].decode("latin-1"))
        self.user = await socket_user(self.scope, query)
        if self.user is None:
            await self.close(code=4401)
            return
        self.json_format = query.get("format", [""])[0] == "json"
        page = query.get("page", [""])[0]
        self.page = page if page in PAGES else "other"
        self.group = person_group(self.user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        self.beating = asyncio.create_task(self._beat())

    async def disconnect(self, code):
        if getattr(self, "user", None) is None:
            return
        self.beating.cancel()
        await self.channel_layer.group_discard(self.group, self.channel_name)
        with contextlib.suppress(Exception):  # Redis away: the entry goes stale by itself
            await presence.leave(user_id=self.user.pk, connection=self.channel_name, page=self.page)

    async def receive(self, text_data=None, bytes_data=None):
        pass  # nothing to ask here: the socket only listens

    async def person_notified(self, event):
        if self.json_format:
            fields = ("text", "url", "unread", "invitation")
            await self.send(
                text_data=json.dumps(
                    {"type": "notification"} | {name: event[name] for name in fields}
                )
            )
        else:
            await self.send(text_data=render_to_string("social/partials/notified.html", event))

    async def _beat(self) -> None:
        while True:
            with contextlib.suppress(Exception):  # a missed beat is retried at the next
                await presence.beat(
                    user_id=self.user.pk, connection=self.channel_name, page=self.page
                )
            await asyncio.sleep(presence.HEARTBEAT)
