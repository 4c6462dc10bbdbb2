"""One page that floods its table's socket slows nobody else (issue 27; teaching.runtime.pace,
docs/decisions/0700-a-page-sends-a-few-messages-a-second.md).

Bob's page at Alice's table sends a stale move in a loop, hundreds at a time. Dave plays at
a table of Eve's class on the same worker. Dave's every move is taken at once, none
answered "busy"; Bob's page is told "Slow down", never more than a few of its messages
wait, and as it keeps on its socket is closed with 4429.

The budget's clock is the test's own: it moves on 0.3 s with each of Dave's moves (a quick
pupil's pace), not with the machine's speed.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from games.seats import Seat
from teaching.models import Classroom, Pupil, Table
from teaching.runtime import load_shedding, pace
from teaching.tables import robots_driver
from teaching.tables.services.acting import hand_act
from tests.teaching.table_helpers import seat_table
from tests.teaching.tables.test_consumers import (
    _action_for,
    _settle,
    _state,
    _until_turn,
    _user_at,
)
from tests.teaching.ws_helpers import (
    FRAME_TIMEOUT,
    communicator,
    move,
    read_frame,
    receive,
    receive_until,
    session_cookie,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

#: A flood as it reaches the server: a thousand messages read off the network at once.
FLOOD = 1000
BUSY = "The table is busy, retrying"


class Clock:
    """The budget's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(pace, "clock", fake)
    return fake


@pytest.fixture(autouse=True)
def sheds_as_a_school_does(settings: Any) -> None:
    """The site's own defaults: each socket keeps its budget, and a move is answered busy
    past a second behind."""
    settings.SOCKET_BUDGET = True
    settings.SHED_LAG_SECONDS = 1.0
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "teaching.runtime.channel_layers.ThrottledInMemoryChannelLayer"}}


@pytest_asyncio.fixture(autouse=True)
async def robots_stop() -> AsyncIterator[None]:
    yield
    await robots_driver.idle()
    load_shedding.stop()
    layer = get_channel_layer()
    if hasattr(layer, "close"):
        await layer.close()


@pytest.fixture
def cookies(bob: Pupil, dave: Pupil) -> dict[str, str]:
    return {"bob": session_cookie(bob.user), "dave": session_cookie(dave.user)}


@pytest.fixture
def bobs_table(bob: Pupil, carol: Pupil) -> Table:
    Classroom.objects.filter(pk=bob.classroom_id).update(robot_pause_ms=0)
    return seat_table(bob.classroom, {Seat.SOUTH: bob, Seat.NORTH: carol})


@pytest.fixture
def daves_table(dave: Pupil) -> Table:
    Classroom.objects.filter(pk=dave.classroom_id).update(robot_pause_ms=0)
    return seat_table(dave.classroom, {Seat.SOUTH: dave}, name="Owls 1")


def waiting_from_the_page(comm: WebsocketCommunicator) -> int:
    """The page's messages waiting in the socket's inbox (the communicator's queue is the
    one daphne's would be)."""
    return sum(1 for message in list(comm.input_queue._queue)  # type: ignore[attr-defined]
               if message.get("type") == "websocket.receive")


async def _flooder(table: Table, cookie: str) -> tuple[WebsocketCommunicator, str]:
    """Bob's socket, with the table, and a move of his that is stale: the one he has just
    made, for the version the table has left (a page sending its last move again and
    again). Each is refused with the whole table as it is now."""
    comm = communicator(table.id, cookie)
    assert (await comm.connect())[0]
    await receive(comm)
    version = await _until_turn(table, Seat.SOUTH, [comm])
    stale = move(await _action_for(table, Seat.SOUTH), version)
    await comm.send_to(text_data=stale)
    await receive_until(comm, version + 1)
    return comm, stale


async def _outputs_until_closed(comm: WebsocketCommunicator) -> tuple[list[str], int | None]:
    """Every text the socket was sent, and the close code (``None``: not closed, and
    nothing more sent for a moment)."""
    texts: list[str] = []
    while not await comm.receive_nothing(timeout=0.5):
        output = await comm.receive_output()
        if output["type"] == "websocket.close":
            return texts, output.get("code")
        texts.append(output.get("text") or "")
    return texts, None


def _shows(text: str) -> tuple[int, int]:
    frame = read_frame(text)
    return (frame.hand or 0, frame.version or 0)


async def _next_move(comm: WebsocketCommunicator | None,
                     table: Table) -> tuple[str, tuple[int, int]]:
    """South's next move (a card, a count, or "Next deal" after a hand; another pupil's
    turns are played through the services) and the (hand, version) the table reaches
    with it; South's socket ``comm``, if given, is brought up to date first."""
    while True:
        number, version, to_act = await _settle(table, [comm] if comm else [])
        if to_act == Seat.SOUTH:
            return move(await _action_for(table, Seat.SOUTH), version), (number, version + 1)
        if to_act is None:
            return json.dumps({"deal": f"next {number}"}), (number + 1, 0)
        user = await database_sync_to_async(_user_at)(table, to_act)
        await database_sync_to_async(hand_act)(
            user=user, table=table, text=await _action_for(table, to_act))


