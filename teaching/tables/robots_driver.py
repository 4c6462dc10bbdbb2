"""Robots act from the server: one driver task per table per process.

After a table changes (and when a player connects), the table's consumers
``kick`` the driver. While a robot is to act it waits the class's robot
pause, so pupils can follow the play, then acts through
:func:`teaching.tables.push.robot_act_and_render` with the version it saw and
sends every player's frame, as a pupil's action does. Several
processes may drive the same table: one at a time thinks for its robots (a claim in
the database, teaching.runtime.claims), and the version makes a duplicate harmless
(only one action can take each version).
"""

from __future__ import annotations

import asyncio
import logging

from channels.layers import get_channel_layer

from teaching.runtime import database_calls
from teaching.runtime.database_outage import database_unavailable
from teaching.tables import push as table_push
from teaching.tables.now import RobotTurn
from teaching.tables.services.robots import RobotsBusy, robot_turn

log = logging.getLogger(__name__)

#: How long a driver leaves a table whose robots another worker is acting for.
BUSY_RETRY_SECONDS = 1.0
#: How long a driver waits for a database that could not answer before looking again.
DATABASE_RETRY_SECONDS = 1.0

_tasks: dict[int, asyncio.Task[None]] = {}
#: Tables to look at again, with the robot turn the change announced (or
#: ``None``: ask the database whether a robot is to act).
_wanted: dict[int, RobotTurn | None] = {}
#: The last (hand number, version) a driver of this process acted at, by table.
_acted: dict[int, tuple[int, int]] = {}


def kick(table_id: int, turn: RobotTurn | None = None) -> None:
    """Make sure a robot whose turn it is at ``table_id`` will act. ``turn``,
    when the change that kicks says so, saves asking the database. Must be
    called from the event loop (a consumer)."""
    if turn is not None and (turn.hand_number, turn.version) <= _acted.get(table_id, (-1, -1)):
        return  # this process's driver took that turn itself and is on the next
    if turn is None or table_id not in _wanted:
        _wanted[table_id] = turn
    task = _tasks.get(table_id)
    if task is None or task.done():
        _tasks[table_id] = asyncio.get_running_loop().create_task(_drive(table_id))


async def _drive(table_id: int) -> None:
    layer = get_channel_layer()
    try:
        # A kick while this task is busy leaves the table in _wanted, so the
        # loop looks again; the check and the task's end have no await between
        # them, so a kick can never fall between the two.
        while table_id in _wanted:
            turn = _wanted.pop(table_id)
            if turn is None:
                turn = await database_calls.call_off_loop(robot_turn, table_id=table_id)
            while turn is not None:
                await asyncio.sleep(turn.pause_ms / 1000)
                try:
                    frames = await database_calls.call_off_loop(
                        table_push.robot_act_and_render, turn.table_id, turn.version,
                        turn.hand_number)
                except RobotsBusy:
                    # Another worker is acting for them and will announce it. Should it
                    # die before it does, nothing else would wake this table: look again.
                    await asyncio.sleep(BUSY_RETRY_SECONDS)
                    turn = await database_calls.call_off_loop(robot_turn, table_id=table_id)
                    continue
                if frames is None:
                    # Someone else acted first (another process, or the table
                    # changed): look again after the change's own kick.
                    break
                _acted[table_id] = (frames.hand_number, frames.version)
                await table_push.publish(layer, frames)
                turn = frames.robot_turn
    except Exception as error:
        if not database_unavailable(error):
            log.exception("the robots of table %s stopped", table_id)
        else:
            # PostgreSQL restarting: nothing was taken. Look again shortly, or a robot
            # whose turn it is would wait until someone's socket woke the table (0505).
            log.warning("the robots of table %s wait for the database: %s", table_id, error)
            asyncio.get_running_loop().call_later(DATABASE_RETRY_SECONDS, kick, table_id)
    finally:
        if _tasks.get(table_id) is asyncio.current_task():
            del _tasks[table_id]
        if len(_acted) > 10_000:
            _acted.clear()


async def idle() -> None:
    """Wait until no driver task is running (tests)."""
    while _tasks:
        await asyncio.gather(*list(_tasks.values()), return_exceptions=True)
