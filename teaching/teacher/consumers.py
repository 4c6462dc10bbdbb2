"""The teacher's live sockets: the wall of a class's tables and watching one table.

``ws/classes/<id>/wall/`` joins the class's group and the groups of the tables it shows,
and sends the changed table's tile (htmx swaps it by id) on "wall.changed" (the teacher's
forms, a table seated or closed) and on "table.frames" (a card: the one message the table's
pupils hear, decision 0880); a table the page does not show yet (just seated) or no longer
shows (closed) sends the whole wall.
``ws/tables/<id>/watch/`` joins the table's group and, on "table.changed"
or "table.frames", sends the table with every hand open. Only the class's teachers connect;
everyone else is refused at the handshake, as the pages answer 404. Neither
socket takes actions: pausing and undoing are forms on the watch page.
"""

from __future__ import annotations

import logging
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils.html import escape

from teaching.classes.selectors import classroom_for_teacher
from teaching.runtime import layer_watch
from teaching.runtime.dispatch import DirectDispatch
from teaching.sockets import FewSocketsPerUser
from teaching.tables import push as table_push
from teaching.tables import robots_driver
from teaching.tables.announce import classroom_group, sockets_served_here, table_group
from teaching.teacher import selectors as sel

log = logging.getLogger(__name__)


class _TeacherSocket(DirectDispatch, FewSocketsPerUser, AsyncWebsocketConsumer):
    """Refuses every message: these sockets only listen."""

    group: str = ""

    async def disconnect(self, code: int) -> None:
        layer_watch.forget(self)
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Nothing to do: the page's buttons are ordinary forms. Say so, change nothing.
        await self.slow_down("This page only listens.")

    async def slow_down(self, message: str) -> None:
        """A note in the page's socket-note region: what was sent is not taken. (Its
        messages are held to a budget as a pupil's are: teaching.runtime.pace.)"""
        await self.send(text_data='<div id="socket-note" class="socket-note" role="status" '
                                  'hx-swap-oob="true"><p class="message message-error">'
                                  f'{escape(message)}</p></div>')