async def test_a_flooding_page_slows_no_other_table_and_is_closed_as_it_keeps_on(
    cookies: dict[str, str], bobs_table: Table, daves_table: Table, clock: Clock
) -> None:
    flooder, stale = await _flooder(bobs_table, cookies["bob"])
    victim = communicator(daves_table.id, cookies["dave"])
    assert (await victim.connect())[0]
    await receive(victim)
    most_waiting = 0
    flooding = True

    async def flood() -> None:
        nonlocal most_waiting
        while flooding:
            for _ in range(FLOOD):
                await flooder.send_to(text_data=stale)
            most_waiting = max(most_waiting, waiting_from_the_page(flooder))
            await asyncio.sleep(0.01)

    flood_task = asyncio.create_task(flood())
    answered_busy, waits = 0, []
    try:
        for _ in range(15):
            clock.now += 0.3  # a card every 0.3 s: Dave plays as fast as a pupil does
            message, reached = await _next_move(victim, daves_table)
            sent = time.monotonic()
            await victim.send_to(text_data=message)
            while True:
                text = (await receive(victim)).html
                if BUSY in text:
                    answered_busy += 1
                    await victim.send_to(text_data=message)  # as the page does, at once
                    continue
                if 'id="table-body"' in text and _shows(text) >= reached:
                    break
            waits.append(time.monotonic() - sent)
    finally:
        flooding = False
        await flood_task

    assert answered_busy == 0, "no move of Dave's is answered busy for Bob's flood"
    assert max(waits) < 1.0, f"each of Dave's moves is taken at once: waits {waits}"
    assert most_waiting <= pace.MAX_PENDING, "the flood is dropped, never queued"

    # Bob's page was closed as it kept on, with a word first.
    texts, code = await _outputs_until_closed(flooder)
    assert code == pace.FLOODING
    assert pace.CLOSED in texts[-1]
    assert sum(pace.SLOW_DOWN in text for text in texts) == 1, "told, but not flooded back"
    assert not any("data-retry" in text for text in texts), "the page is not asked to resend"
    await victim.disconnect()
    await flooder.disconnect()


async def test_a_pupils_double_click_and_quick_cards_are_never_slowed(
    cookies: dict[str, str], bobs_table: Table, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A quick pupil plays a card every 0.3 s, and now and then clicks twice; a page whose
    connection came back sends a few messages together. None of it is "too many"."""
    verdicts: list[pace.Verdict] = []
    judge = pace.Budget.arrived

    def judged(budget: pace.Budget, now: float) -> pace.Verdict:
        verdicts.append(judge(budget, now))
        return verdicts[-1]

    monkeypatch.setattr(pace.Budget, "arrived", judged)
    comm = communicator(bobs_table.id, cookies["bob"])
    assert (await comm.connect())[0]
    await receive(comm)
    sent = 0
    for number in range(12):
        clock.now += 0.3
        message, reached = await _next_move(comm, bobs_table)
        for _ in range(2 if number % 3 == 0 else 1):  # every third a double click
            await comm.send_to(text_data=message)
            sent += 1
        while _shows((await receive(comm)).html) < reached:
            pass
    await _settle(bobs_table, [comm])
    clock.now += 2.0  # the connection lost a moment: what the page held goes at once
    for _ in range(pace.BURST):  # as many at once as the budget holds
        await comm.send_to(text_data='{"version": 0}')
    answers = [await comm.receive_from(timeout=FRAME_TIMEOUT) for _ in range(pace.BURST)]

    assert verdicts == [pace.Verdict.TAKE] * (sent + pace.BURST)
    assert all("That message has no action." in text for text in answers)
    assert not any(pace.SLOW_DOWN in text for text in answers)
    await comm.disconnect()


async def test_a_busy_worker_sheds_the_flooding_page_before_anyone_else(
    cookies: dict[str, str], bobs_table: Table, daves_table: Table, clock: Clock,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Half a second behind: not yet "busy" for anyone, but Bob's page, which flooded a
    moment ago, has its moves dropped with "Slow down" (no retry); Dave's is taken."""
    flooder, stale = await _flooder(bobs_table, cookies["bob"])
    victim = communicator(daves_table.id, cookies["dave"])
    assert (await victim.connect())[0]
    await receive(victim)
    for _ in range(3 * pace.BURST):
        await flooder.send_to(text_data=stale)
    await _outputs_until_closed(flooder)  # the burst's answers, and one "Slow down"
    bobs_move, _ = await _next_move(None, bobs_table)  # one that would be taken now
    await _outputs_until_closed(flooder)  # the table's news meanwhile
    before = await _state(bobs_table)
    clock.now += pace.NOTE_EVERY + pace.BURST / pace.RATE  # budget full again, yet suspect
    monkeypatch.setattr(load_shedding, "behind", lambda: 0.5)

    await flooder.send_to(text_data=bobs_move)
    message, reached = await _next_move(victim, daves_table)
    await victim.send_to(text_data=message)

    shed = await flooder.receive_from(timeout=FRAME_TIMEOUT)
    assert pace.SLOW_DOWN in shed and "data-retry" not in shed
    assert await _state(bobs_table) == before, "Bob's move was not taken"
    taken = await victim.receive_from(timeout=FRAME_TIMEOUT)
    assert BUSY not in taken and _shows(taken) >= reached, "Dave's move was taken"
    await victim.disconnect()
    await flooder.disconnect()
