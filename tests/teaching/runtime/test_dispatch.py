"""A socket's consumer takes the browser's messages and the channel layer's from one inbox
(teaching.runtime.dispatch), in the order they came, in one process and over Redis, and keeps
Channels' own loop where it cannot."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from autobahn.exception import Disconnected
from channels.exceptions import ChannelFull
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from channels.sessions import InstanceSessionWrapper, SessionMiddlewareStack
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from teaching.env import channel_layers
from teaching.runtime import dispatch
from teaching.runtime.channel_layers import (
    ThrottledInMemoryChannelLayer,
    pubsub_deliver_into,
    pubsub_stop_delivering,
)
from teaching.runtime.dispatch import DirectDispatch, past_the_session, plain_queue_of

# Channels closes stale database connections as a socket closes.
pytestmark = pytest.mark.django_db


class Echo(DirectDispatch, AsyncWebsocketConsumer):
    """Joins group "news", repeats what the browser says and what the group hears."""

    async def connect(self) -> None:
        await self.channel_layer.group_add("news", self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard("news", self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send(text_data=f"browser: {text_data}")

    async def news_item(self, event: dict[str, Any]) -> None:
        await self.send(text_data=f"news: {event['text']}")


async def _connected() -> WebsocketCommunicator:
    socket = WebsocketCommunicator(Echo.as_asgi(), "/ws/echo/")
    connected, _ = await socket.connect()
    assert connected
    return socket


@pytest.mark.asyncio
async def test_the_browsers_and_the_groups_messages_arrive_in_the_order_sent() -> None:
    layer = get_channel_layer()
    assert isinstance(layer, ThrottledInMemoryChannelLayer)
    socket = await _connected()

    await layer.group_send("news", {"type": "news.item", "text": "one"})
    await socket.send_to(text_data="two")
    await layer.group_send("news", {"type": "news.item", "text": "three"})

    heard = [await socket.receive_from() for _ in range(3)]
    assert heard == ["news: one", "browser: two", "news: three"]
    # Through the consumer's own inbox, not a queue of the layer's.
    assert len(layer._inboxes) == 1 and not layer.channels
    await socket.disconnect()


@pytest.mark.asyncio
async def test_a_closed_socket_is_no_longer_delivered_to() -> None:
    layer = get_channel_layer()
    socket = await _connected()

    await socket.disconnect()
    await asyncio.sleep(0)

    assert layer._inboxes == {}
    await layer.group_send("news", {"type": "news.item", "text": "late"})  # nobody: no error
    assert not layer.channels


class ClosingPage(Echo):
    """Echo, on a socket whose page began closing it: daphne's server refuses each send as
    autobahn does then, with ``Disconnected``."""

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None,
                   close: bool = False) -> None:
        raise Disconnected("Attempt to send on a closed protocol")


@pytest.mark.asyncio
async def test_news_for_a_page_closing_its_socket_is_dropped_without_a_traceback() -> None:
    """The race the two-worker test met: the table's news reaches a socket whose page has just
    sent its close. The consumer stops sending and waits for the disconnect, which ends it
    as any other does."""
    layer = get_channel_layer()
    socket = WebsocketCommunicator(ClosingPage.as_asgi(), "/ws/echo/")
    assert (await socket.connect())[0]

    await layer.group_send("news", {"type": "news.item", "text": "too late"})
    await socket.send_to(text_data="also too late")

    assert await socket.receive_nothing()  # the consumer raised nothing, and is still there
    await socket.disconnect()  # would raise what the consumer raised
    assert layer._inboxes == {}


@pytest.mark.asyncio
async def test_with_channels_own_in_memory_layer_the_consumer_keeps_channels_loop() -> None:
    with override_settings(CHANNEL_LAYERS={
            "default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}):
        layer = get_channel_layer()
        assert not isinstance(layer, ThrottledInMemoryChannelLayer)
        socket = await _connected()

        await layer.group_send("news", {"type": "news.item", "text": "still heard"})
        await socket.send_to(text_data="and this")

        assert await socket.receive_from() == "news: still heard"
        assert await socket.receive_from() == "browser: and this"
        await socket.disconnect()


def test_only_a_plain_queues_get_is_taken_for_an_inbox() -> None:
    queue: asyncio.Queue[Any] = asyncio.Queue()

    assert plain_queue_of(queue.get) is queue
    assert plain_queue_of(lambda: queue.get()) is None
    assert plain_queue_of(queue.put) is None


@pytest.mark.asyncio
async def test_messages_waiting_for_a_channel_move_into_its_inbox_first() -> None:
    layer = ThrottledInMemoryChannelLayer()
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "news.item", "text": "early"})
    inbox: asyncio.Queue[Any] = asyncio.Queue()

    layer.deliver_into(channel, inbox)
    await layer.send(channel, {"type": "news.item", "text": "later"})

    assert [inbox.get_nowait()["text"] for _ in range(2)] == ["early", "later"]
    assert channel not in layer.channels


@pytest.mark.asyncio
async def test_an_inbox_that_far_behind_loses_the_message_not_the_sender() -> None:
    layer = ThrottledInMemoryChannelLayer(capacity=2)
    channel = await layer.new_channel()
    await layer.group_add("news", channel)
    inbox: asyncio.Queue[Any] = asyncio.Queue()
    layer.deliver_into(channel, inbox)

    for text in ("one", "two", "three"):
        await layer.group_send("news", {"type": "news.item", "text": text})

    assert inbox.qsize() == 2  # the third was dropped, as the layer's own full queue does
    with pytest.raises(ChannelFull):
        await layer.send(channel, {"type": "news.item", "text": "four"})


@pytest.mark.asyncio
async def test_each_inbox_gets_its_own_copy() -> None:
    layer = ThrottledInMemoryChannelLayer()
    inboxes = []
    for _ in range(2):
        channel = await layer.new_channel()
        await layer.group_add("news", channel)
        inbox: asyncio.Queue[Any] = asyncio.Queue()
        layer.deliver_into(channel, inbox)
        inboxes.append(inbox)

    await layer.group_send("news", {"type": "news.item", "frames": {"7": "<div></div>"}})

    first, second = (inbox.get_nowait() for inbox in inboxes)
    assert first == second and first is not second and first["frames"] is not second["frames"]


def test_a_websockets_sends_go_past_the_session_middleware_which_never_saves_on_them() -> None:
    async def server_send(message: dict[str, Any]) -> None:
        pass

    wrapper = InstanceSessionWrapper({"cookies": {}}, server_send)

    assert past_the_session(wrapper.send) is server_send
    assert past_the_session(server_send) is server_send


@pytest.mark.asyncio
async def test_a_socket_behind_the_session_middleware_still_talks_and_has_its_session(
) -> None:
    class Session(Echo):
        async def receive(self, text_data: str | None = None,
                          bytes_data: bytes | None = None) -> None:
            await self.send(text_data=f"session empty: {self.scope['session'].is_empty()}")

    socket = WebsocketCommunicator(SessionMiddlewareStack(Session.as_asgi()), "/ws/echo/")
    connected, _ = await socket.connect()
    assert connected

    await socket.send_to(text_data="hello")

    assert await socket.receive_from() == "session empty: True"
    await socket.disconnect()


# -- several workers: the same one inbox over Redis's publish and subscribe -----------------

@pytest.fixture
def redis_layer() -> Any:
    """Channels' layer on the machine's Redis, as the scaled workers have it (a prefix of this
    test's own, so that nothing else on that Redis hears its groups)."""
    from tests.teaching.scaled_helpers import REDIS, redis_answers

    redis_answers()
    with override_settings(CHANNEL_LAYERS=channel_layers(
            REDIS, prefix=f"test-dispatch-{uuid.uuid4().hex[:8]}")):
        yield get_channel_layer()


async def _heard(socket: WebsocketCommunicator, count: int) -> list[str]:
    return [await socket.receive_from(timeout=5) for _ in range(count)]


@pytest.mark.asyncio
async def test_over_redis_the_groups_messages_come_through_the_sockets_own_inbox(
        redis_layer: Any) -> None:
    socket = await _connected()
    channels = redis_layer._get_layer().channels
    (channel,) = channels
    assert type(channels[channel]).__name__ == "_IntoInbox"  # not a queue of the layer's

    await redis_layer.group_send("news", {"type": "news.item", "text": "one"})
    assert await _heard(socket, 1) == ["news: one"]
    await socket.send_to(text_data="two")
    await redis_layer.group_send("news", {"type": "news.item", "text": "three"})

    assert await _heard(socket, 2) == ["browser: two", "news: three"]
    await socket.disconnect()


@pytest.mark.asyncio
async def test_over_redis_a_closed_socket_is_forgotten_and_no_longer_listened_for(
        redis_layer: Any) -> None:
    socket = await _connected()
    loop_layer = redis_layer._get_layer()
    (channel,) = loop_layer.channels
    shard = loop_layer._get_shard(channel)
    assert channel in shard._subscribed_to

    await socket.disconnect()
    await asyncio.sleep(0.1)

    assert channel not in loop_layer.channels
    assert channel not in shard._subscribed_to
    await redis_layer.group_send("news", {"type": "news.item", "text": "late"})  # no error


@pytest.mark.asyncio
async def test_a_channels_redis_this_does_not_know_keeps_channels_own_loop(
        redis_layer: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # As if a later channels_redis kept something else than a queue per channel.
    monkeypatch.setattr(dispatch, "pubsub_deliver_into", lambda *args: False)
    socket = await _connected()

    await redis_layer.group_send("news", {"type": "news.item", "text": "still heard"})
    assert await _heard(socket, 1) == ["news: still heard"]
    await socket.send_to(text_data="and this")
    assert await _heard(socket, 1) == ["browser: and this"]
    await socket.disconnect()


@pytest.mark.asyncio
async def test_messages_waiting_for_a_redis_channel_move_into_its_inbox_first(
        redis_layer: Any) -> None:
    channel = await redis_layer.new_channel()
    loop_layer = redis_layer._get_layer()
    loop_layer.channels[channel].put_nowait(redis_layer.serialize(
        {"type": "news.item", "text": "early"}))
    inbox: asyncio.Queue[Any] = asyncio.Queue()

    assert pubsub_deliver_into(redis_layer, channel, inbox)
    await redis_layer.send(channel, {"type": "news.item", "text": "later"})

    assert (await asyncio.wait_for(inbox.get(), 5))["text"] == "early"
    assert (await asyncio.wait_for(inbox.get(), 5))["text"] == "later"
    await pubsub_stop_delivering(redis_layer, channel)
    assert channel not in loop_layer.channels


@pytest.mark.asyncio
async def test_over_redis_a_groups_message_is_unpacked_once_for_its_sockets_each_its_own(
        redis_layer: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A card's frames reach the four sockets of its table in one message: unpacked once in
    a worker, each socket still gets a message of its own (a change one consumer made to it
    is not seen by another), equal to what was sent."""
    inboxes: list[asyncio.Queue[Any]] = [asyncio.Queue() for _ in range(4)]
    channels = [await redis_layer.new_channel() for _ in inboxes]
    for channel, inbox in zip(channels, inboxes, strict=True):
        await redis_layer.group_add("table", channel)
        assert pubsub_deliver_into(redis_layer, channel, inbox)
    unpacked: list[bytes] = []
    deserialize = redis_layer.deserialize
    for into in (redis_layer._get_layer().channels[channel] for channel in channels):
        monkeypatch.setattr(into, "deserialize",
                            lambda data: unpacked.append(data) or deserialize(data))
    sent = {"type": "table.frames", "frames": {"7": "<div>North</div>", "8": "<div>East</div>"},
            "robot": None, "version": 3}

    await redis_layer.group_send("table", sent)
    heard = [await asyncio.wait_for(inbox.get(), 5) for inbox in inboxes]

    assert len(unpacked) == 1
    assert all(message == sent for message in heard)
    heard[0]["frames"]["7"] = "changed by the first consumer"
    heard[0]["version"] = 99
    assert all(message == sent for message in heard[1:])
    for channel in channels:
        await pubsub_stop_delivering(redis_layer, channel)
