"""A worker that is behind says "The table is busy, retrying…" instead of queueing moves
(teaching/runtime/load_shedding.py; docs/decisions/0511-a-busy-table-says-so.md)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from teaching.runtime import load_shedding


async def _ticks(seconds: float) -> None:
    """Let the loop run (and its ticker tick) for ``seconds``."""
    await asyncio.sleep(seconds)


@pytest_asyncio.fixture
async def watched(settings: Any) -> AsyncIterator[None]:
    """This test's loop measured, as a worker's is once its first socket opens."""
    settings.SHED_LAG_SECONDS = 0.5
    load_shedding.watch()
    yield
    load_shedding.stop()


@pytest.mark.asyncio
async def test_a_worker_that_keeps_up_is_not_busy(watched: None) -> None:
    await _ticks(0.5)
    assert not load_shedding.busy()
    assert load_shedding.behind() < 0.5


@pytest.mark.asyncio
async def test_a_loop_held_up_is_busy_at_once_and_not_for_long_after(watched: None) -> None:
    await _ticks(0.1)
    time.sleep(0.8)  # a backlog: the loop runs nothing else for 0.8 s
    await _ticks(0)  # the ticker wakes, late
    await _ticks(0.01)
    assert load_shedding.busy(), load_shedding.behind()

    deadline = time.monotonic() + 5
    while load_shedding.busy() and time.monotonic() < deadline:
        await _ticks(0.05)
    assert not load_shedding.busy(), "the worker caught up: moves are taken again"


@pytest.mark.asyncio
async def test_database_thread_waits_count_and_fade(settings: Any) -> None:
    settings.SHED_LAG_SECONDS = 0.5
    loop = asyncio.get_running_loop()

    load_shedding.note_thread_wait(loop, 1.2)  # a call queued 1.2 s for the database thread
    assert load_shedding.busy()
    load_shedding.note_thread_wait(loop, 0.01)  # the next did not wait: the queue is shorter
    assert load_shedding.busy(), "a single quick call does not wipe out a queue"

    await asyncio.sleep(0.6)
    assert not load_shedding.busy()


@pytest.mark.asyncio
async def test_zero_never_sheds(settings: Any) -> None:
    settings.SHED_LAG_SECONDS = 0
    load_shedding.note_thread_wait(asyncio.get_running_loop(), 30.0)

    assert not load_shedding.busy()


def test_outside_a_loop_nothing_is_behind() -> None:
    assert load_shedding.behind() == 0.0 and not load_shedding.busy()


def test_moves_answered_busy_are_logged_now_and_then_not_each(
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(load_shedding, "_logged_at", float("-inf"))
    with caplog.at_level("WARNING", logger="teaching.runtime.load_shedding"):
        for _ in range(50):
            load_shedding.note_shed()

    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and "busy" in lines[0]


@pytest.mark.asyncio
async def test_a_flooding_page_is_shed_from_a_quarter_of_the_lag_everyone_else_is(
        settings: Any) -> None:
    """Half a second behind, with a second's threshold: nobody's move is answered busy,
    but a page that went over its budget lately has its moves shed
    (docs/decisions/0700-a-page-sends-a-few-messages-a-second.md)."""
    settings.SHED_LAG_SECONDS = 1.0
    loop = asyncio.get_running_loop()

    load_shedding.note_thread_wait(loop, 0.5)

    assert load_shedding.sheds_flooders() and not load_shedding.busy()
    settings.SHED_LAG_SECONDS = 0
    assert not load_shedding.sheds_flooders(), "0 never sheds, not even a flood"
    await asyncio.sleep(0.6)
    settings.SHED_LAG_SECONDS = 1.0
    assert not load_shedding.sheds_flooders(), "caught up"
