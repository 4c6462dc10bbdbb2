"""Django's PostgreSQL backend, but for how its pool checks a connection before lending it.

Django gives psycopg's pool a check that sends an empty query to the server each time a
connection is lent (``CONN_HEALTH_CHECKS``). Every socket call borrows a connection and gives
it back (``CONN_MAX_AGE`` 0, decision 0315), so each card paid a round trip to PostgreSQL
before its first statement: a fifth of a worker's round trips on the scaled stack, each a
wake-up of PostgreSQL's process on a busy machine.

A connection resting in the pool hears nothing from the server unless the server ends it:
a restart or a terminated backend sends its "terminating connection" error, then closes the
socket. So the check here first asks the kernel, without waiting, whether the socket has
anything to read; only then does it run psycopg's own check, which fails on such a
connection and the pool lends another (docs/decisions/0521-a-quiet-pool-check.md). What
this cannot see, a server gone without a word (a cable pulled), the empty query could not
have seen sooner either: it would have waited for the network's timeout.
"""

from __future__ import annotations

import select
from typing import Any

from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool


def spoken_to(connection: Any) -> bool:
    """Whether the server has written to this idle connection (asked of the kernel, without
    waiting): it does so only to end it. Also true of a connection with no socket at all."""
    # poll, not select: a worker serving thousands of sockets has descriptors past select's
    # 1,024.
    poller = select.poll()
    try:
        poller.register(connection.fileno(), select.POLLIN)
        return bool(poller.poll(0))
    except Exception:
        return True


def check_when_spoken_to(connection: Any) -> None:
    """The pool's check: quiet unless the server has written to this idle connection
    (then psycopg's own check, which raises if the server ended it)."""
    if spoken_to(connection):
        _PSYCOPG_CHECK(connection)


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self) -> Any:
        pool = super().pool
        # Django made the pool with psycopg's check when health checks are on (they are,
        # teaching.env): the quiet one in its place, before the pool is opened and lends.
        if pool is not None and pool._check is ConnectionPool.check_connection:
            pool._check = check_when_spoken_to
        return pool


#: psycopg's own check (the empty query), run when the socket has something to read.
_PSYCOPG_CHECK = ConnectionPool.check_connection
