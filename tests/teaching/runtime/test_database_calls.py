"""Where the table's socket runs its database work (teaching.runtime.database_calls)."""

from __future__ import annotations

import asyncio
import gc
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from django.db.utils import ConnectionHandler, ProgrammingError

from teaching.env import database_config
from teaching.models import Table
from teaching.runtime import database_calls, database_outage
from tests.daphne_server import Daphne, outside
from tests.teaching.postgres_helpers import admin, throwaway_database
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


# -- on PostgreSQL: the thread keeps its connection, and gives it back when it may not serve --

@pytest.fixture
def postgres(monkeypatch: pytest.MonkeyPatch, django_db_blocker: Any) -> Iterator[Any]:
    """The database thread's calls on a throwaway PostgreSQL database, through the site's
    settings and its pool (its "default" in a handler of its own, put where the thread looks
    for it); returns that handler."""
    with throwaway_database("cardclass_thread") as (url, _name), django_db_blocker.unblock():
        handler = ConnectionHandler({"default": database_config(url, pool_size=2)})
        monkeypatch.setattr(database_calls, "connections", handler)
        monkeypatch.setattr(database_calls, "runs_on_the_loop", lambda: False)
        monkeypatch.setattr(database_outage, "_failed_at", float("-inf"))
        try:
            yield handler
        finally:  # closed on the thread that holds it (Django's rule), then the pool
            asyncio.run(database_calls.call(lambda: handler["default"].close()))
            handler["default"].close_pool()


def _served_by(handler: Any) -> Callable[[], tuple[int, int]]:
    """A call answering with the psycopg connection it used and its server process."""
    def served() -> tuple[int, int]:
        with handler["default"].cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            return id(handler["default"].connection), cursor.fetchone()[0]
    return served


def _calls(*functions: Callable[[], Any]) -> list[Any]:
    async def scenario() -> list[Any]:
        return [await database_calls.call(function) for function in functions]
    return asyncio.run(scenario())


def test_on_postgresql_the_thread_keeps_its_connection_from_call_to_call(postgres: Any) -> None:
    """No borrowing from the pool for each card: the second call finds the first's
    connection, to the same server process."""
    first, second = _calls(_served_by(postgres), _served_by(postgres))

    assert first == second


def test_a_connection_the_server_ended_is_given_back_and_the_next_call_gets_another(
        postgres: Any) -> None:
    (_, ended), = _calls(_served_by(postgres))
    with admin() as server:  # as a restart or an administrator ends it
        server.execute("SELECT pg_terminate_backend(%s)", [ended])
    time.sleep(0.5)  # the server's "terminating connection" reaches the socket

    (_, serving), = _calls(_served_by(postgres))  # no error: a fresh connection

    assert serving != ended


def test_a_call_whose_statement_failed_gives_its_connection_back(postgres: Any) -> None:
    def fails() -> None:
        with postgres["default"].cursor() as cursor:
            cursor.execute("SELECT no_such_column FROM no_such_table")

    def holds_one() -> bool:
        return postgres["default"].connection is not None

    _calls(_served_by(postgres))
    with pytest.raises(ProgrammingError):
        _calls(fails)

    assert _calls(holds_one) == [False]  # given back after the failure, before this call
    assert _calls(holds_one, _served_by(postgres), holds_one)[::2] == [False, True]


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
