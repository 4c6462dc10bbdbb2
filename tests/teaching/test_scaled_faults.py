"""Redis and PostgreSQL restarted under two workers in the middle of a hand (issue 18).

The servers are the test's own (tests/teaching/private_servers.py), on free ports, so
that stopping them disturbs nobody. Bob plays a table with three robots, a tablet on each
worker. Redis away: his move is taken (it is in PostgreSQL) and his tablet shows it; once
Redis is back both tablets get the table as it stands, and play goes on. PostgreSQL away:
a page answers 503 "Connection lost, retrying", his move is refused with the same words
and nothing changes; once it is back the move, sent again, is taken once.
(docs/decisions/0504-redis-restarted.md, 0505-postgresql-restarted.md)
"""

from __future__ import annotations

import asyncio
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator

import pytest

from tests.daphne_server import Daphne, outside
from tests.teaching.private_servers import (
    PrivatePostgres,
    PrivateRedis,
    private_folder,
    private_postgres,
    private_redis,
)
from tests.teaching.scaled_helpers import Stack, run_within, stop_all
from tests.teaching.test_scaled import _at, _frame_after, _turn
from tests.teaching.test_server_restart import _move as sensible_move
from tests.teaching.ws_helpers import Frame, read_frame
from tests.ws_client import WebsocketClosed, WsClient

# Kills and restarts servers and times the reconnections: run alone, after the rest of the
# suite (make test), not beside another test process on a two-core machine.
pytestmark = pytest.mark.alone

#: Robots, sockets and restarted servers: the CI machine may be loaded.
WAIT = 15
LOST = "Connection lost, retrying"


class Faults(Stack):
    redis: PrivateRedis
    postgres: PrivatePostgres


@pytest.fixture(scope="module")
def faults() -> Iterator[Faults]:
    """Two workers on a private Redis and a private PostgreSQL; two tables of Bob (South)
    with three robots. A pool wait of two seconds, so an outage is answered quickly."""
    with private_folder() as folder, private_redis(folder) as redis, \
            private_postgres(folder) as postgres:
        tables = outside(postgres.url, "setups", "1,1")
        env = {"REDIS_URL": redis.url, "REDIS_PREFIX": f"cardclass-test-{uuid.uuid4().hex[:8]}",
               "DATABASE_POOL_SIZE": "4", "DATABASE_POOL_TIMEOUT": "2"}
        started = [Daphne(postgres.url, env=env) for _ in range(2)]
        try:
            for worker in started:
                worker.start()
            stack = Faults(started, postgres.url, tables)
            stack.redis, stack.postgres = redis, postgres
            yield stack
        finally:
            stop_all(started)


async def _connect(worker: Daphne, table: int, cookie: str) -> WsClient:
    return await WsClient.connect("127.0.0.1", worker.port, f"/ws/table/{table}/",
                                  cookie=f"sessionid={cookie}")


def _told(worker: Daphne) -> int:
    """How many times the worker said Redis was back (teaching.runtime.layer_watch)."""
    return worker.log.read_text().count("Redis is back: sending")


def _move(frame: Frame) -> str:
    text = sensible_move(frame.html, _at(frame)[1])
    assert text, "Bob's turn, and the frame offers nothing"
    return text


def test_redis_restarted_mid_hand_the_tablets_get_their_table_again_and_play_goes_on(
    faults: Faults,
) -> None:
    """Bob moves before, during and after a Redis restart, his tablets on both workers.
    During it his move is taken and the tablet he used shows it; once Redis is back both
    tablets show the table as it stands within seconds, the robots play on, and each of
    his moves is in the log once."""
    one, two = faults.workers
    table, cookie = faults.tables[0]["table"], faults.tables[0]["cookies"]["S"]

    async def play() -> tuple[list[tuple[int, int]], Frame, float]:
        tablets = [await _connect(one, table, cookie), await _connect(two, table, cookie)]
        try:
            moves = []
            frame = await _turn(tablets[0])
            moves.append(_at(frame))
            await tablets[0].send(_move(frame))  # before
            frame = await _turn(tablets[0], _at(frame))
            await _turn(tablets[1], moves[-1])

            redis_stopped = [worker.log.stat().st_size for worker in faults.workers]
            faults.redis.stop()
            moves.append(_at(frame))
            await tablets[0].send(_move(frame))  # during: taken, and shown to this tablet
            during = await _frame_after(tablets[0], _at(frame))
            assert not during.error, during.error

            said = [_told(worker) for worker in faults.workers]
            faults.redis.start()
            back = time.monotonic()
            # Both tablets get the table again, and the robots play round to Bob.
            frame = await _turn(tablets[0], _at(during))
            await _turn(tablets[1], _at(during))
            # Each worker found Redis back and sent its sockets their table.
            while any(_told(w) <= n for w, n in zip(faults.workers, said, strict=True)):
                assert time.monotonic() - back < WAIT, "a worker never found Redis back"
                await asyncio.sleep(0.1)
            waited = time.monotonic() - back
            # Meanwhile the workers said so in lines, not in a traceback a second.
            for worker, start in zip(faults.workers, redis_stopped, strict=True):
                logged = worker.log.read_bytes()[start:].decode(errors="replace")
                assert "Traceback" not in logged, logged
                assert "Redis went away or restarted" in logged

            moves.append(_at(frame))
            await tablets[1].send(_move(frame))  # after, through the other worker
            after = await _frame_after(tablets[0], _at(frame))
            assert not after.error, after.error
            return moves, during, waited
        finally:
            for tablet in tablets:
                await tablet.close()

    moves, during, waited = run_within(play())
    played = faults.log(table)

    assert during.version == moves[1][1] + 1  # the move sent while Redis was away shows
    assert waited < WAIT
    log = played["log"]
    assert [seq for seq, _, _ in log] == list(range(len(log)))
    mine = [seq for hand, seq in moves if hand == played["hand"]]
    assert mine, "the hand changed under the test"
    bobs = [seq for seq, seat, _ in log if seat == "S"]
    assert sorted(bobs) == sorted(mine)  # each move once, none lost, none doubled


