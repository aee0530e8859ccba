"""The live game feed: `/ws/games/{id}/` (htmx partials) or `?format=json` (for scripts).

Thin: authenticate, pass actions to the services, and on each `game.changed` event
send this viewer's own frame (rendered once per process for all who see the same:
games.frames). Every push is the full state with its version, so a
client that missed messages or reconnected is whole again with the next one.

Database calls run on Channels' one database thread per process. A pool of threads gains
nothing (the ORM's work holds the GIL) and their fight over the GIL made pushes late: at
200 tables p99 was 320-560 ms with a pool of six, 190-200 ms with the one thread.
"""

import json
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string

from accounts.tokens import socket_user
from core.errors import Forbidden, Invalid, Refused, refusal_from
from core.schemas import json_object, validate, value
from games import frames
from games.events import game_group
from games.schemas import ActionIn, ChatIn, WholeNumber
from games.selectors import access_game, game_snapshot, muted_names, viewer_seat
from games.services import chat as game_chat, play as game_play

MAX_FRAME = 4096
ACTION_TYPES = ("bid", "look", "nil_pass", "play")


class GameConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message):
        # Channels would first hop to its database thread to close stale connections, for
        # every frame and push; database_sync_to_async does that around each call anyway.
        await getattr(self, get_handler_name(message))(message)

    async def connect(self):
        self.game_id = self.scope["url_route"]["kwargs"]["game_id"]
        query = parse_qs(self.scope["query_string"].decode("latin-1"))
        self.json_format = query.get("format", [""])[0] == "json"
        self.last_version = -1
        self.invite = query.get("invite", [None])[0]
        try:
            await self._open(query)
        except Exception as exception:
            error = refusal_from(exception)
            if error is None:
                raise
            # 4404: no such game (or not yours to watch); 4503: try again, as clients do.
            await self.close(code=4000 + error.status)

    async def _open(self, query: dict) -> None:
        self.user = await socket_user(self.scope, query)
        self.muted = await database_sync_to_async(muted_names)(self.user.pk if self.user else None)
        # Into the group before the state is read: a move committed in between is then
        # pushed here too (and skipped if older), where it used to be lost until the next
        # one, e.g. a bot's first bid at a game just started.
        await self.channel_layer.group_add(game_group(self.game_id), self.channel_name)
        try:
            snapshot = await database_sync_to_async(self._snapshot)()
        except Exception:
            await self.channel_layer.group_discard(game_group(self.game_id), self.channel_name)
            raise
        await self.accept()
        if self.user is not None and viewer_seat(snapshot, self.user.pk) is not None:
            # Reconnecting brings an away player back; the push that follows shows it.
            await database_sync_to_async(game_play.seat_return)(
                game_id=self.game_id, user=self.user
            )
        await self._push(snapshot)

    async def disconnect(self, code):
        await self.channel_layer.group_discard(game_group(self.game_id), self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """One frame from the client. A refusal (or a database that does not answer) is
        sent back as an error frame; the socket stays open."""
        try:
            await self._handle(_frame(text_data))
        except Exception as exception:
            error = refusal_from(exception)
            if error is None:
                raise
            await self._send_error(error)

    async def _handle(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "sync":
            await self._push(await database_sync_to_async(self._snapshot)())
        elif kind in ACTION_TYPES:
            await self._act(message)
        elif kind == "chat":
            await self._chat(validate(ChatIn, message).text)
        elif kind == "back":
            await self._back()
        else:
            raise Invalid(
                f"Unknown message type {kind!r} "
                "(expected bid, look, nil_pass, play, back, chat or sync)"
            )

    async def game_changed(self, event):
        await self._push(event["snapshot"], event["push"])

    async def chat_message(self, event):
        message = event["message"]
        if message["user"] in self.muted:
            return  # from someone this viewer blocks
        if self.json_format:
            await self.send(text_data=json.dumps({"type": "chat", **message}))
        else:
            html = render_to_string("games/partials/chat_message.html", {"message": message})
            await self.send(text_data=f'<div id="chat-log" hx-swap-oob="beforeend">{html}</div>')

    # helpers

    async def _act(self, message: dict) -> None:
        if self.user is None:
            raise Forbidden("Log in to play")
        forms = not self.json_format  # htmx sends form values as strings
        version = validate(ActionIn, message, forms=forms).version
        message.pop("version", None)
        data = _action_from_form(message) if forms else message
        await database_sync_to_async(game_play.game_act)(
            game_id=self.game_id, user=self.user, data=data, expected_version=version
        )

    async def _back(self) -> None:
        """ "I'm back": a person marked away plays their own turns again."""
        if self.user is None:
            raise Forbidden("Log in to play")
        await database_sync_to_async(game_play.seat_return)(game_id=self.game_id, user=self.user)

    async def _chat(self, text: str) -> None:
        if self.user is None:
            raise Forbidden("Log in to chat")
        await database_sync_to_async(game_chat.chat_post)(
            game_id=self.game_id, user=self.user, text=text
        )

    async def _push(self, snapshot: dict, push_id: str | None = None) -> None:
        """This viewer's frame of `snapshot`: shared with the process's other viewers of the
        same push (`push_id`) who see the same; made for this socket alone without one."""
        if snapshot["version"] < self.last_version:
            return  # an older event arrived late; the newer state was already sent
        self.last_version = snapshot["version"]
        push = frames.Push(snapshot) if push_id is None else frames.pushes.get(push_id, snapshot)
        seat = viewer_seat(snapshot, self.user.pk if self.user else None)
        frame = push.frame(
            seat, json_format=self.json_format, invite=self.invite, logged_in=self.user is not None
        )
        await self.send(text_data=frame)

    async def _send_error(self, error: Refused) -> None:
        """The WebSocket adapter of the error root: an error frame, or a toast for htmx."""
        if self.json_format:
            frame = {"type": "error", "error": error.message, "status": error.status}
            await self.send(text_data=json.dumps({**frame, "version": self.last_version}))
        else:
            html = render_to_string("partials/toast.html", {"message": error.message})
            await self.send(text_data=html)

    def _snapshot(self) -> dict:
        user_id = self.user.pk if self.user else None
        return game_snapshot(access_game(user_id, self.game_id, invite=self.invite))


def _frame(text: str | None) -> dict:
    """A client frame as a JSON object."""
    if text is None or len(text) > MAX_FRAME:
        raise Invalid(f"That message is too long (at most {MAX_FRAME // 1024} KB)")
    message = json_object(text, "The message")
    message.pop("HEADERS", None)  # added by htmx's ws-send
    return message


def _action_from_form(message: dict) -> dict:
    """The JSON form of an action from the string values of an htmx form."""
    data = {"type": message.get("type")}
    if "tricks" in message:
        data["tricks"] = value(WholeNumber, message["tricks"], "tricks", forms=True)
    if data["type"] == "bid":
        data["blind"] = message.get("blind") in ("true", "on", True)
    if "card" in message:
        data["card"] = message["card"]
    if "cards" in message:
        # One card checked sends a string, several a list (htmx's form values).
        cards = message["cards"]
        data["cards"] = [cards] if isinstance(cards, str) else cards
    return data
