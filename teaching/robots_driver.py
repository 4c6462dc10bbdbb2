"""Robots act from the server: one driver task per table per process.

After a table changes (and when a player connects), the table's consumers
``kick`` the driver. While a robot is to act it waits the class's robot
pause, so pupils can follow the play, then calls
:func:`teaching.services_tables.robot_act` with the version it saw. Several
processes may drive the same table: the version makes a duplicate harmless
(only one action can take each version), so no cross-process lock is needed.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async

from teaching import services_tables as tables

log = logging.getLogger(__name__)

_tasks: dict[int, asyncio.Task[None]] = {}
_wanted: set[int] = set()


def kick(table_id: int) -> None:
    """Make sure a robot whose turn it is at ``table_id`` will act. Must be
    called from the event loop (a consumer)."""
    _wanted.add(table_id)
    task = _tasks.get(table_id)
    if task is None or task.done():
        _tasks[table_id] = asyncio.get_running_loop().create_task(_drive(table_id))


async def _drive(table_id: int) -> None:
    try:
        # A kick while this task is busy leaves the table in _wanted, so the
        # loop looks again; the check and the task's end have no await between
        # them, so a kick can never fall between the two.
        while table_id in _wanted:
            _wanted.discard(table_id)
            while True:
                turn = await database_sync_to_async(tables.robot_turn)(table_id=table_id)
                if turn is None:
                    break
                await asyncio.sleep(turn.pause_ms / 1000)
                acted = await database_sync_to_async(tables.robot_act)(
                    table_id=table_id, version=turn.version, hand_number=turn.hand_number
                )
                if acted is None:
                    # Someone else acted first (another process, or the table
                    # changed): look again after the change's own kick.
                    break
    except Exception:
        log.exception("the robots of table %s stopped", table_id)
    finally:
        if _tasks.get(table_id) is asyncio.current_task():
            del _tasks[table_id]


async def idle() -> None:
    """Wait until no driver task is running (tests)."""
    while _tasks:
        await asyncio.gather(*list(_tasks.values()), return_exceptions=True)
