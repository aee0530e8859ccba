"""Who is online, kept in Redis so that every Daphne process sees every socket.

Each open socket of a signed-in person (`/ws/me/`, on every page) is a member of the
sorted set `presence:<user id>`, scored by its last heartbeat. A socket that closes leaves
at once; one whose process died stops beating and counts no more after `STALE` seconds,
so presence is right within about that long after any failure, without a sweep.
"""

import asyncio
import time
from collections.abc import Iterable

import redis
import redis.asyncio
from django.conf import settings

from social import hooks

HEARTBEAT = 4.0  # seconds between a socket's beats
STALE = 10.0  # a socket not heard from for this long is gone
SEEN = "presence:seen"  # hash: user id -> when last online (epoch seconds)


def _key(user_id: int) -> str:
    return f"presence:{user_id}"


def _member(connection: str, page: str) -> str:
    return f"{page}|{connection}"


_async_clients: dict[int, redis.asyncio.Redis] = {}


def _async_client() -> redis.asyncio.Redis:
    """One client per event loop (Daphne has one; a client cannot cross loops)."""
    loop = asyncio.get_running_loop()
    client = _async_clients.get(id(loop))
    if client is None:
        client = redis.asyncio.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
        _async_clients[id(loop)] = client
    return client


async def beat(*, user_id: int, connection: str, page: str) -> None:
    """Arriving and staying: the socket is online on `page` (lobby, game or other)."""
    now = time.time()
    async with _async_client().pipeline(transaction=False) as pipe:
        pipe.zadd(_key(user_id), {_member(connection, page): now})
        pipe.zremrangebyscore(_key(user_id), 0, now - STALE)
        pipe.expire(_key(user_id), int(STALE) + 1)
        pipe.hset(SEEN, str(user_id), int(now))
        await pipe.execute()


async def leave(*, user_id: int, connection: str, page: str) -> None:
    async with _async_client().pipeline(transaction=False) as pipe:
        pipe.zrem(_key(user_id), _member(connection, page))
        pipe.hset(SEEN, str(user_id), int(time.time()))
        await pipe.execute()


def forget(*, user_id: int) -> None:
    """A closed account: offline at once, and never seen. Presence is a courtesy: with
    Redis away there is nothing to forget that anyone could see."""
    try:
        with _client().pipeline(transaction=False) as pipe:
            pipe.delete(_key(user_id))
            pipe.hdel(SEEN, str(user_id))
            pipe.execute()
    except (redis.RedisError, OSError):
        pass


def _client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)


def pages_of(user_ids: Iterable[int]) -> dict[int, tuple[set[str], int | None]]:
    """For each person: the pages their live sockets are on (empty when offline) and when
    they were last online (epoch seconds, None if never). With Redis away, nobody is
    online: presence is a courtesy, never a reason for a page to fail."""
    ids = list(user_ids)
    if not ids:
        return {}
    since = time.time() - STALE
    try:
        with _client().pipeline(transaction=False) as pipe:
            for user_id in ids:
                pipe.zrangebyscore(_key(user_id), since, "+inf")
            pipe.hmget(SEEN, [str(user_id) for user_id in ids])
            *members, seen = pipe.execute()
    except (redis.RedisError, OSError):
        return {user_id: (set(), None) for user_id in ids}
    return {
        user_id: (
            {member.decode().split("|", 1)[0] for member in live},
            int(last) if last is not None else None,
        )
        for user_id, live, last in zip(ids, members, seen, strict=True)
    }


def activities_of(user_ids: list[int]) -> dict[int, str]:
    """What these people are doing besides being online (social.hooks.activity)."""
    found: dict[int, str] = {}
    for source in hooks.activity:
        for user_id, status in source(user_ids).items():
            found.setdefault(user_id, status)
    return found
