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
import os
import queue
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from teaching.runtime.claims import HAND_ANALYSIS, ROBOT_TURN
from tests.daphne_server import ROOT, Daphne, free_port, outside
from tests.teaching.scaled_helpers import (
    PLAY_SECONDS,
    REDIS,
    Stack,
    nginx_in_front,
    nginx_installed,
    run_within,
    workers,
)
from tests.teaching.test_server_restart import _move as sensible_move
from tests.teaching.ws_helpers import Frame, read_frame
from tests.ws_client import WebsocketClosed, WsClient

# Kills and restarts servers and times the reconnections: run alone, after the rest of the
# suite (make test), not beside another test process on a two-core machine.
pytestmark = pytest.mark.alone

#: Robots and sockets are involved: the CI machine may be loaded.
WAIT = 15


@pytest.fixture(scope="module")
def stack() -> Iterator[Stack]:
    """Two workers; a table of four pupils, three of Bob alone with three robots, and one
    of Bob (South) and Carol (West) with two robots."""
    with workers(2, "4,1,1,1,2") as running:
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


#: A message that is not a move: the worker answers it with the table and this word, after
#: everything the tablet sent before it (a consumer handles its messages one at a time).
_PROBE = json.dumps({"probe": 1})
_PROBE_ANSWER = "fields a move does not have"


async def _answers_so_far(socket: WsClient) -> list[Frame]:
    """The frames the socket is sent until its worker has handled everything this tablet
    sent so far (the probe's answer, not included, marks the point)."""
    await socket.send(_PROBE)
    frames = []
    while _PROBE_ANSWER not in (html := await socket.receive(timeout=WAIT)):
        frames.append(read_frame(html))
    return frames


async def _turn(socket: WsClient, after: tuple[int, int] | None = None) -> Frame:
    """The next frame (past ``after``) in which it is this pupil's turn: the robots wait for
    them then, so it is the table as it stands. A deal dealt again (Law 6), or the next
    deal after a hand, is dealt with its button."""
    while True:
        frame = read_frame(await socket.receive(timeout=WAIT))
        if after is not None and _at(frame) <= after:
            continue
        if "Your turn" in frame.html:
            return frame
        deal = _DEAL.search(frame.html)
        if deal:
            await socket.send(json.dumps({"deal": deal.group(1)}))
            after = _at(frame)


async def _frames_within(socket: WsClient, seconds: float) -> list[Frame]:
    """The frames the socket is sent within ``seconds`` (robots at a pause of 0 act at once)."""
    frames = []
    deadline = asyncio.get_running_loop().time() + seconds
    while (left := deadline - asyncio.get_running_loop().time()) > 0:
        try:
            frames.append(read_frame(await socket.receive(timeout=left)))
        except TimeoutError:
            break
    return frames


