"""The embedded deployment's channel layer: Channels' in-memory layer, doing less per message.

Every card reaches four sockets through ``group_send`` and four ``receive``
calls, so what Channels 4.3's ``InMemoryChannelLayer`` does per message is
paid a thousand times a second at 250 tables. Three things it does are not
needed, and this subclass skips them, with the same delivery:

* It walks every channel and group looking for expired messages on every
  ``receive`` and ``group_send``, so its cost grows with the number of open
  sockets. Measured on the project machine (issue 3), sweeping at most once a
  second tripled throughput at 1,000 sockets. Expiry is a safety net for
  messages nobody reads (60 s by default), so a sweep up to a second late
  changes nothing a player can notice.
* ``group_send`` starts a task per member and waits for them all, although
  putting a message on an in-memory queue never waits: here it is put on each
  member's queue directly.
* Each member gets its own copy of the message, as it would through Redis; the
  stock layer makes it with ``copy.deepcopy``, which is generic and slow. Our
  messages are plain data (dicts and lists of text, numbers, booleans, None),
  so they are copied by a direct walk, and anything else still by ``deepcopy``.
  A queue is also only made for a channel that has none (the stock layer
  builds one for every call and throws it away).
* A consumer reading from daphne's own queue (teaching.runtime.dispatch) has its
  messages put there (:meth:`deliver_into`) instead of in a queue of the layer's that a
  second task would wait on: one wake-up a message instead of three.

Benchmark: bench/load.py (docs/benchmarks.md, "bench/load.py"). The Redis layer, for
several processes, is channels_redis's own publish and subscribe layer; only its last step
is done here, for the same one inbox a socket (:func:`pubsub_deliver_into`).
"""

from __future__ import annotations

import asyncio
import copy
import logging
import sys
import time
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

log = logging.getLogger(__name__)

_ATOMS = (str, int, float, bool, bytes, type(None))


def copy_message(value: Any) -> Any:
    """A copy of a message as independent as ``copy.deepcopy``'s, made faster for plain data."""
    kind = type(value)
    if kind in _ATOMS:
        return value  # immutable: sharing it is copying it
    if kind is dict:
        return {key: copy_message(item) for key, item in value.items()}
    if kind is list:
        return [copy_message(item) for item in value]
    return copy.deepcopy(value)