def _get(url: str, cookie: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Cookie": f"sessionid={cookie}"})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def _answer(tablet: WsClient, shown: tuple[int, int]) -> Frame:
    """The answer to a move sent at ``shown``: a message, or the table past it (a frame
    of the table as it was, sent for another reason meanwhile, is passed over)."""
    while True:
        frame = read_frame(await tablet.receive(timeout=WAIT))
        if frame.error or (frame.version is not None and _at(frame) > shown):
            return frame


def test_postgresql_restarted_mid_hand_pupils_read_connection_lost_and_play_resumes(
    faults: Faults,
) -> None:
    """PostgreSQL stops while it is Bob's turn: his table page answers 503 "Connection
    lost, retrying" (no 500, no traceback) and his move over the socket is answered with
    the same words, the log unchanged. Once the server is back, the move sent again is
    taken once, the robots play on and the page answers again."""
    one, two = faults.workers
    table, cookie = faults.tables[1]["table"], faults.tables[1]["cookies"]["S"]
    page = f"{two.url}/tables/{table}/"

    async def play() -> dict[str, object]:
        tablet = await _connect(one, table, cookie)
        try:
            frame = await _turn(tablet)
            before = await asyncio.to_thread(faults.log, table)
            faults.postgres.stop()
            status, body = await asyncio.to_thread(_get, page, cookie)
            try:  # a tablet opening the table meanwhile is told to try again later
                opened = await _connect(two, table, cookie)
                await opened.close()
                refused_handshake = ""
            except WebsocketClosed as closed:
                refused_handshake = str(closed)
            move = _move(frame)
            await tablet.send(move)
            refused = await _answer(tablet, _at(frame))
            faults.postgres.start()
            # As a pupil would: press again until it is taken (a bounded wait).
            deadline = time.monotonic() + WAIT
            while True:
                await tablet.send(move)
                taken = await _answer(tablet, _at(frame))
                if LOST not in taken.error or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.3)  # a pupil's next press, not a tight loop
            after_robots = await _turn(tablet, _at(frame))
            # What the workers logged up to here (closing a tablet while a robot's frame is
            # on its way may log a send on a closed socket: not this test's business).
            ends = [worker.log.stat().st_size for worker in faults.workers]
            return {"ends": ends, "at": _at(frame), "before": before, "status": status,
                    "body": body, "handshake": refused_handshake,
                    "refused": refused, "taken": taken, "after": after_robots}
        finally:
            await tablet.close()

    start = [worker.log.stat().st_size for worker in faults.workers]
    seen = run_within(play())
    played = faults.log(table)
    status, body = _get(page, cookie)
    ends: list[int] = seen["ends"]  # type: ignore[assignment]
    logged = "".join(worker.log.read_bytes()[offset:end].decode(errors="replace")
                     for worker, offset, end in zip(faults.workers, start, ends, strict=True))

    assert seen["status"] == 503 and LOST in str(seen["body"])
    assert "Traceback" not in str(seen["body"])
    assert "403" in str(seen["handshake"])  # refused: the page's socket tries again
    assert "handshake met the database away" in two.log.read_text()
    refused, taken = seen["refused"], seen["taken"]
    assert isinstance(refused, Frame) and isinstance(taken, Frame)
    assert LOST in refused.error
    assert not taken.error and _at(taken) > seen["at"]  # type: ignore[operator]
    # Nothing the outage saw was taken; the move sent again was, once, in its place.
    before, (hand, version) = seen["before"], seen["at"]  # type: ignore[misc]
    assert before["version"] == version  # type: ignore[index]
    if played["hand"] == hand:
        assert played["log"][:version] == before["log"]  # type: ignore[index]
        assert [seat for seq, seat, _ in played["log"] if seq == version] == ["S"]
    assert [seq for seq, _, _ in played["log"]] == list(range(len(played["log"])))
    assert status == 200
    # No request or socket of this test met an error it did not answer: no 500, no traceback.
    assert "Internal Server Error" not in logged and "Traceback" not in logged
