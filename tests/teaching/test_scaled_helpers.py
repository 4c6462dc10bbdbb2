"""The fault tests' time limit (tests/teaching/scaled_helpers.run_within) ends a play that
hangs, and ends by itself even when a task outlives its cancellation."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.teaching.scaled_helpers import run_within


def test_a_play_that_hangs_fails_with_where_it_waited() -> None:
    async def hangs() -> None:
        await asyncio.Event().wait()

    with pytest.raises(TimeoutError, match="(?s)did not end within 0 s.*in hangs"):
        run_within(hangs(), seconds=0.2)


def test_a_task_that_will_not_be_cancelled_is_left_after_ten_seconds() -> None:
    async def stubborn() -> None:
        while True:
            try:
                await asyncio.sleep(60)
            except asyncio.CancelledError:
                continue  # as a read that swallowed its cancellation (CPython gh-86296)

    async def play() -> int:
        asyncio.get_running_loop().create_task(stubborn())
        return 7

    began = time.monotonic()

    assert run_within(play(), seconds=5) == 7
    assert time.monotonic() - began < 15
