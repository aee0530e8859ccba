"""Events to the Channels layer, sent after a write commits.

The services that send them are synchronous and run in a Celery worker, in a view or on
a consumer's database thread. `async_to_sync` made a new event loop, with a new Redis
connection, for every event sent outside Daphne (about 10 ms of a worker's CPU for each
bot move), and inside Daphne it waited for a turn of the busy server loop. So each process
sends its events from one event loop of its own, in a thread of its own, whose channel
layer keeps one Redis connection for them all.
"""

import asyncio
import os
import secrets
import threading

from channels.layers import get_channel_layer

from games.models import ChatMessage
from games.selectors import chat_entry

SEND_TIMEOUT = 10.0  # seconds; Redis away: the write stands and the next push makes clients whole


class Sender:
    """The process's event loop for sending events, started on first use."""

    def __init__(self):
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pid: int | None = None

    def group_send(self, group: str, event: dict) -> None:
        send = get_channel_layer().group_send(group, event)
        future = asyncio.run_coroutine_threadsafe(send, self._running_loop())
        try:
            future.result(timeout=SEND_TIMEOUT)
        except TimeoutError:
            future.cancel()
            raise

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            # A forked process (a Celery pool's child) has no copy of the parent's thread.
            if self._loop is None or self._pid != os.getpid():
                self._loop, self._pid = asyncio.new_event_loop(), os.getpid()
                thread = threading.Thread(
                    target=self._loop.run_forever, name="channel-layer-sender", daemon=True
                )
                thread.start()
            return self._loop


sender = Sender()


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def game_changed(snapshot: dict) -> None:
    """Tells every viewer of the game. The push id lets each process render each distinct
    view of this push once (games.frames)."""
    event = {"type": "game.changed", "snapshot": snapshot, "push": secrets.token_hex(8)}
    sender.group_send(game_group(snapshot["id"]), event)


def chat_posted(message: ChatMessage) -> None:
    event = {"type": "chat.message", "message": chat_entry(message)}
    sender.group_send(game_group(message.game_id), event)
