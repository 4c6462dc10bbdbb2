"""The pool lends a resting connection without asking the server, and never a dead one.

Every socket call borrows a connection from the pool and gives it back; Django's check
(an empty query) made each borrowing a round trip to PostgreSQL. The check here asks the
server only when it has written to the resting connection, which it does when it ends it
(teaching/runtime/postgresql/base.py, docs/decisions/0521-a-quiet-pool-check.md).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.db.utils import ConnectionHandler

from teaching.env import database_config
from teaching.runtime.postgresql import base as quiet
from tests.teaching.postgres_helpers import admin, throwaway_database


@pytest.fixture
def database(django_db_blocker: Any) -> Iterator[Any]:
    """A Django connection to a throwaway PostgreSQL database, through the site's settings
    (not the test run's database: pytest-django's guard is lifted for it alone)."""
    with throwaway_database("cardclass_pool") as (url, _name), django_db_blocker.unblock():
        # A handler of its own (its "default" is this database): the pools are kept by
        # alias, so a name of its own keeps it apart from the test run's database. One
        # connection in the pool: which one it lends is then known (with two, a connection
        # still being opened in the background could be lent before a dead one was looked at).
        alias = f"pool_{uuid.uuid4().hex[:8]}"
        handler = ConnectionHandler({"default": database_config(url, pool_size=1),
                                     alias: database_config(url, pool_size=1)})
        connection = handler[alias]
        try:
            yield connection
        finally:
            connection.close()
            connection.close_pool()


@pytest.fixture
def server_asked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times psycopg's own check (the empty query) ran."""
    asked: list[int] = []
    psycopg_check = quiet._PSYCOPG_CHECK

    def counted(connection: Any) -> None:
        asked.append(1)
        psycopg_check(connection)

    monkeypatch.setattr(quiet, "_PSYCOPG_CHECK", counted)
    return asked


def _backend(connection: Any) -> int:
    """The server process serving a borrowed connection; the connection is given back."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    connection.close()  # CONN_MAX_AGE 0: back to the pool, as after every socket call
    return int(pid)


def test_a_resting_connection_is_lent_again_without_asking_the_server(
        database: Any, server_asked: list[int]) -> None:
    lent = [_backend(database) for _ in range(8)]

    assert len(set(lent)) == 1, "the pool lent its resting connection again"
    assert server_asked == [], "no empty query before lending it"


def test_a_connection_the_server_ended_is_not_lent(
        database: Any, server_asked: list[int]) -> None:
    """As in a restart, the server ends the connection resting in the pool: the next
    borrower gets a working connection, never an error."""
    resting = _backend(database)
    with admin() as server:
        server.execute("SELECT pg_terminate_backend(%s)", (resting,))
        # Gone from the server once it has written its "terminating connection" and closed.
        deadline = time.monotonic() + 10
        while server.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s",
                             (resting,)).fetchone() and time.monotonic() < deadline:
            time.sleep(0.02)

    served_by = _backend(database)

    assert served_by != resting
    # The connection the server wrote to was checked (and dropped), the new one not at all.
    assert server_asked == [1]


def test_the_site_s_pool_uses_the_quiet_check(database: Any) -> None:
    assert database.pool._check is quiet.check_when_spoken_to


def test_a_worker_with_thousands_of_sockets_still_checks_quietly(
        database: Any, server_asked: list[int]) -> None:
    """A worker serving 2,000 pupils holds descriptors past select()'s 1,024: the quiet check
    must not fall back to asking the server there."""
    import resource
    import socket

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip(f"this machine allows only {hard} open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200), hard))
    held = []
    try:
        while len(held) < 1100:  # the pool's next connection opens past 1,024
            held.append(socket.socket())
        database.pool.close()  # its resting connections went; new ones open high
        database.close_pool()
        lent = [_backend(database) for _ in range(4)]
    finally:
        for sock in held:
            sock.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    assert len(set(lent)) == 1
    assert server_asked == []
