"""Shared by every test directory."""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os

import pytest

# A worker behind answers moves "The table is busy, retrying…" and the page sends them again
# (teaching/runtime/load_shedding.py). The tests' own websocket clients send each move once,
# and a machine running two test processes beside the servers they start is often half a
# second behind: so no server a test starts sheds, nor this process (pytest_configure below);
# the tests of shedding set their own limit.
os.environ["SHED_LAG_MS"] = "0"
# Each page's socket takes a few messages a second, as a pupil sends (teaching/runtime/
# pace.py). The tests' own clients play at the machine's speed, hundreds of moves a second:
# the budget is lifted in the same way, and the tests of it turn it on.
os.environ["SOCKET_BUDGET"] = "off"


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    from django.conf import settings

    if settings.configured:
        settings.SHED_LAG_SECONDS = 0
        settings.SOCKET_BUDGET = False


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Django removes the SQLite test database's file, but not its write-ahead log and
    shared-memory index when a thread's connection still held them open: remove them too."""
    from django.conf import settings

    if not settings.configured:
        return
    name = settings.DATABASES["default"].get("TEST", {}).get("NAME")
    if not name or name.startswith(("file:", ":memory:")):
        return
    for suffix in ("-wal", "-shm", "-journal"):
        with contextlib.suppress(OSError):
            os.remove(name + suffix)


@pytest.fixture(autouse=True)
def _repeatable_tables(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table a test makes is seeded from the test's name and the table's rank, so the
    test plays the same deals, and its robots make the same choices, at every run: a deal that
    breaks what a test assumes (nobody opens, a claim ends the hand early) fails it the day it
    is written, not one run in fifty in CI. Servers that browser tests start are processes of
    their own and deal at random, as the site does."""
    made = itertools.count(1)

    def seed() -> str:
        named = f"{request.node.nodeid}:{next(made)}".encode()
        return hashlib.sha256(named).hexdigest()[:16]

    monkeypatch.setattr("teaching.tables.services.seating.new_table_seed", seed)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests that start servers of their own first: they are the longest (ten
    to sixty seconds each), and `make test` runs the suite on two processes (pytest-xdist),
    which finish together only when the long tests do not come last. Tests on Django's
    test database keep pytest-django's order."""
    def first(item: pytest.Item) -> bool:
        return (item.get_closest_marker("browser") is not None
                and item.get_closest_marker("django_db") is None
                and "live_server" not in getattr(item, "fixturenames", ()))

    items.sort(key=lambda item: not first(item))  # stable: each group keeps its order
