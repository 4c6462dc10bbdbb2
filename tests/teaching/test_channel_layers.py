"""The in-memory channel layer sweeps expired messages at most once a second."""

from __future__ import annotations

import pytest

from teaching.channel_layers import ThrottledInMemoryChannelLayer


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
