"""Two daphne workers on PostgreSQL and Redis play one table as one server would.

Pupils at one table reach different workers (as nginx spreads them); what one worker
commits, the other's sockets see at once, and its own cached hand is never behind. Two
tablets of one pupil on two workers sending the same card at the same instant: one
card is played. Robots whose table both workers hear of act once a turn.
(docs/decisions/0503-one-worker-does-the-slow-work.md)
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator

import psycopg
import pytest

from teaching.runtime.claims import ROBOT_TURN
from tests.daphne_server import Daphne
from tests.teaching.scaled_helpers import Stack, workers
from tests.teaching.test_server_restart import _move as sensible_move
from tests.teaching.ws_helpers import Frame, read_frame
from tests.ws_client import WsClient

#: Robots and sockets are involved: the CI machine may be loaded.
WAIT = 15


@pytest.fixture(scope="module")
def stack() -> Iterator[Stack]:
    """Two workers; a table of four pupils, and three of Bob alone with three robots."""
    with workers(2, "4,1,1,1") as running:
        yield running


#: The "Next deal" / "Deal again" button after a hand (Law 6: a deal of twenty points a
#: side is dealt again before anyone acts).
_DEAL = re.compile(r'name="deal" value="(next \d+)"')


async def _connect(worker: Daphne, table: int, cookie: str) -> WsClient:
    return await WsClient.connect("127.0.0.1", worker.port, f"/ws/table/{table}/",
                                  cookie=f"sessionid={cookie}")


def _at(frame: Frame) -> tuple[int, int]:
    """Where the table is in a frame: (hand number, version)."""
    return frame.hand or 0, frame.version or 0


async def _frame_after(socket: WsClient, shown: tuple[int, int]) -> Frame:
    """The first frame this socket receives that shows the table past ``shown``."""
    while True:
        frame = read_frame(await socket.receive(timeout=WAIT))
        if _at(frame) > shown:
            return frame


async def _until_quiet(socket: WsClient, first: Frame) -> list[Frame]:
    """``first`` and the frames the socket is sent after it until the table settles
    (robots at a pause of 0 act at once; a second and a half without a frame)."""
    frames = [first]
    while True:
        try:
            frames.append(read_frame(await socket.receive(timeout=1.5)))
        except TimeoutError:
            return frames


async def _settled(socket: WsClient, after: tuple[int, int] | None = None) -> Frame:
    """The newest frame once the table settles (past ``after``, when given); a deal that
    was dealt again is played on with its button."""
    while True:
        first = (read_frame(await socket.receive(timeout=WAIT)) if after is None
                 else await _frame_after(socket, after))
        frame = (await _until_quiet(socket, first))[-1]
        deal = _DEAL.search(frame.html)
        if "Your turn" in frame.html or not deal:
            return frame
        await socket.send(json.dumps({"deal": deal.group(1)}))
        after = _at(frame)


def test_a_card_played_through_one_worker_reaches_the_sockets_of_the_other(stack: Stack) -> None:
    """Bob (South) and Dora (North) reach worker 1, Carol (West) and Ed (East) worker 2;
    whoever is to act does, eight times: every move reaches all four, from either worker,
    and each worker takes the next move on the hand as the other left it."""
    one, two = stack.workers
    table, cookies = stack.tables[0]["table"], stack.tables[0]["cookies"]
    place = {"S": one, "N": one, "W": two, "E": two}

    async def play() -> list[tuple[str, int, int]]:
        sockets = {seat: await _connect(place[seat], table, cookie)
                   for seat, cookie in cookies.items()}
        try:
            frames = {seat: read_frame(await s.receive(timeout=WAIT))
                      for seat, s in sockets.items()}
            moved: list[tuple[str, int, int]] = []
            for _ in range(8):
                shown = _at(frames["S"])
                movers = [seat for seat, f in frames.items()
                          if "Your turn" in f.html and _at(f) == shown]
                deal = _DEAL.search(frames["S"].html)
                if movers:
                    mover = movers[0]
                    text = sensible_move(frames[mover].html, shown[1])
                    assert text, f"{mover} is to act but the frame offers nothing"
                    moved.append((mover, *shown))
                else:
                    assert deal, "nobody is to act and no deal is offered"
                    mover, text = "S", json.dumps({"deal": deal.group(1)})
                await sockets[mover].send(text)
                frames = {seat: await _frame_after(s, shown) for seat, s in sockets.items()}
                assert not any(f.error for f in frames.values()), frames[mover].error
                assert len({_at(f) for f in frames.values()}) == 1
            return moved
        finally:
            for socket in sockets.values():
                await socket.close()

    moved = asyncio.run(play())
    played = stack.log(table)

    # Both workers' pupils acted, and each move of the hand is in its log once, in its place.
    assert {place[seat] for seat, _, _ in moved} == {one, two}
    log = played["log"]
    assert [(seat, seq) for seq, seat, _ in log] == [
        (seat, version) for seat, hand, version in moved if hand == played["hand"]]


def test_the_same_card_sent_through_two_workers_at_once_is_played_once(stack: Stack) -> None:
    """Bob's two tablets, one on each worker, send the same move at the same version at
    the same instant: one is taken, the other tablet is told someone acted first."""
    one, two = stack.workers
    table, cookie = stack.tables[1]["table"], stack.tables[1]["cookies"]["S"]

    async def race() -> tuple[tuple[int, int], list[list[Frame]]]:
        tablets = [await _connect(one, table, cookie), await _connect(two, table, cookie)]
        try:
            frame = await _settled(tablets[0])
            while "Your turn" not in frame.html:  # the robots play up to Bob
                frame = await _settled(tablets[0], _at(frame))
            shown = _at(frame)
            text = sensible_move(frame.html, shown[1])
            assert text
            await _frame_at(tablets[1], shown)
            await asyncio.gather(*(t.send(text) for t in tablets))
            after = [await _until_quiet(t, read_frame(await t.receive(timeout=WAIT)))
                     for t in tablets]
            return shown, after
        finally:
            for tablet in tablets:
                await tablet.close()

    shown, after = asyncio.run(race())
    played = stack.log(table)

    told = [[f.error for f in frames if f.error] for frames in after]
    assert sorted(bool(errors) for errors in told) == [False, True], told
    assert any(word in " ".join(sum(told, [])) for word in ("acted first", "moved on"))
    assert played["hand"] == shown[0]
    taken = [text for seq, seat, text in played["log"] if seq == shown[1]]
    assert len(taken) == 1 and len(played["log"]) > shown[1]


async def _frame_at(socket: WsClient, shown: tuple[int, int]) -> Frame:
    """Read until the socket shows the table at ``shown`` (a tablet that is behind)."""
    while True:
        frame = read_frame(await socket.receive(timeout=WAIT))
        if _at(frame) >= shown:
            assert _at(frame) == shown, "the table moved on before Bob's move"
            return frame


def test_robots_heard_of_by_both_workers_act_once_a_turn(stack: Stack) -> None:
    """Bob alone with three robots, his tablets on both workers: both workers hear every
    change and would drive the robots; the hand goes round with each robot's move logged
    once, in turn, and Bob's turn comes back each time."""
    one, two = stack.workers
    table, cookie = stack.tables[2]["table"], stack.tables[2]["cookies"]["S"]

    async def play() -> tuple[int, int]:
        tablets = [await _connect(one, table, cookie), await _connect(two, table, cookie)]
        try:
            frame = await _settled(tablets[0])
            for move in range(4):
                while "Your turn" not in frame.html:
                    frame = await _settled(tablets[0], _at(frame))
                text = sensible_move(frame.html, _at(frame)[1])
                assert text
                # Bob plays from the tablet on the other worker each time.
                await tablets[move % 2].send(text)
                frame = await _settled(tablets[0], _at(frame))
                assert not frame.error, frame.error
            return _at(frame)
        finally:
            for tablet in tablets:
                await tablet.close()

    shown = asyncio.run(play())
    played = stack.log(table)
    logs = "".join(worker.log.read_text() for worker in stack.workers)

    # The log replays (the outside process replays it through the engine), has one row a
    # version and reaches what the tablets showed: no robot's move doubled or lost.
    log = played["log"]
    assert (played["hand"], played["version"]) == shown
    assert [seq for seq, _, _ in log] == list(range(len(log)))
    assert "robots of table" not in logs and "Traceback" not in logs