def test_a_card_played_through_one_worker_reaches_the_sockets_of_the_other(stack: Stack) -> None:
    """Bob (South) and Dora (North) reach worker 1, Carol (West) and Ed (East) worker 2;
    whoever is to act does, eight times: every move reaches all four, from either worker,
    and each worker takes the next move on the hand as the other left it. Alice's wall,
    open on worker 2, hears of every move."""
    one, two = stack.workers
    table, cookies = stack.tables[0]["table"], stack.tables[0]["cookies"]
    place = {"S": one, "N": one, "W": two, "E": two}

    async def play() -> tuple[list[tuple[str, int, int]], list[str]]:
        sockets = {seat: await _connect(place[seat], table, cookie)
                   for seat, cookie in cookies.items()}
        wall = await WsClient.connect(
            "127.0.0.1", two.port, f"/ws/classes/{stack.tables[0]['classroom']}/wall/",
            cookie=f"sessionid={stack.tables[0]['teacher']}")
        walls: list[str] = []
        try:
            await wall.receive(timeout=WAIT)  # the whole wall
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
                walls.append(await wall.receive(timeout=WAIT))
            return moved, walls
        finally:
            await wall.close()
            for socket in sockets.values():
                await socket.close()

    moved, walls = run_within(play())
    played = stack.log(table)

    # The teacher's wall, open on the second worker, heard of every move.
    assert len(walls) == 8 and all(f'id="tile-{table}"' in tile for tile in walls)
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
            frame = await _turn(tablets[0])  # the robots play up to Bob
            shown = _at(frame)
            text = sensible_move(frame.html, shown[1])
            assert text
            await _frame_at(tablets[1], shown)
            await asyncio.gather(*(t.send(text) for t in tablets))
            after = [await _answers_so_far(t) for t in tablets]
            return shown, after
        finally:
            for tablet in tablets:
                await tablet.close()

    shown, after = run_within(race())
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
            frame = await _turn(tablets[0])
            for move in range(4):
                text = sensible_move(frame.html, _at(frame)[1])
                assert text
                # Bob plays from the tablet on the other worker each time.
                await tablets[move % 2].send(text)
                frame = await _turn(tablets[0], _at(frame))
                assert not frame.error, frame.error
            return _at(frame)
        finally:
            for tablet in tablets:
                await tablet.close()

    start = [worker.log.stat().st_size for worker in stack.workers]
    shown = run_within(play())
    played = stack.log(table)
    # What the workers logged during this test.
    logs = "".join(worker.log.read_bytes()[offset:].decode(errors="replace")
                   for worker, offset in zip(stack.workers, start, strict=True))

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
            frame = await _turn(tablet)
            while True:
                holder.execute("SELECT pg_advisory_lock(%s, %s)", (ROBOT_TURN, table))
                await tablet.send(sensible_move(frame.html, _at(frame)[1]) or "")
                moved = await _frame_after(tablet, _at(frame))
                deal = _DEAL.search(moved.html)
                if "Your turn" not in moved.html and not deal:
                    break  # a robot is to act next
                holder.execute("SELECT pg_advisory_unlock(%s, %s)", (ROBOT_TURN, table))
                if deal:
                    await tablet.send(json.dumps({"deal": deal.group(1)}))
                frame = moved if not deal else await _turn(tablet, _at(moved))
            # Robots at a pause of 0 would act at once: for a second and a half they do not.
            meanwhile = await _frames_within(tablet, 1.5)
            holder.close()
            return moved, meanwhile, await _frame_after(tablet, _at(moved))
        finally:
            await tablet.close()

    try:
        moved, meanwhile, after = run_within(play())
    finally:
        holder.close()

    assert not moved.error and meanwhile == []
    assert _at(after) > _at(moved) and not after.error


class Tablet:
    """A pupil's socket with a reader of its own, so that no frame is lost, or cut in
    two, between the steps of a test that read it; ``None`` in its queue: closed."""

    def __init__(self, seat: str, socket: WsClient) -> None:
        self.seat, self.socket = seat, socket
        self.frames: asyncio.Queue[str | None] = asyncio.Queue()
        self.reader = asyncio.create_task(self._read())
        self.probes = 0

    async def _read(self) -> None:
        try:
            while True:  # ends when the socket closes, or with the test (close)
                await self.frames.put(await self.socket.receive(timeout=PLAY_SECONDS))
        except (WebsocketClosed, ConnectionError, TimeoutError):
            await self.frames.put(None)

    async def next(self, waiting_for: str) -> str | None:
        """The next message its reader queued (``None``: the socket closed), or a failure
        naming the tablet and ``waiting_for`` after WAIT seconds without one."""
        try:
            async with asyncio.timeout(WAIT):
                return await self.frames.get()
        except TimeoutError:
            raise AssertionError(f"{self.seat}'s tablet: no message in {WAIT} s waiting for "
                                 f"{waiting_for}") from None

    async def send(self, text: str) -> None:
        """``text`` sent, or a failure naming the tablet when its peer reads none of it."""
        try:
            await self.socket.send(text, timeout=WAIT)
        except TimeoutError as exc:
            raise AssertionError(f"{self.seat}'s tablet: {exc}") from None

    async def answers(self) -> bool:
        """Whether its worker still answers: a probe of its own (a message that is not a
        move, answered after everything sent before it) comes back, or the socket closes."""
        self.probes += 1
        name = f"probe{self.probes}"
        try:
            await self.send(json.dumps({name: 1}))
        except ConnectionError:
            return False
        while (html := await self.next(f"the answer to {name}")) is not None:
            if f"{_PROBE_ANSWER}: {name}" in html:
                return True
        return False

    async def close(self) -> None:
        # Closing the socket ends the reader by itself (its read meets the end); it is also
        # cancelled, and waited for 5 s at most. A reader that read on after its
        # cancellation (tests/ws_client.py says how that happened) once hung this module's
        # worker-kill test here.
        await self.socket.close()
        self.reader.cancel()
        await asyncio.wait({self.reader}, timeout=5)


