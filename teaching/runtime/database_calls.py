"""Where the table's websocket does its database work: on SQLite, on the event loop itself.

Channels' ``database_sync_to_async`` sends every call to the one database thread
and waits for it. With SQLite, in one process, that trip cost more than it
saved: nothing runs alongside (SQLite takes one writer at a time, and Python
runs one thread at a time), the hand-over itself took about a tenth of a card's
CPU, and, worse, the database thread gives Python's lock up around every step
of every statement and then waits for the event loop to give it back, up to
the switch interval (5 ms) each time the loop is busy. Under load a card
waited most of its time that way (docs/decisions/0091-sqlite-calls-on-the-loop.md).
A card's own work, from reading the table to rendering the four frames,
is about a millisecond of CPU; run on the loop, it simply runs.

So with SQLite the short calls of the pupils' sockets (read the table, act,
render) run here, in the loop's own thread, on a connection of its own. What
may take long stays off the loop: a robot's choice (an expert looks ahead
double dummy), the double-dummy analysis, every HTTP request. They write in
short transactions of their own, so a call here waits a millisecond or two for
SQLite's write lock at the worst; their transactions never wait for the loop
(the broadcasts that need it run after the commit), so the two cannot deadlock.
With PostgreSQL a call goes over the network and may wait for another process's
row lock: it goes to the sockets' database thread, one thread with its own connection
kept from call to call, as Channels' ``database_sync_to_async`` keeps one (given back to
the pool only when it may not serve again: :func:`_after_a_call`, :func:`_before_a_call`);
but reached by a bare ``run_in_executor`` rather than through asgiref's ``SyncToAsync``,
whose contexts and checks cost about 125,000 instructions a call more (decision 0880).

A call run here must not itself wait on the loop (``async_to_sync``): the
services it calls return what changed for the caller to broadcast.

Benchmarks: bench/load.py (docs/benchmarks.md, "bench/load.py": database calls on the
loop) and bench/table_act.py for a card's own work.
"""

from __future__ import annotations

import asyncio
import functools
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from channels.db import database_sync_to_async
from django.db import close_old_connections, connections
from django.db.utils import load_backend

from teaching.runtime import load_shedding
from teaching.runtime.database_outage import guarded
from teaching.runtime.postgresql.base import spoken_to

P = ParamSpec("P")
R = TypeVar("R")


def runs_on_the_loop() -> bool:
    """Whether database calls run on the event loop (the default database is SQLite).

    Asked of the settings, not of ``connections["default"]``: on a running loop Django's
    connections are kept per task, so asking the connection made one for every socket that
    asked (2,003 of them, never opened, at 2,000 sockets: about 30,000 objects for the
    collector to walk), while the calls themselves all share the loop's one connection
    (``call_here`` runs them with the loop set aside)."""
    return _vendor(connections.settings["default"]["ENGINE"]) == "sqlite"


@functools.cache
def _vendor(engine: str) -> str:
    return load_backend(engine).DatabaseWrapper.vendor


async def call(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)``, run on the loop with SQLite, else on the database thread."""
    if not runs_on_the_loop():
        return await call_off_loop(function, *args, **kwargs)
    return call_here(function, *args, **kwargs)


async def call_off_loop(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)`` on the database thread, whatever the database. On
    PostgreSQL, a call made just after another found the server away fails at once
    (teaching.runtime.database_outage.guarded); SQLite's errors ("database is locked")
    say nothing of a server, and are not guarded."""
    if runs_on_the_loop():
        return await database_sync_to_async(function)(*args, **kwargs)
    asked = time.monotonic()
    started: list[float] = []

    def timed() -> R:
        started.append(time.monotonic())
        _before_a_call()
        try:
            return guarded(function, *args, **kwargs)
        finally:
            _after_a_call()

    try:
        return await asyncio.get_running_loop().run_in_executor(_database_thread(), timed)
    finally:
        # How long the call queued for the thread: a worker behind sheds moves.
        waited = (started[0] if started else time.monotonic()) - asked
        load_shedding.note_thread_wait(asyncio.get_running_loop(), waited)


def _before_a_call() -> None:
    """On the database thread, before each call: the connection kept from the last call
    (:func:`_after_a_call`) goes back to the pool if the server has written to it since. It
    does so only to end it (a restart, a backend terminated), and the kernel says so
    without a round trip, as the pool's own check asks (teaching.runtime.postgresql.base);
    the next statement then borrows another, checked as the pool checks."""
    db = connections["default"]
    if db.vendor != "postgresql":  # (SQLite's calls run on the loop, but in tests)
        close_old_connections()  # Django's own rule, as Channels applies it
        return
    if db.connection is not None and spoken_to(db.connection):
        db.close()


def _after_a_call() -> None:
    """On the database thread, after each call: its connection is kept for the next call,
    as Channels' database thread keeps one, unless it may not serve again: an error left it
    in doubt, or the call left autocommit off; then it goes back to the pool. Giving it
    back after every call, as a request's thread does (decision 0315: a request's thread is
    new each time, this one is not), cost a borrowing, its settings and a return to the
    pool a card: about 1,600 of a scaled worker's bytecodes a card
    (bench/card_bytecodes.py --postgres).

    The sockets use the default database only; Django's own age and health checks are
    not asked (they would send the server an empty query before every call)."""
    db = connections["default"]
    if db.vendor != "postgresql":
        close_old_connections()
        return
    if db.connection is None:
        return
    if db.errors_occurred or db.get_autocommit() != db.settings_dict["AUTOCOMMIT"]:
        db.close()
        return
    db.close_at = None  # not past any age: kept for the next call
    db.health_check_done = True


_thread: ThreadPoolExecutor | None = None
_thread_made = threading.Lock()


def _database_thread() -> ThreadPoolExecutor:
    """The sockets' database thread (PostgreSQL), made at the first call."""
    global _thread
    with _thread_made:
        if _thread is None:
            _thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sockets-database")
        return _thread


def call_here(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Run synchronous database code in the event loop's thread.

    Django refuses database calls in a thread whose event loop is running
    (``SynchronousOnlyOperation``), to stop a slow query from stalling it; this
    call is short by design (see the module's words), so the loop is set aside
    for its length, in this thread only."""
    loop = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        return function(*args, **kwargs)
    except BaseException:
        # As Channels does after every call: a connection an error left unusable
        # is closed, and the next call opens a new one.
        connections["default"].close_if_unusable_or_obsolete()
        raise
    finally:
        asyncio.events._set_running_loop(loop)