class WallConsumer(_TeacherSocket):
    classroom_id: int
    shown: frozenset[int] = frozenset()
    #: The tables whose groups this socket has joined: a card played at one is announced
    #: to its group alone, and the wall hears it there.
    following: frozenset[int] = frozenset()

    async def connect(self) -> None:
        user = self.scope.get("user")
        classroom_id = self.scope["url_route"]["kwargs"]["classroom_id"]
        classroom = await database_sync_to_async(_classroom)(user, classroom_id)
        if classroom is None:
            await self.close(code=4404)
            return
        sockets_served_here()
        self.classroom_id = classroom.id
        self.group = classroom_group(classroom.id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        layer_watch.watch(self)
        await self.send_wall()

    async def disconnect(self, code: int) -> None:
        await self.follow(frozenset())
        await super().disconnect(code)

    async def layer_back(self) -> None:
        """Redis is back after a restart: the tables' news meanwhile was lost (0504)."""
        await self.send_wall()

    async def follow(self, tables: frozenset[int]) -> None:
        """Listen to these tables' groups, and to no other table's."""
        for table_id in tables - self.following:
            await self.channel_layer.group_add(table_group(table_id), self.channel_name)
        for table_id in self.following - tables:
            await self.channel_layer.group_discard(table_group(table_id), self.channel_name)
        self.following = tables

    async def wall_changed(self, event: dict[str, Any]) -> None:
        table_id = event.get("table")
        if isinstance(table_id, int) and table_id not in self.following:
            # A table just seated: listen before reading it, so that no card played
            # between the read and the joining goes unheard.
            await self.follow(self.following | {table_id})
        html, shown = await database_sync_to_async(render_wall_change)(
            self.scope["user"], self.classroom_id, table_id, self.shown)
        if html is None:  # no longer a teacher of this class
            await self.close(code=4404)
            return
        await self.show(html, shown)

    async def table_frames(self, event: dict[str, Any]) -> None:
        """A card (or a new deal) at one of the tables shown: its tile."""
        await self.wall_changed({"table": event.get("table")})

    async def table_changed(self, event: dict[str, Any]) -> None:
        """Nothing: whoever announces a table's change to its group also tells the class's
        group, whose "wall.changed" renders the tile (teaching.tables.announce)."""

    async def send_wall(self) -> None:
        ids = await database_sync_to_async(_table_ids)(self.scope["user"], self.classroom_id)
        if ids is None:
            await self.close(code=4404)
            return
        await self.follow(ids)  # before the read, as for a table just seated
        html, shown = await database_sync_to_async(render_wall)(self.scope["user"],
                                                                self.classroom_id)
        if html is None:
            await self.close(code=4404)
            return
        await self.show(html, shown)

    async def show(self, html: str, shown: frozenset[int]) -> None:
        await self.follow(shown)  # a table closed is no longer listened to
        self.shown = shown
        await self.send(text_data=html)


class WatchConsumer(_TeacherSocket):
    table_id: int

    async def connect(self) -> None:
        user = self.scope.get("user")
        table_id = self.scope["url_route"]["kwargs"]["table_id"]
        table = await database_sync_to_async(_table)(user, table_id)
        if table is None:
            await self.close(code=4404)
            return
        sockets_served_here()
        self.table_id = table.id
        self.group = table_group(table.id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        layer_watch.watch(self)
        await self.send_board()
        # A table whose pupils are all away still plays its robots while watched.
        robots_driver.kick(self.table_id)

    async def layer_back(self) -> None:
        """Redis is back after a restart: the table's news meanwhile was lost (0504)."""
        await self.send_board()
        robots_driver.kick(self.table_id)

    async def table_changed(self, event: dict[str, Any]) -> None:
        await self.send_board()
        robots_driver.kick(self.table_id)

    async def table_frames(self, event: dict[str, Any]) -> None:
        # The players' frames are not the teacher's (every hand open): render the board.
        await self.send_board()
        turn = table_push.robot_turn_of(event)
        if turn is not None:
            robots_driver.kick(self.table_id, turn)

    async def send_board(self) -> None:
        html = await database_sync_to_async(render_watch)(self.scope["user"], self.table_id)
        if html is None:
            await self.close(code=4404)
            return
        await self.send(text_data=html)


# -- rendering (synchronous: run through database_sync_to_async) ------------------------

def _classroom(user: Any, classroom_id: Any) -> Any:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return classroom_for_teacher(user, classroom_id)


def _table(user: Any, table_id: Any) -> Any:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return sel.table_for_teacher(user, table_id)


def _table_ids(user: Any, classroom_id: int) -> frozenset[int] | None:
    """The tables the wall shows; ``None`` when the user no longer teaches the class."""
    classroom = _classroom(user, classroom_id)
    if classroom is None:
        return None
    return frozenset(sel.class_tables(classroom).values_list("pk", flat=True))


def render_wall(user: Any, classroom_id: int) -> tuple[str | None, frozenset[int]]:
    """The whole wall, swapped in by id; and the tables it shows."""
    classroom = _classroom(user, classroom_id)
    if classroom is None:
        return None, frozenset()
    tiles = sel.wall_tiles(classroom)
    html = render_to_string("teacher/wall.html#wall",
                            {"classroom": classroom, "tiles": tiles, "oob": True})
    return html, frozenset(t.table.id for t in tiles)


def render_wall_change(user: Any, classroom_id: int, table_id: Any,
                       shown: frozenset[int]) -> tuple[str | None, frozenset[int]]:
    """One table's tile when the page already shows it and it is still open;
    otherwise the whole wall (a table was seated, closed or is unknown)."""
    classroom = _classroom(user, classroom_id)
    if classroom is None:
        return None, frozenset()
    table = sel.class_tables(classroom).filter(pk=table_id).first() if table_id else None
    if table is None or table.id not in shown:
        return render_wall(user, classroom_id)
    html = render_to_string("teacher/wall.html#tile",
                            {"classroom": classroom, "tile": sel.wall_tile(table), "oob": True})
    return html, shown


def render_watch(user: Any, table_id: int) -> str | None:
    table = _table(user, table_id)
    if table is None:
        return None
    return render_to_string("teacher/watch.html#board", {
        "table": table, "classroom": table.classroom, "watch": sel.watch(table), "oob": True,
    })
