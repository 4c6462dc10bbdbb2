"""Work that one server process of several should do, claimed in the database.

Several daphne workers hear of the same change (over Redis) and would each start the same
slow work: a robot's choice at a table (an expert looks ahead double dummy, up to half a
second), a finished hand's double-dummy table (20 ms to over a second of DDS). The result
would still be written once (the log's unique sequence number, the hand's row lock), but
the CPU would be spent once per worker. So the work is claimed first: on PostgreSQL a
try-only advisory lock on the connection doing it, which another worker's try fails at once
and which the server lets go of when the worker dies, however it dies (kill -9 included);
nothing is left behind to expire. The worker that fails to claim skips the work: the one
holding it announces the outcome to every worker's sockets.

On SQLite there is one server process (the embedded mode), whose own threads are kept
apart by the callers' locks: every claim succeeds.
(docs/decisions/0503-one-worker-does-the-slow-work.md)
"""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import Iterator

from django.db import connections

#: The advisory locks' first key, by kind of work; the second is the row's id.
ROBOT_TURN = zlib.crc32(b"cardclass:robot-turn") & 0x7FFFFFFF
HAND_ANALYSIS = zlib.crc32(b"cardclass:hand-analysis") & 0x7FFFFFFF


@contextlib.contextmanager
def claimed(kind: int, key: int, *, wait: bool = False) -> Iterator[bool]:
    """``with claimed(ROBOT_TURN, table_id) as mine:`` ``mine`` is whether this process
    holds the claim for the block. Without ``wait`` it never waits (the sockets' one
    database thread must not); with it, it waits for another holder to finish (a
    teacher's request that must see the work done). The claim belongs to the thread's
    connection, not to a transaction: it lasts the whole block, commits and rollbacks
    inside it included."""
    db = connections["default"]
    if db.vendor != "postgresql":
        yield True
        return
    with db.cursor() as cursor:
        if wait:
            cursor.execute("SELECT pg_advisory_lock(%s, %s), true", [kind, _int4(key)])
        else:
            cursor.execute("SELECT true, pg_try_advisory_lock(%s, %s)", [kind, _int4(key)])
        mine = bool(cursor.fetchone()[1])
    try:
        yield mine
    finally:
        if mine:
            with db.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [kind, _int4(key)])


def _int4(key: int) -> int:
    """A row id as the lock's second key (a 32-bit signed integer): ids past it share
    a claim with another row's, which at worst has one of them skip its turn."""
    return (int(key) & 0xFFFFFFFF) - (1 << 32 if int(key) & 0x80000000 else 0)
