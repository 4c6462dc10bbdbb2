"""How the sockets' consumers take their messages: one inbox, each message straight to its
handler.

Channels' consumer waits on two sources at once, the browser's messages and the channel
layer's, with ``asyncio.wait`` over two tasks (``channels.utils.await_many_dispatch``): for
every message it makes a new task, a waiter and two done-callbacks, and the in-memory layer
keeps a queue of its own per socket besides daphne's. A card is one message in and four out
(one to each seat's socket), so at 500 tables this machinery cost about as much as acting
on the card and rendering the four frames (a py-spy profile under bench/load.py,
docs/benchmarks.md). In the embedded deployment the layer lives in the same process, so
here its messages for a socket go into the very queue daphne puts the browser's messages
in, and the consumer awaits that one queue: one wake-up a message, in the order the
messages came. With Redis (several workers), channels_redis's reader task puts each
message for the socket into that queue too (teaching.runtime.channel_layers). With a layer
this does not know, or a server that does not hand the consumer a plain queue's ``get``,
the consumer keeps Channels' own loop.

Every path judges the page's messages against the socket's budget (teaching.runtime.pace):
where the inbox is a plain queue, as they are put into it, so that a flood is never
queued; otherwise as they are taken out. A dropped message becomes, now and then,
``socket.slow_down`` (the consumer's ``slow_down`` tells that page), and a socket that
keeps flooding ``socket.flooding`` (it is closed with pace.FLOODING); unless the settings
say ``SOCKET_BUDGET=off``.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer
from channels.sessions import InstanceSessionWrapper
from channels.utils import await_many_dispatch
from django.conf import settings

from teaching.runtime import pace
from teaching.runtime.channel_layers import (
    ThrottledInMemoryChannelLayer,
    is_pubsub,
    pubsub_deliver_into,
    pubsub_stop_delivering,
)


def past_the_session(send: Any) -> Any:
    """The server's own ``send`` behind Channels' session middleware, for a websocket.

    The middleware's ``send`` saves a changed session before an HTTP response starts; a
    websocket message is never one it saves on, yet for each it looks into the session
    (a lazy object: two proxied calls), four times a card. Anything else is left as it is."""
    wrapper = getattr(send, "__self__", None)
    if isinstance(wrapper, InstanceSessionWrapper) and "websocket.send" not in (
            wrapper.save_message_types):
        return past_the_session(wrapper.real_send)
    return send


def plain_queue_of(receive: Any) -> asyncio.Queue[Any] | None:
    """The queue behind ``receive`` when it is a plain ``asyncio.Queue``'s ``get`` (as daphne
    and Channels' test communicator pass it), else ``None``."""
    queue = getattr(receive, "__self__", None)
    if type(queue) is asyncio.Queue and getattr(receive, "__func__", None) is asyncio.Queue.get:
        return queue
    return None


class DirectDispatch:
    """Hand each message straight to its handler, from one inbox where there can be one.

    Channels' own ``dispatch`` first closes stale database connections, which
    is a trip to the database thread for every message: five per card at a
    table of four (a fifth of the event loop's time under load). Here every
    database call goes through :func:`teaching.runtime.database_calls.call`: on the
    database thread, that same cleaning is done before and after the call; on the
    loop, a connection an error left unusable is closed after it."""

    channel_layer_alias: str
    channel_layer: Any
    channel_name: str
    scope: dict[str, Any]
    base_send: Any
    #: This socket's budget of messages from its page.
    budget: pace.Budget
    #: Nothing more is to be sent: the page closed its socket, or the consumer decided so
    #: (each consumer says when).
    gone: bool = False

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.budget = pace.Budget()
        inbox = plain_queue_of(receive)
        if settings.SOCKET_BUDGET and inbox is None:
            receive = pace.paced_receive(receive, self.budget)
        elif settings.SOCKET_BUDGET:
            pace.pace_inbox(inbox, self.budget)
        layer = get_channel_layer(self.channel_layer_alias)
        in_memory = isinstance(layer, ThrottledInMemoryChannelLayer)
        if inbox is None or not (in_memory or is_pubsub(layer)):
            await super().__call__(scope, receive, send)  # type: ignore[misc]
            return
        # As AsyncConsumer.__call__ sets up, then one queue instead of two.
        self.scope = scope
        self.channel_layer = layer
        self.channel_name = await layer.new_channel()
        self.base_send = past_the_session(send) if scope.get("type") == "websocket" else send
        if in_memory:
            layer.deliver_into(self.channel_name, inbox)
        elif not pubsub_deliver_into(layer, self.channel_name, inbox):
            # A channels_redis this does not know: its own loop, on the channel just made.
            await self._channels_loop(receive)
            return
        try:
            while True:
                await self.dispatch(await inbox.get())
        except StopConsumer:
            pass
        finally:
            if in_memory:
                layer.stop_delivering(self.channel_name)
            else:
                await pubsub_stop_delivering(layer, self.channel_name)

    async def _channels_loop(self, receive: Any) -> None:
        """Channels' own loop over the browser's messages and the layer's (as
        ``AsyncConsumer.__call__`` runs it once set up)."""
        try:
            await await_many_dispatch(
                [receive, functools.partial(self.channel_layer.receive, self.channel_name)],
                self.dispatch)
        except StopConsumer:
            pass

    async def dispatch(self, message: dict[str, Any]) -> None:
        if message["type"] == "websocket.receive":
            self.budget.taken()
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        try:
            await handler(message)
        except Disconnected:
            # The page closed its socket while this message was answered: daphne's own
            # check for a gone connection does not see a closing handshake begun (autobahn
            # refuses to send once it is), and the disconnect comes next in the inbox.
            self.gone = True

    async def socket_slow_down(self, event: dict[str, Any]) -> None:
        """Messages from the page were dropped, over its budget: tell that page only."""
        await self.slow_down(pace.SLOW_DOWN)

    async def socket_flooding(self, event: dict[str, Any]) -> None:
        """The page kept sending over its budget: say so, and close its socket."""
        await self.slow_down(pace.CLOSED)
        await self.close(code=pace.FLOODING)  # type: ignore[attr-defined]

    async def slow_down(self, message: str) -> None:
        """Show ``message`` where the page shows its messages (each consumer knows where)."""
        raise NotImplementedError