async def _play(tablets: list[Tablet], moves: int) -> list[tuple[str, int, int]]:
    """Whoever is to act does, from one of their tablets, until ``moves`` moves were
    taken and came back; the moves as (seat, hand, version). A deal dealt again is dealt
    with its button."""
    frames: asyncio.Queue[tuple[Tablet, str | None]] = asyncio.Queue()

    async def forward(tablet: Tablet) -> None:
        while True:  # the queue has no bound: nothing is lost when this is cancelled
            await frames.put((tablet, await tablet.frames.get()))

    forwarders = [asyncio.create_task(forward(tablet)) for tablet in tablets]
    sent: set[tuple[str, int, int]] = set()
    made: list[tuple[str, int, int]] = []
    try:
        for tablet in tablets:  # every tablet's current frame, as a stale button's answer
            await tablet.send(json.dumps({"deal": "now"}))
        while True:
            try:
                async with asyncio.timeout(WAIT):
                    tablet, html = await frames.get()
            except TimeoutError:
                raise AssertionError(
                    f"no tablet was sent a frame in {WAIT} s; the moves taken: {made}, "
                    f"{moves} wanted") from None
            assert html is not None, f"{tablet.seat}'s socket closed"
            frame = read_frame(html)
            if made and _at(frame) > made[-1][1:] and len(made) >= moves:
                return made
            if (tablet.seat, *_at(frame)) in sent or len(made) >= moves:
                continue
            deal = _DEAL.search(frame.html)
            text = (json.dumps({"deal": deal.group(1)}) if deal
                    else sensible_move(frame.html, _at(frame)[1])
                    if "Your turn" in frame.html else None)
            if text:
                sent.add((tablet.seat, *_at(frame)))
                await tablet.send(text)
                if not deal:
                    made.append((tablet.seat, *_at(frame)))
    finally:
        for task in forwarders:
            task.cancel()
        await asyncio.gather(*forwarders, return_exceptions=True)


def test_a_worker_killed_mid_hand_its_sockets_reconnect_through_nginx_and_play_goes_on(
    stack: Stack, tmp_path: Path,
) -> None:
    """Bob and Carol, two tablets each, reach the workers through nginx; one worker is
    killed (kill -9) mid-hand. The tablets it served are cut off, reconnect through nginx
    to the other worker and find the table where it was; the hand goes on, robots
    included, and the log has every move once."""
    one, two = stack.workers
    table, cookies = stack.tables[4]["table"], stack.tables[4]["cookies"]

    async def run(port: int) -> dict[str, object]:
        async def connect(seat: str) -> Tablet:
            for attempt in range(3):  # as the page does: a handshake that does not come
                try:                  # in time is tried again
                    return Tablet(seat, await WsClient.connect(
                        "127.0.0.1", port, f"/ws/table/{table}/",
                        cookie=f"sessionid={cookies[seat]}", timeout=WAIT))
                except (TimeoutError, ConnectionError):
                    if attempt == 2:
                        raise
            raise AssertionError("not reached")

        tablets = [await connect(seat) for seat in ("S", "W", "S", "W")]
        try:
            before_moves = await _play(tablets, 4)
            async with asyncio.timeout(130):  # outside's own limit is 120 s
                before = await asyncio.to_thread(stack.log, table)
            one.kill()
            alive = [await tablet.answers() for tablet in tablets]
            for i, ok in enumerate(alive):
                if not ok:  # as the page does: connect again, through nginx
                    await tablets[i].close()
                    tablets[i] = await connect(tablets[i].seat)
            shown = [_at(read_frame(await t.next("the table after reconnecting") or ""))
                     for t, ok in zip(tablets, alive, strict=True) if not ok]
            after_moves = await _play(tablets, 4)
            return {"alive": alive, "before": before, "shown": shown,
                    "moves": before_moves + after_moves}
        finally:
            for tablet in tablets:
                await tablet.close()

    try:
        with nginx_in_front(stack.workers, tmp_path) as port:
            seen = run_within(run(port))
        after = stack.log(table)
    finally:
        if one.process is not None and one.process.poll() is not None:
            one.start()  # as systemd would: the module's other tests find both workers

    before = seen["before"]
    # nginx had spread the four tablets over both workers; the killed one's were cut off.
    assert sorted(seen["alive"]) == [False, False, True, True]
    # Reconnected, they showed the table as it was committed before the kill, or later.
    assert all(shown >= (before["hand"], before["version"]) for shown in seen["shown"])
    # Nothing committed was lost, nothing doubled: the log before is the log after's start.
    if after["hand"] == before["hand"]:
        assert after["log"][: len(before["log"])] == before["log"]
    assert [seq for seq, _, _ in after["log"]] == list(range(len(after["log"])))
    # Every pupil's move in the log is one a tablet sent (a move sent at a version the
    # table had left is refused, and not logged); play went on after the kill.
    sent = {(seat, version) for seat, hand, version in seen["moves"] if hand == after["hand"]}
    assert {(seat, seq) for seq, seat, _ in after["log"] if seat in "SW"} <= sent
    assert (after["hand"], len(after["log"])) > (before["hand"], len(before["log"]))


