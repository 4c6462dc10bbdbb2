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

Benchmark: bench/load.py (docs/benchmarks.md, "bench/load.py"); the Redis layer, for
several processes, is Channels' own.
"""

from __future__ import annotations

import asyncio
import copy
import time
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

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
