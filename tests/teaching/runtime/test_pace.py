"""A page's budget of messages on its socket (teaching/runtime/pace.py; issue 27;
docs/decisions/0700-a-page-sends-a-few-messages-a-second.md). Every time here is the
test's own: nothing sleeps."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from teaching.runtime import pace
from teaching.runtime.pace import Budget, Verdict

T0 = 1000.0
RECEIVE = {"type": "websocket.receive", "text": '{"action": "play SA", "version": 3}'}


def _flood(budget: Budget, start: float, seconds: float, every: float) -> list[Verdict]:
    """A message every ``every`` seconds for ``seconds``, each handled at once."""
    verdicts = []
    steps = int(seconds / every)
    for step in range(steps):
        verdicts.append(budget.arrived(start + step * every))
        if verdicts[-1] is Verdict.TAKE:
            budget.taken()
    return verdicts


def test_a_quick_pupil_is_never_held_back() -> None:
    """A card every 0.3 s for a minute (faster than anyone plays a whole hand), every
    tenth clicked twice."""
    budget = Budget(T0)
    verdicts = []
    for move in range(200):
        at = T0 + move * 0.3
        for _ in range(2 if move % 10 == 0 else 1):
            verdicts.append(budget.arrived(at))
            budget.taken()

    assert set(verdicts) == {Verdict.TAKE}


def test_a_burst_as_large_as_the_budget_is_taken_and_the_next_is_not() -> None:
    budget = Budget(T0)

    verdicts = [budget.arrived(T0) for _ in range(pace.BURST + 3)]
    for _ in range(pace.BURST):
        budget.taken()

    assert verdicts == [Verdict.TAKE] * pace.BURST + [Verdict.NOTE, Verdict.DROP, Verdict.DROP]
    assert budget.suspect(T0 + pace.SUSPECT_SECONDS - 0.1)
    assert not budget.suspect(T0 + pace.SUSPECT_SECONDS)


def test_slow_down_is_said_once_every_few_seconds_however_many_are_dropped() -> None:
    budget = Budget(T0)

    verdicts = _flood(budget, T0, seconds=4.0, every=0.1)  # ten a second

    notes = [index for index, verdict in enumerate(verdicts) if verdict is Verdict.NOTE]
    assert len(notes) == 2, "at once, and once more NOTE_EVERY (2 s) later"
    assert verdicts.count(Verdict.DROP) > 10
    assert verdicts.count(Verdict.TAKE) <= pace.BURST + 4.0 * pace.RATE + 1


def test_a_page_a_little_over_its_budget_for_seconds_is_closed_once_and_then_only_dropped(
) -> None:
    budget = Budget(T0)

    verdicts = _flood(budget, T0, seconds=20, every=1 / 6)  # six a second, on and on

    closed_at = verdicts.index(Verdict.CLOSE)
    first_dropped = T0 + verdicts.index(Verdict.NOTE) / 6
    assert closed_at / 6 == pytest.approx(first_dropped - T0 + pace.FLOOD_SECONDS, abs=0.2)
    assert set(verdicts[closed_at + 1:]) == {Verdict.DROP}
    assert budget.arrived(T0 + 60) is Verdict.DROP, "a closed socket takes nothing more"


def test_a_page_sending_in_a_loop_is_closed_after_a_hundred_dropped() -> None:
    budget = Budget(T0)

    verdicts = [budget.arrived(T0 + n * 0.0001) for n in range(1000)]

    assert verdicts.index(Verdict.CLOSE) == pace.BURST + pace.FLOOD_DROPS - 1


def test_a_burst_then_a_pause_then_a_burst_is_not_a_flood() -> None:
    """The spell over the budget ends once the page was quiet long enough to fill it."""
    budget = Budget(T0)
    verdicts = []
    for second in range(0, 30, 3):  # twelve at once every three seconds
        verdicts += [budget.arrived(T0 + second) for _ in range(12)]
        for _ in range(pace.BURST):
            budget.taken()

    assert Verdict.CLOSE not in verdicts
    assert verdicts.count(Verdict.TAKE) == 10 * pace.BURST


def test_no_more_than_the_cap_wait_however_slowly_they_are_handled() -> None:
    """The budget refills with time, but a socket whose messages are not handled (the
    worker stalled) has at most MAX_PENDING waiting."""
    budget = Budget(T0)

    verdicts = [budget.arrived(T0 + n * 0.5) for n in range(40)]  # two a second, none taken

    assert verdicts.count(Verdict.TAKE) == pace.MAX_PENDING
    assert budget.pending == pace.MAX_PENDING
    budget.taken()
    assert budget.arrived(T0 + 20.5) is Verdict.TAKE


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [T0]
    monkeypatch.setattr(pace, "clock", lambda: now[0])
    return now


@pytest.mark.asyncio
async def test_an_inbox_queues_the_budget_and_the_layer_s_news_never_the_flood(
        clock: list[float]) -> None:
    inbox: asyncio.Queue[Any] = asyncio.Queue()
    pace.pace_inbox(inbox, Budget())

    for _ in range(50):
        inbox.put_nowait(dict(RECEIVE))
    inbox.put_nowait({"type": "table.frames", "frames": {}})
    await inbox.put(dict(RECEIVE))  # Channels' test communicator puts this way

    queued = [inbox.get_nowait()["type"] for _ in range(inbox.qsize())]
    assert queued == ["websocket.receive"] * pace.BURST + ["socket.slow_down", "table.frames"]
    for _ in range(1000):
        inbox.put_nowait(dict(RECEIVE))
    assert [inbox.get_nowait()["type"] for _ in range(inbox.qsize())] == ["socket.flooding"]


@pytest.mark.asyncio
async def test_a_server_whose_queue_is_not_seen_is_held_to_the_budget_on_receive(
        clock: list[float]) -> None:
    queue: asyncio.Queue[Any] = asyncio.Queue()
    for _ in range(pace.BURST + 5):
        queue.put_nowait(dict(RECEIVE))
    queue.put_nowait({"type": "websocket.disconnect", "code": 1000})
    budget = Budget()
    receive = pace.paced_receive(queue.get, budget)

    got = []
    for _ in range(pace.BURST + 2):
        got.append((await receive())["type"])
        if got[-1] == "websocket.receive":
            budget.taken()

    assert got == (["websocket.receive"] * pace.BURST
                   + ["socket.slow_down", "websocket.disconnect"])