def test_robots_wait_while_another_worker_acts_for_them_and_go_on_once_it_is_gone(
    stack: Stack,
) -> None:
    """A third process holds the claim to act for the robots of Bob's table, as a worker
    thinking for them does: after Bob's move the robots wait for it; the process goes
    (as a worker killed mid-thought), and the robots carry on by themselves."""
    one, _ = stack.workers
    table, cookie = stack.tables[3]["table"], stack.tables[3]["cookies"]["S"]
    holder = psycopg.connect(stack.database, autocommit=True)

    async def play() -> tuple[Frame, list[Frame], Frame]:
        tablet = await _connect(one, table, cookie)
        try:
            frame = await _settled(tablet)
            while True:
                while "Your turn" not in frame.html:
                    frame = await _settled(tablet, _at(frame))
                holder.execute("SELECT pg_advisory_lock(%s, %s)", (ROBOT_TURN, table))
                await tablet.send(sensible_move(frame.html, _at(frame)[1]) or "")
                moved = await _frame_after(tablet, _at(frame))
                if "Your turn" not in moved.html and not _DEAL.search(moved.html):
                    break  # a robot is to act next
                holder.execute("SELECT pg_advisory_unlock(%s, %s)", (ROBOT_TURN, table))
                frame = moved
            meanwhile = (await _until_quiet(tablet, moved))[1:]
            holder.close()
            return moved, meanwhile, await _frame_after(tablet, _at(moved))
        finally:
            await tablet.close()

    try:
        moved, meanwhile, after = asyncio.run(play())
    finally:
        holder.close()

    assert not moved.error and meanwhile == []
    assert _at(after) > _at(moved) and not after.error
