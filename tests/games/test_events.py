"""Events reach the channel layer from any thread, on one sender loop per process."""

import asyncio
import threading

from channels.layers import get_channel_layer

from games import events


async def test_an_event_sent_from_a_thread_running_an_event_loop_arrives():
    # Playwright's test thread, or any async caller of a service, runs a loop: async_to_sync
    # refused to send from there.
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("game-events-test", channel)
    try:
        events.sender.group_send("game-events-test", {"type": "game.changed", "n": 1})
        events.sender.group_send("game-events-test", {"type": "game.changed", "n": 2})
        first = await asyncio.wait_for(layer.receive(channel), 5)
        second = await asyncio.wait_for(layer.receive(channel), 5)
    finally:
        await layer.group_discard("game-events-test", channel)
    assert (first["n"], second["n"]) == (1, 2)
    senders = [t for t in threading.enumerate() if t.name == "channel-layer-sender"]
    assert len(senders) == 1  # one loop, hence one Redis connection, for every event
