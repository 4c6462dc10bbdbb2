"""Announcing that a table changed: to its connections and to the teacher's wall.

Each connection hears "table changed, version V" and renders its own seat's view
(teaching.tables.consumers); a pupil's own action publishes everyone's frames instead
(teaching.tables.push). Announced once the change is committed, by the use case.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection

from teaching.models import Table

log = logging.getLogger(__name__)


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def classroom_group(classroom_id: int) -> str:
    return f"class-{classroom_id}"


def notify_table(table_id: int, version: int) -> None:
    """Tell every connection at the table (and the teacher's wall) that it changed."""
    layer = get_channel_layer()
    if layer is None:
        return
    # Plain SQL: every announcement asks, and the ORM's query cost several times the read.
    with connection.cursor() as cursor:
        cursor.execute(_CLASSROOM_SQL, [table_id])
        table = cursor.fetchone()
    # The stamp names this one change: the connections of a process that hear it
    # share one read of the table (teaching.tables.selectors.player_view).
    stamp = f"{time.time_ns()}-{secrets.token_hex(4)}"
    try:
        _group_send(layer, table_group(table_id), {
            "type": "table.changed", "version": version, "stamp": stamp})
        if table:
            _group_send(layer, classroom_group(table[0]),
                        {"type": "wall.changed", "table": table_id})
    except Exception:  # a broadcast that fails must not undo a committed action
        log.exception("could not broadcast a change of table %s", table_id)


_CLASSROOM_SQL = f"SELECT classroom_id FROM {Table._meta.db_table} WHERE id = %s"

#: The event loop serving this process's sockets and its thread, from the first socket
#: that connects (:func:`sockets_served_here`).
_sockets_loop: tuple[asyncio.AbstractEventLoop, int] | None = None


def sockets_served_here() -> None:
    """Called by each socket as it connects, on the loop that serves it: remember that
    loop, so that changes announced by threads of our own reach its sockets."""
    global _sockets_loop
    loop = asyncio.get_running_loop()
    if _sockets_loop is None or _sockets_loop[0] is not loop:
        _sockets_loop = (loop, threading.get_ident())


def _group_send(layer: Any, group: str, message: dict[str, Any]) -> None:
    """``layer.group_send`` from synchronous code, on the sockets' loop when it runs.

    Django's request threads already hand it there (``async_to_sync`` knows the loop
    that called them), but a thread of our own (the hand's analysis, a session's hand
    records) does not: ``async_to_sync`` would run the send on a new loop of its own,
    and the in-memory layer's queues, which belong to the sockets' loop, would be told
    from the wrong thread: the sockets heard of the change only when something else woke
    their loop (test: an announcement from a background thread arrives at once)."""
    served = _sockets_loop
    if served is not None and served[0].is_running() and served[1] != threading.get_ident():
        asyncio.run_coroutine_threadsafe(layer.group_send(group, message), served[0]).result(
            timeout=30)
    else:
        async_to_sync(layer.group_send)(group, message)
