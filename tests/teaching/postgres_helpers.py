"""A throwaway database on the local PostgreSQL server, for tests that need a real one.

``TEST_POSTGRES_URL`` names the server (any database on it: the throwaway one is
made beside it); where no server answers, the test is skipped and says why.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

POSTGRES = os.environ.get("TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")


def admin() -> Any:
    """An autocommit connection to the server's maintenance database; skips without one."""
    try:
        import psycopg

        return psycopg.connect(POSTGRES, autocommit=True, connect_timeout=3)
    except Exception as exc:  # no server here: CI has one
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES}: {exc}")


@contextlib.contextmanager
def throwaway_database(prefix: str = "cardclass_test") -> Iterator[tuple[str, str]]:
    """``(url, name)`` of a new empty database, dropped afterwards (with its connections)."""
    server = admin()
    name = f"{prefix}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    server.execute(f'CREATE DATABASE "{name}"')
    try:
        yield POSTGRES.rsplit("/", 1)[0] + "/" + name, name
    finally:
        server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        server.close()


def connections_to(name: str) -> int:
    """How many connections the server holds to database ``name`` (pg_stat_activity)."""
    with admin() as server:
        row = server.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s",
                             (name,)).fetchone()
    return int(row[0])
