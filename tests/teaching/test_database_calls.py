"""Where the table's socket runs its database work (teaching.database_calls)."""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.db import connections

from teaching import database_calls
from teaching.models import Table

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
