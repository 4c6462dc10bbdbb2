"""Where the table's socket runs its database work (teaching.runtime.database_calls)."""

from __future__ import annotations

import asyncio
import gc
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from django.db import connections

from teaching.models import Table
from teaching.runtime import database_calls
from tests.daphne_server import Daphne, outside
from tests.teaching.test_server_restart import _move
from tests.teaching.ws_helpers import read_frame
from tests.ws_client import WsClient

pytestmark = pytest.mark.django_db(transaction=True)


def _where() -> tuple[int, int]:
    """The calling thread, and how many tables the ORM finds from it."""
    return threading.get_ident(), Table.objects.count()


def _fails() -> None:
    raise ValueError("no such card")


def test_with_sqlite_a_call_runs_on_the_loop_and_may_use_the_orm() -> None:
    if connections["default"].vendor != "sqlite":
        pytest.skip("the test database is not SQLite (DATABASE_URL)")

    async def scenario() -> tuple[int, int, int]:
        thread, count = await database_calls.call(_where)
        return thread, count, threading.get_ident()

    thread, count, loop_thread = asyncio.run(scenario())

    assert thread == loop_thread and count == 0


def _connection_id() -> int:
    return id(connections["default"])


def test_with_sqlite_every_socket_shares_the_loops_one_connection() -> None:
    """Each socket is a task of its own; on a running loop Django keeps a connection per
    task. The sockets' calls share the loop's one, and asking where calls run makes none."""
    if connections["default"].vendor != "sqlite":
        pytest.skip("the test database is not SQLite (DATABASE_URL)")

    def wrappers() -> int:
        return sum(1 for o in gc.get_objects() if type(o).__name__ == "DatabaseWrapper")

    async def a_socket() -> tuple[bool, int]:
        return database_calls.runs_on_the_loop(), await database_calls.call(_connection_id)

    async def scenario() -> list[tuple[bool, int]]:
        return list(await asyncio.gather(*(a_socket() for _ in range(50))))

    before = wrappers()
    answers = asyncio.run(scenario())

    assert all(on_the_loop for on_the_loop, _ in answers)
    assert len({connection for _, connection in answers}) == 1
    assert wrappers() <= before + 1


def test_the_loop_is_back_after_a_call_that_fails() -> None:
    async def scenario() -> asyncio.AbstractEventLoop:
        with pytest.raises(ValueError, match="no such card"):
            await database_calls.call(_fails)
        # Still the running loop: sleeping and tasks work as before.
        await asyncio.sleep(0)
        return asyncio.get_running_loop()

    assert isinstance(asyncio.run(scenario()), asyncio.AbstractEventLoop)


def test_other_databases_get_the_database_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(database_calls, "runs_on_the_loop", lambda: False)

    async def scenario() -> tuple[int, int]:
        thread, _ = await database_calls.call(_where)
        return thread, threading.get_ident()

    thread, loop_thread = asyncio.run(scenario())

    assert thread != loop_thread


def _connection_and_its_state() -> tuple[int, int, bool]:
    """The calling thread, its connection, and whether that connection is open."""
    connection = connections["default"]
    connection.ensure_connection()
    return threading.get_ident(), id(connection.connection), connection.is_usable()


def test_the_database_threads_calls_share_one_thread_and_its_open_connection(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Calls from many sockets at once queue for the one database thread, whose connection
    stays open from call to call (as Channels' does): none opens a connection of its own."""
    monkeypatch.setattr(database_calls, "runs_on_the_loop", lambda: False)

    async def scenario() -> list[tuple[int, int, bool]]:
        return list(await asyncio.gather(
            *(database_calls.call(_connection_and_its_state) for _ in range(8))))

    answers = asyncio.run(scenario()) + asyncio.run(scenario())  # and from a second loop

    assert len({thread for thread, _, _ in answers}) == 1
    assert len({connection for _, connection, _ in answers}) == 1
    assert all(usable for _, _, usable in answers)


# -- a real server on an SQLite file: the loop waits for another writer, then goes on ----------

def test_a_card_sent_while_another_writer_holds_the_lock_waits_for_it_and_is_taken(
    tmp_path: Path,
) -> None:
    # Another thread or process (an HTTP request, the analysis) holding SQLite's write
    # lock makes the socket's call wait on the loop; it must then go through, unrefused.
    database = tmp_path / "locked.sqlite3"
    setup = outside(database, "setup", "4")
    table, cookies = setup["table"], setup["cookies"]

    async def scenario(server: Daphne) -> tuple[float, Any]:
        sockets = [await WsClient.connect("127.0.0.1", server.port, f"/ws/table/{table}/",
                                          cookie=f"sessionid={cookie}")
                   for cookie in cookies.values()]
        frames = [read_frame(await socket.receive(timeout=20)) for socket in sockets]
        actor, message = next((socket, m) for socket, frame in zip(sockets, frames, strict=True)
                              if (m := _move(frame.html, frame.version or 0)))
        writer = sqlite3.connect(database, timeout=20, check_same_thread=False)
        writer.execute("BEGIN IMMEDIATE")
        held = threading.Timer(0.8, writer.commit)
        held.start()
        sent = time.monotonic()
        await actor.send(message)
        after = read_frame(await actor.receive(timeout=20))
        waited = time.monotonic() - sent
        held.join()
        writer.close()
        for socket in sockets:
            await socket.close()
        return waited, after

    with Daphne(database) as server:
        waited, after = asyncio.run(scenario(server))

    assert after.error == "" and after.version == 1
    assert waited >= 0.5  # it did wait for the lock (committed at 0.8 s)
    assert len(outside(database, "log", str(table))["log"]) == 1