def _lines(workers: list[Daphne], text: str) -> int:
    return sum(worker.log.read_text().count(text) for worker in workers)


async def _logged(workers: list[Daphne], text: str, times: int) -> None:
    """Wait (at most WAIT seconds) until the workers' logs have ``text`` ``times`` times."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while _lines(workers, text) < times:
        assert asyncio.get_running_loop().time() < deadline, f"never logged {times}x: {text}"
        await asyncio.sleep(0.1)


def test_a_finished_hand_is_solved_by_one_worker_and_its_table_reaches_both(
    stack: Stack,
) -> None:
    """Bob's hand is over. While a third process holds the claim to solve it (as a worker
    solving it does), his tablets show the summary on both workers, and neither worker
    solves it too. The process goes without storing it (as a worker killed mid-solve):
    the workers look again by themselves, one solves it, once, and the double-dummy
    table reaches his tablets on both workers."""
    one, two = stack.workers
    made = outside(stack.database, "finished")
    table, cookie, hand = made["table"], made["cookies"]["S"], made["hand"]
    skipped = f"hand {hand}: another server process is solving"
    solved = f"hand {hand}: double-dummy table solved and stored"
    holder = psycopg.connect(stack.database, autocommit=True)
    holder.execute("SELECT pg_advisory_lock(%s, %s)", (HAND_ANALYSIS, hand))

    async def run() -> tuple[list[Frame], list[Frame]]:
        tablets = [await _connect(one, table, cookie), await _connect(two, table, cookie)]
        try:
            summaries = [read_frame(await t.receive(timeout=WAIT)) for t in tablets]
            await _logged(stack.workers, skipped, 2)  # each worker asked, and left it
            holder.close()
            solved_frames = []
            for tablet in tablets:
                frame = read_frame(await tablet.receive(timeout=WAIT))
                while "double dummy" not in frame.html:
                    frame = read_frame(await tablet.receive(timeout=WAIT))
                solved_frames.append(frame)
            return summaries, solved_frames
        finally:
            for tablet in tablets:
                await tablet.close()

    try:
        summaries, solved_frames = run_within(run())
    finally:
        holder.close()

    assert all("double dummy" not in f.html for f in summaries)
    assert len(solved_frames) == 2
    assert _lines(stack.workers, solved) == 1


def _free_ports(count: int) -> int:
    """The first of ``count`` consecutive free ports, below the range the system lends to
    outgoing connections: a port taken from that range could meanwhile become the local end
    of another process's connection (a worker's to Redis), and the server meant for it
    would stop at start. Each is bound for a moment to prove it free."""
    with open("/proc/sys/net/ipv4/ip_local_port_range") as lent:
        lowest_lent = int(lent.read().split()[0])
    rng = random.Random()
    while True:
        first = rng.randrange(10000, lowest_lent - count)
        if all(_bindable(first + i) for i in range(count)):
            return first


def _bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return not _answers_at(port)


def _answers_at(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def _processes_mentioning(text: str) -> list[str]:
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            words = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if text in words and "pytest" not in words:
            found.append(words)
    return found


def test_run_scaled_serves_through_nginx_and_ctrl_c_stops_every_process(
    stack: Stack, tmp_path: Path,
) -> None:
    """`make run-scaled`'s script on this test's database: pages and static files come
    through nginx on its port; Ctrl-C stops nginx and both workers, with no traceback."""
    nginx_installed()
    server, name = stack.database.rsplit("/", 1)
    port, first = free_port(), _free_ports(2)
    run_dir = tmp_path / "run"
    script = subprocess.Popen(
        [sys.executable, "deploy/run_scaled.py", "--workers", "2", "--port", str(port),
         "--first-worker-port", str(first), "--postgres", server, "--database", name,
         "--redis", REDIS, "--redis-prefix", f"cardclass-test-{uuid.uuid4().hex[:8]}",
         "--run-dir", str(run_dir)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True)  # its own group, as a terminal's foreground job
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in script.stdout or ()],
                     daemon=True).start()
    said: list[str] = []
    try:
        while not any(line.startswith("Serving") for line in said):
            try:
                said.append(lines.get(timeout=90))
            except queue.Empty:
                # What the script said, then what its workers and nginx logged.
                logs = "".join(f"\n--- {log.name}\n{log.read_text(errors='replace')[-2000:]}"
                               for log in sorted(run_dir.glob("*.log")))
                raise AssertionError("".join(said)[-3000:] + logs) from None
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/join/", timeout=WAIT)
        css = urllib.request.urlopen(f"http://127.0.0.1:{port}/static/css/site.css",
                                     timeout=WAIT)
        assert page.status == 200 and page.headers["Server"].startswith("nginx")
        # Outside DEBUG the workers serve no static file: nginx did.
        assert css.status == 200 and "text/css" in css.headers["Content-Type"]

        os.killpg(script.pid, signal.SIGINT)  # Ctrl-C
        assert script.wait(timeout=30) == 0
    finally:
        if script.poll() is None:
            script.kill()  # its children end with it (their parent-death signal)
            script.wait()
    while True:
        try:
            said.append(lines.get(timeout=5))
        except queue.Empty:
            break
    output = "".join(said)
    assert "Stopped." in output and "Traceback" not in output
    for log in run_dir.glob("*.log"):
        assert "Traceback" not in log.read_text(), log.name
    assert not any(_answers_at(p) for p in (port, first, first + 1))
    assert _processes_mentioning(str(run_dir)) == []
    assert _processes_mentioning(f"-p {first} ") == []


def test_a_client_cannot_choose_the_address_the_login_throttle_counts_it_by(
    stack: Stack, tmp_path: Path,
) -> None:
    """Class codes guessed through nginx with a made-up X-Forwarded-For count against the
    address nginx saw; straight to a worker (which believes the header, as it must behind
    nginx) the made-up address would have been counted: nginx sets it, never appends."""
    one, _ = stack.workers
    made_up = "203.0.113.7"

    def guess(port: int) -> None:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/join/?code=ZZZ999",
                                         headers={"X-Forwarded-For": made_up})
        assert urllib.request.urlopen(request, timeout=WAIT).status == 200

    def counted() -> list[str]:
        with psycopg.connect(stack.database) as db:
            rows = db.execute("SELECT client FROM teaching_loginfailure WHERE kind = 'code'"
                              " ORDER BY id").fetchall()
        return [client for (client,) in rows]

    with nginx_in_front(stack.workers, tmp_path) as port:
        guess(port)
    through_nginx = counted()
    guess(one.port)

    assert through_nginx == ["address:127.0.0.1"]
    assert counted() == ["address:127.0.0.1", f"address:{made_up}"]
