"""The in-memory channel layer sweeps expired messages at most once a second."""

from __future__ import annotations

import pytest

from teaching.runtime.channel_layers import ThrottledInMemoryChannelLayer


@pytest.mark.asyncio
async def test_it_delivers_group_messages_like_the_stock_layer() -> None:
    layer = ThrottledInMemoryChannelLayer()
    channel = await layer.new_channel()
    await layer.group_add("table-1", channel)

    await layer.group_send("table-1", {"type": "table.changed", "version": 3})

    assert await layer.receive(channel) == {"type": "table.changed", "version": 3}


@pytest.mark.asyncio
async def test_it_sweeps_at_most_once_per_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    layer = ThrottledInMemoryChannelLayer(sweep_interval=1.0)
    sweeps: list[int] = []
    monkeypatch.setattr(
        "channels.layers.InMemoryChannelLayer._clean_expired", lambda self: sweeps.append(1)
    )
    clock = iter([100.0, 100.2, 100.9, 101.1, 101.5])
    layer.clock = lambda: next(clock)

    for _ in range(5):
        await layer.group_send("table-1", {"type": "table.changed", "version": 1})

    assert len(sweeps) == 2  # at 100.0 and at 101.1


@pytest.mark.asyncio
async def test_an_expired_message_is_still_dropped_by_a_later_sweep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layer = ThrottledInMemoryChannelLayer(expiry=0, sweep_interval=0.0)
    channel = await layer.new_channel()
    await layer.group_add("table-1", channel)
    await layer.group_send("table-1", {"type": "table.changed", "version": 1})

    layer._clean_expired()

    assert channel not in layer.channels
    assert channel not in layer.groups.get("table-1", {})


@pytest.mark.asyncio
async def test_every_member_gets_its_own_copy_of_a_group_message() -> None:
    layer = ThrottledInMemoryChannelLayer()
    first, second = await layer.new_channel(), await layer.new_channel()
    for channel in (first, second):
        await layer.group_add("table-1", channel)
    sent = {"type": "table.frames", "frames": {"7": "<div>North</div>"}, "robot": None,
            "seats": ["N", "S"], "pair": (1, 2)}

    await layer.group_send("table-1", sent)
    got_first, got_second = await layer.receive(first), await layer.receive(second)

    assert got_first == got_second == sent
    got_first["frames"]["7"] = "changed"
    got_first["seats"].append("E")
    assert got_second == sent and sent["frames"] == {"7": "<div>North</div>"}
    assert got_first["frames"] is not sent["frames"]


@pytest.mark.asyncio
async def test_a_full_member_does_not_stop_the_others_getting_a_group_message() -> None:
    layer = ThrottledInMemoryChannelLayer(capacity=1)
    full, free = await layer.new_channel(), await layer.new_channel()
    for channel in (full, free):
        await layer.group_add("table-1", channel)
    await layer.send(full, {"type": "table.changed", "version": 1})

    await layer.group_send("table-1", {"type": "table.changed", "version": 2})

    assert await layer.receive(free) == {"type": "table.changed", "version": 2}
    assert await layer.receive(full) == {"type": "table.changed", "version": 1}


@pytest.mark.asyncio
async def test_a_direct_send_to_a_full_channel_raises_and_a_bad_name_is_refused() -> None:
    from channels.exceptions import ChannelFull

    layer = ThrottledInMemoryChannelLayer(capacity=1)
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "a"})

    with pytest.raises(ChannelFull):
        await layer.send(channel, {"type": "b"})
    with pytest.raises(TypeError):
        await layer.send("not a valid name!", {"type": "a"})


@pytest.mark.asyncio
async def test_a_read_channel_leaves_no_queue_behind() -> None:
    layer = ThrottledInMemoryChannelLayer()
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "a"})

    await layer.receive(channel)

    assert channel not in layer.channels
