"""Tables sent again after Redis comes back: the news it lost is made good.

Redis carries only news ("table 7 changed"); the moves are in the database. When Redis
restarts, redis-py reconnects the worker's subscriber and subscribes it again to every
channel and group it had, but the news sent in between is gone, so a socket would show
an old table until the next move. Each worker therefore sends itself a beat over the
layer every second, on a channel of its own: while beats do not come back the layer is
lost; the first that does proves the subscriptions work again, and every table socket of
the worker renders its table afresh, as after a reconnection
(docs/decisions/0504-redis-restarted.md). With the in-process layer (one process, no
Redis) nothing is watched.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
import weakref
from typing import Any, Protocol

log = logging.getLogger(__name__)

#: Seconds between beats, and how long one may take to come back before the layer counts
#: as lost. A beat is one publish and one message in: nothing beside a card's cost.
BEAT_SECONDS = 1.0
BEAT_TIMEOUT = 2.0


class Watcher(Protocol):
    channel_layer: Any

    async def layer_back(self) -> None: ...


#: The sockets watching, and the watching task, by the loop they run on (a server has one;
#: each test its own). The task ends when the loop's last socket goes, so a loop that is
#: closed has nothing of ours left to cancel.
_watchers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, weakref.WeakSet[Any]] = (
    weakref.WeakKeyDictionary())
_tasks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Task[None]] = (
    weakref.WeakKeyDictionary())
#: How long the task's own clean-up may take once it is stopped: a Redis that does not
#: answer must not hold a worker's (or a test's) loop as it closes.
CLEANUP_SECONDS = 1.0


def _over_redis(layer: Any) -> bool:
    # A layer over Redis was made from channels_redis's module, which is loaded then: with
    # the in-process layer it is not, and importing it here (a quarter of a second, redis-py
    # with it) would hold the first card of a server started again.
    pubsub = sys.modules.get("channels_redis.pubsub")
    return pubsub is not None and isinstance(layer, pubsub.RedisPubSubChannelLayer)


def watch(watcher: Watcher) -> None:
    """Called by a socket once connected, on the loop: ``layer_back()`` is awaited after
    the layer was lost and came back."""
    from django.conf import settings

    layer = watcher.channel_layer
    if not _over_redis(layer) or not getattr(settings, "LAYER_WATCH", True):
        return
    loop = asyncio.get_running_loop()
    _watchers.setdefault(loop, weakref.WeakSet()).add(watcher)
    task = _tasks.get(loop)
    if task is None or task.done():
        _tasks[loop] = loop.create_task(_beat(layer))


def forget(watcher: Watcher) -> None:
    """Called by a socket as it goes; the loop's last one stops the watching."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    watchers = _watchers.get(loop)
    if watchers is None:
        return
    watchers.discard(watcher)
    if not watchers:
        task = _tasks.pop(loop, None)
        if task is not None:
            task.cancel()


class RedisAwayInOneLine(logging.Filter):
    """channels_redis's own loops log every failed read while Redis is away, a traceback a
    second per worker ("Unexpected exception in receive task"): a restart of a few seconds
    filled a worker's log with pages that hide what matters, and the watch above already
    says "Redis went away" and "Redis is back". Such a record becomes one line, without its
    traceback, at most once every ``every`` seconds; any other record passes as it is."""

    def __init__(self, every: float = 30.0, clock: Any = None) -> None:
        super().__init__()
        self.every = every
        self.clock = clock or time.monotonic
        self.said_at: float | None = None

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if not _redis_away(error):
            return True
        now = self.clock()
        if self.said_at is not None and now - self.said_at < self.every:
            return False
        self.said_at = now
        record.msg = "the channel layer cannot reach Redis (%s: %s); it keeps trying"
        record.args = (type(error).__name__, error)
        record.exc_info = record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def _redis_away(error: BaseException | None) -> bool:
    """Whether ``error`` says Redis cannot be reached (refused, reset, timed out)."""
    if error is None:
        return False
    if isinstance(error, OSError):  # ConnectionError and TimeoutError are OSErrors
        return True
    try:
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError
    except ImportError:  # pragma: no cover - a dependency of the scaled mode
        return False
    return isinstance(error, (RedisConnectionError, RedisTimeoutError))


#: The loggers of channels_redis's loops (a logger's filters do not reach its children).
REDIS_LOGGERS = ("channels_redis.pubsub", "channels_redis.core")


def quiet_redis_away() -> None:
    """Install :class:`RedisAwayInOneLine` on channels_redis's loggers (the server's start,
    teaching/asgi.py); calling it again adds nothing."""
    for name in REDIS_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedisAwayInOneLine) for f in logger.filters):
            logger.addFilter(RedisAwayInOneLine())


async def _beat(layer: Any) -> None:
    channel = await layer.new_channel("layer-watch.")
    beats: asyncio.Queue[int] = asyncio.Queue()

    async def listen() -> None:
        while True:
            message = await layer.receive(channel)
            await beats.put(int(message.get("n", 0)))

    loop = asyncio.get_running_loop()
    listener = loop.create_task(listen())
    server = _server(layer)
    known, missed, number = None, False, 0
    try:
        while True:
            number += 1
            # Which Redis answers: a restart is a new run_id even when no beat fell into
            # the moment the worker's subscriber was away (redis-py subscribes it again by
            # itself within a second), and news sent then was lost all the same.
            now = await _run_id(server)
            if now is None or (known is not None and now != known):
                if not missed:
                    log.warning("Redis went away or restarted: news waits for it")
                missed = True
            known = now or known
            back = await _round_trip(layer, channel, beats, number)
            if missed and back and now is not None:
                missed = False
                watchers = list(_watchers.get(loop, ()))
                log.warning("Redis is back: sending %d sockets their table", len(watchers))
                for watcher in watchers:
                    loop.create_task(_tell(watcher))
            await asyncio.sleep(BEAT_SECONDS)
    finally:
        listener.cancel()
        await _bounded(server.aclose())


def _server(layer: Any) -> Any:
    """A client of the layer's Redis of our own (one connection), to ask who it is."""
    from django.conf import settings
    from redis import asyncio as aioredis

    host = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"][0]
    address = host["address"] if isinstance(host, dict) else host
    return aioredis.Redis.from_url(address, socket_timeout=BEAT_TIMEOUT,
                                   socket_connect_timeout=BEAT_TIMEOUT)


async def _run_id(server: Any) -> str | None:
    """The answering Redis's run id (new at each start); ``None`` when it does not answer."""
    try:
        info = await server.info("server")
    except Exception:
        return None
    return str(info.get("run_id")) or None


async def _round_trip(layer: Any, channel: str, beats: asyncio.Queue[int], number: int) -> bool:
    """Whether beat ``number`` went out and came back in time."""
    try:
        await layer.send(channel, {"type": "layer.beat", "n": number})
        async with asyncio.timeout(BEAT_TIMEOUT):
            while await beats.get() != number:
                pass  # an older beat, late
        return True
    except Exception:  # Redis refused, or the beat never came back: lost
        return False


async def _bounded(closing: Any) -> None:
    """Await a clean-up for at most CLEANUP_SECONDS, whatever it raises: the task is
    ending either way."""
    try:
        async with asyncio.timeout(CLEANUP_SECONDS):
            await closing
    except (Exception, asyncio.CancelledError):
        pass


async def _tell(watcher: Watcher) -> None:
    try:
        await watcher.layer_back()
    except Exception:
        log.exception("a socket could not be sent its table again")
