"""A real server's database connections are bounded by its workers, not by its requests.

Daphne serves each HTTP request on a thread of its own, made for it and ended
with it; a connection that thread kept open for re-use could never be re-used,
and with Python's collector off it stayed open for ten minutes (issue 13:
sixty page views held sixty PostgreSQL connections; at the server's limit of a
hundred the site answered 500 and every other application on that server was
locked out). Hundreds of requests, many at once, against a real daphne: an
anonymous visitor at a class's login page, each a few queries.
"""

from __future__ import annotations

import os
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.daphne_server import Daphne, outside
from tests.teaching.postgres_helpers import connections_to, throwaway_database

POOL = 6  # DATABASE_POOL_SIZE given to the server: connections one process may hold
REQUESTS, AT_ONCE, BATCH = 300, 25, 50


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def _settled(held: Callable[[], int], bound: int, wait: float = 3.0) -> int:
    """``held()`` once the answered requests' threads have finished closing (a client
    has its answer a moment before): the first value within ``bound``, or the last."""
    deadline = time.monotonic() + wait
    while (value := held()) > bound and time.monotonic() < deadline:
        time.sleep(0.1)
    return value


def _load(url: str, held: Callable[[], int], bound: int
          ) -> tuple[list[int], list[int], list[int]]:
    """GET ``url`` REQUESTS times, AT_ONCE at a time, in batches; ``held()`` is sampled
    throughout, and after each batch once settled. Stops as soon as that exceeds
    ``bound`` (before the fix, that spared the other applications on the server).
    Returns (statuses, samples after each batch, samples while requests ran)."""
    after: list[int] = []
    during: list[int] = []
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            during.append(held())
            done.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    statuses: list[int] = []
    try:
        with ThreadPoolExecutor(AT_ONCE) as pool:
            for _ in range(REQUESTS // BATCH):
                statuses += pool.map(_get, [url] * BATCH)
                after.append(_settled(held, bound))
                if after[-1] > bound:
                    break
    finally:
        done.set()
        sampler.join()
    return statuses, after, during


def test_hundreds_of_page_views_on_postgresql_hold_no_more_connections_than_the_pool() -> None:
    with throwaway_database("cardclass_conns") as (url, name):
        page = f"/join/{outside(url, 'pupil')['code']}/"  # the class's names to pick from
        with Daphne(url, env={"DATABASE_POOL_SIZE": str(POOL)}) as server:
            statuses, after, during = _load(server.url + page,
                                            lambda: connections_to(name), POOL)
            time.sleep(1)
            afterwards = connections_to(name)

    assert max(after) <= POOL, f"{max(after)} connections after {len(statuses)} requests"
    assert max(during) <= POOL, f"{max(during)} connections while {AT_ONCE} requests ran"
    assert afterwards <= POOL
    assert statuses == [200] * REQUESTS


def _open_files_on(pid: int, database: Path) -> int:
    """How many of process ``pid``'s file descriptors are on the database's files."""
    count = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:  # closed meanwhile
            continue
        count += target.startswith(str(database))
    return count


def test_hundreds_of_page_views_on_sqlite_leave_no_database_files_open(tmp_path: Path) -> None:
    if not Path("/proc/self/fd").is_dir():
        pytest.skip("counting a process's open files needs /proc (Linux)")
    database = tmp_path / "db.sqlite3"
    page = f"/join/{outside(database, 'pupil')['code']}/"
    with Daphne(database) as server:
        assert server.process is not None
        pid = server.process.pid
        # A connection holds up to three files (the database, its write-ahead log and
        # the log's index); a handful of threads live as long as the server. While
        # requests run, each has its own; counted once they are answered (with SQLite
        # nothing bounds how many run at once but the server's threads).
        statuses, after, _ = _load(server.url + page,
                                   lambda: _open_files_on(pid, database), 3 * POOL)

    assert max(after) <= 3 * POOL, f"{max(after)} files open after {len(statuses)} requests"
    assert statuses == [200] * REQUESTS