class ThrottledInMemoryChannelLayer(InMemoryChannelLayer):
    """``InMemoryChannelLayer`` whose expiry sweep runs at most every ``sweep_interval`` s,
    and whose ``send``, ``group_send`` and ``receive`` skip work that changes nothing."""

    def __init__(self, sweep_interval: float = 1.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.sweep_interval = sweep_interval
        self._last_sweep = float("-inf")
        self.clock = time.monotonic
        #: A socket's own inbox, by channel, for consumers that read one queue only.
        self._inboxes: dict[str, asyncio.Queue[Any]] = {}

    def deliver_into(self, channel: str, inbox: asyncio.Queue[Any]) -> None:
        """From now on put ``channel``'s messages straight into ``inbox`` (the consumer's one
        queue), those already waiting first. Its capacity stays the channel's: a consumer
        that far behind loses the message, as it would with the layer's own queue."""
        waiting = self.channels.pop(channel, None)
        while waiting is not None and not waiting.empty():
            inbox.put_nowait(waiting.get_nowait()[1])
        self._inboxes[channel] = inbox

    def stop_delivering(self, channel: str) -> None:
        """The consumer of ``channel`` has stopped: nothing more goes into its inbox."""
        self._inboxes.pop(channel, None)

    def _clean_expired(self) -> None:
        now = self.clock()
        if now - self._last_sweep < self.sweep_interval:
            return
        self._last_sweep = now
        super()._clean_expired()

    def _queue(self, channel: str) -> asyncio.Queue[Any]:
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        return queue

    def _put(self, channel: str, message: dict[str, Any]) -> None:
        inbox = self._inboxes.get(channel)
        if inbox is not None:
            if inbox.qsize() >= self.get_capacity(channel):
                raise ChannelFull(channel)
            inbox.put_nowait(copy_message(message))
            return
        try:
            self._queue(channel).put_nowait((time.time() + self.expiry, copy_message(message)))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        self._put(channel, message)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        # Members were checked when they joined (group_add); a full queue loses only
        # its own copy, as with the stock layer.
        for channel in list(self.groups.get(group, ())):
            try:
                self._put(channel, message)
            except ChannelFull:
                pass

    async def receive(self, channel: str) -> Any:
        self.require_valid_channel_name(channel)
        self._clean_expired()
        queue = self._queue(channel)
        try:
            _, message = await queue.get()
        finally:
            if queue.empty():  # as the stock layer: no queue left behind for a closed socket
                self.channels.pop(channel, None)
        return message


# -- Redis: the same one inbox a socket, over channels_redis's publish and subscribe layer ----

class _IntoInbox:
    """Stands in for the queue channels_redis's pub/sub layer keeps for one channel: each
    message its reader would have left there (serialized) goes, deserialized, into the
    socket's own inbox instead (the queue daphne puts the browser's messages in).

    A group's message reaches every socket of the group in this worker as the same bytes,
    one socket after another (the layer's reader hands them on in one loop): a card's
    frames, all four seats' in one message, were unpacked once for each socket of its
    table. They are unpacked once, and each further socket gets a copy of the result made
    there and then, before any consumer runs (:func:`copy_message`: as independent as an
    unpacking, the texts shared)."""

    __slots__ = ("inbox", "deserialize")

    def __init__(self, inbox: asyncio.Queue[Any], deserialize: Any) -> None:
        self.inbox = inbox
        self.deserialize = deserialize

    def put_nowait(self, data: bytes) -> None:
        global _last_unpacked
        last = _last_unpacked  # one read: a tuple, swapped whole
        if last is not None and last[0] is data:
            self.inbox.put_nowait(copy_message(last[1]))
            return
        message = self.deserialize(data)
        _last_unpacked = (data, copy_message(message))
        self.inbox.put_nowait(message)


#: The bytes of the group message last unpacked here and a pristine copy of what they gave:
#: the next sockets of the group take their copies from it.
_last_unpacked: tuple[bytes, Any] | None = None


def _pubsub_channels(layer: Any) -> dict[str, Any] | None:
    """The channel-to-queue table of ``layer``'s part for the running loop, when ``layer``
    is channels_redis's pub/sub layer as this code knows it (4.x: ``_get_layer()``, a
    ``channels`` dict its reader task puts each message's bytes in); else ``None``."""
    if not is_pubsub(layer):
        return None
    loop_layer = layer._get_layer()
    channels = getattr(loop_layer, "channels", None)
    if not isinstance(channels, dict) or not hasattr(loop_layer, "_get_shard"):
        return None
    return channels


def is_pubsub(layer: Any) -> bool:
    """Whether ``layer`` is channels_redis's publish and subscribe layer (whose module is
    loaded if it is: importing it to ask would load redis-py into a server without Redis)."""
    pubsub = sys.modules.get("channels_redis.pubsub")
    return pubsub is not None and isinstance(layer, pubsub.RedisPubSubChannelLayer)


def pubsub_deliver_into(layer: Any, channel: str, inbox: asyncio.Queue[Any]) -> bool:
    """Have the Redis pub/sub ``layer`` put ``channel``'s messages into ``inbox`` from now
    on, any already waiting first; whether it could (``False``: not that layer, or not the
    version of it this knows, and the consumer keeps Channels' own loop)."""
    channels = _pubsub_channels(layer)
    waiting = channels.get(channel) if channels is not None else None
    if type(waiting) is not asyncio.Queue:
        return False
    assert channels is not None
    into = _IntoInbox(inbox, layer.deserialize)
    while not waiting.empty():
        into.put_nowait(waiting.get_nowait())
    channels[channel] = into
    return True


async def pubsub_stop_delivering(layer: Any, channel: str) -> None:
    """The consumer of ``channel`` has stopped: forget the channel and stop listening for
    it on Redis, as the layer's own ``receive`` does when its consumer is cancelled."""
    channels = _pubsub_channels(layer)
    if channels is None or channels.pop(channel, None) is None:
        return
    try:
        await layer._get_layer()._get_shard(channel).unsubscribe(channel)
    except Exception as error:  # Redis away: the subscription went with the connection
        log.info("could not unsubscribe %s: %s", channel, error)
