"""The table's websocket: ``ws/table/<id>/``, one per pupil per table.

Connect: check access (the page's rule), join the table's group, send the
whole table for the current version. Receive ``{"action": ..., "version":
V}`` (what htmx's ws-send posts; its ``HEADERS`` are ignored), act through
:func:`teaching.tables.services.acting.table_act` (or, for ``{"deal": "next 3"}`` from
the buttons after a hand, deal through ``table_deal``) and render every seated pupil's
frame in the same database call (teaching.tables.push; with SQLite the call
runs on the event loop itself, teaching.runtime.database_calls); on a
refusal tell only this client why, with a fresh view. On "table.frames" send
this connection's own pupil's frame; on "table.changed" (a change made
elsewhere) render this seat's view and send it. htmx swaps the fragments by id.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer

from teaching.models import Table
from teaching.runtime import database_calls, database_outage, layer_watch, load_shedding, pace
from teaching.runtime.dispatch import DirectDispatch
from teaching.sockets import FewSocketsPerUser
from teaching.tables import frames, robots_driver, selectors
from teaching.tables import push as table_push
from teaching.tables.announce import sockets_served_here, table_group
from teaching.tables.closed import where_after_closing
from teaching.tables.services import ActionRefused

log = logging.getLogger(__name__)

#: A move is a few dozen bytes; anything this big is refused before parsing.
MAX_FRAME = 4096
_KEYS = {"action", "arg", "version", "seat", "table", "deal", "HEADERS"}
#: After a hand: "next <the hand number seen finish>" or "again <that hand's id>".
_DEAL = re.compile(r"(next|again) ([0-9]{1,12})")
#: The close code of a closed table's socket, after the frame that says where the pupil
#: plays now (the page goes there: static/js/table.js). Not one the browser reopens.
TABLE_CLOSED = 4410
#: The browser is no longer logged in (its session ran out): the page reloads, and the
#: pupils' login brings the pupil back to it (decision 0423).
LOGGED_OUT = 4401
#: The database could not answer the handshake: "try again later". The handshake is
#: refused, and the page's websocket extension tries again, as after a worker that went away.
TRY_AGAIN_LATER = 1013


class Moved(str):
    """The frame of a closed table's page: where its pupil plays now (frames.render_moved)."""


class BadMessage(Exception):
    """A frame that is not a table message; the text is what the player reads."""


class TableConsumer(DirectDispatch, FewSocketsPerUser, AsyncWebsocketConsumer):
    table_id: int
    group: str = ""
    #: The last frame sent: several changes heard late render the same table once.
    last_sent: str = ""
    #: (hand number, version) of the newest frame sent: an older one arriving
    #: late (a change rendered by another connection) is not sent after it.
    shown: tuple[int, int] = (-1, -1)
    #: The refusal this player was last shown, with the number of the hand it was about.
    #: It stays on screen through everyone else's changes (a robot's card, another seat's
    #: bid) until this player acts again or a new hand is dealt
    #: (docs/decisions/0402-a-message-stays-until-its-pupil-acts.md).
    refusal: tuple[int, str] | None = None
    # gone (DirectDispatch): also once the table was closed and the page told where to go,
    # or the socket was closed for flooding (teaching.runtime.pace).
    #: The user's id as text, the key of this pupil's frame in a "table.frames" message.
    user_key: str = ""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            # Accepted only to be closed with a code the page reads: a refused handshake
            # reaches the browser as a bare 1006, and it would try again for ever.
            await self.accept()
            await self.close(code=LOGGED_OUT)
            return
        if load_shedding.busy():
            # Opening a table costs a read and a whole table's frame: a worker past its
            # capacity asks the page to try again later, which it does after a wait that
            # grows at random (htmx's reconnect), instead of falling further behind.
            load_shedding.note_shed()
            await self.close(code=TRY_AGAIN_LATER)
            return
        table_id = self.scope["url_route"]["kwargs"]["table_id"]
        try:
            table = await database_calls.call(_player_table, user, table_id)
        except Exception as error:
            if not database_outage.database_unavailable(error):
                raise
            await self.close(code=TRY_AGAIN_LATER)
            return
        if table is None:
            # Refuse the handshake: the same answer as the page's 404.
            await self.close(code=4404)
            return
        sockets_served_here()
        self.table_id = table.id
        self.user_key = str(user.pk)
        self.group = table_group(table.id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        layer_watch.watch(self)
        load_shedding.watch()
        robots_driver.kick(self.table_id)
        await self.send_table()

    async def disconnect(self, code: int) -> None:
        layer_watch.forget(self)
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        user = self.scope["user"]
        # The player acts: the message they were reading has been read.
        self.refusal = None
        try:
            message = self._read(text_data, bytes_data)
            if "deal" in message:
                work = (table_push.deal_and_render, user, self.table_id, *self._deal(message))
            else:
                work = (table_push.act_and_render, user, self.table_id, *self._parse(message))
            if self.budget.suspect(pace.clock()) and load_shedding.sheds_flooders():
                # This page went over its budget lately: its moves go first when the
                # worker falls behind, with "Slow down" (at most now and then) and no
                # retry, so that the other tables' pupils are not the ones answered busy.
                load_shedding.note_shed()
                if self.budget.note_due(pace.clock()):
                    await self.slow_down(pace.SLOW_DOWN)
                return
            if load_shedding.busy():
                # Checked after reading, so that a bad message still hears what is wrong.
                load_shedding.note_shed()
                await self.send_retrying(load_shedding.MESSAGE)
                return
            frames = await database_calls.call(*work)
        except BadMessage as exc:
            await self.send_table(error=str(exc))
            return
        except ActionRefused as exc:
            await self.send_table(error=exc.message)
            return
        except Exception as error:
            if not database_outage.database_unavailable(error):
                raise
            # Nothing was taken: the pupil keeps the table they see, and sends it again.
            await self.send_unavailable()
            return
        if frames is None:  # another player dealt first: this one sees the new hand
            await self.send_table()
            return
        # Every connection at the table hears of it, this one included.
        if not await table_push.publish(self.channel_layer, frames):
            # The news could not go out (Redis restarting): the move is taken all the
            # same, and this pupil sees it now; the others as soon as Redis is back
            # (teaching.runtime.layer_watch; docs/decisions/0504-redis-restarted.md).
            await self.send_table()

    def _read(self, text_data: str | None, bytes_data: bytes | None) -> dict[str, Any]:
        if text_data is None:
            raise BadMessage("Send table messages as text.")
        if len(text_data) > MAX_FRAME:
            raise BadMessage("That message is too big to be a move.")
        try:
            message = json.loads(text_data)
        except ValueError as exc:
            raise BadMessage("That message could not be read.") from exc
        if not isinstance(message, dict):
            raise BadMessage("That message could not be read.")
        unknown = sorted(set(message) - _KEYS)
        if unknown:
            raise BadMessage(f"That message has fields a move does not have: {', '.join(unknown)}.")
        if "table" in message and str(message["table"]) != str(self.table_id):
            raise BadMessage("That move is for another table.")
        return message

    @staticmethod
    def _deal(message: dict[str, Any]) -> tuple[str, int]:
        """The "Next deal" and "Play it again" buttons' message."""
        deal = message.get("deal")
        matched = _DEAL.fullmatch(deal) if isinstance(deal, str) else None
        if matched is None:
            raise BadMessage("That button was out of date: here is the table now.")
        return matched.group(1), int(matched.group(2))

    @staticmethod
    def _parse(message: dict[str, Any]) -> tuple[str, int | None, str | None]:
        action, arg = message.get("action"), message.get("arg")
        if not isinstance(action, str) or not action.strip():
            raise BadMessage("That message has no action.")
        if isinstance(arg, list) and arg and all(isinstance(a, (str, int)) for a in arg):
            # A form of several boxes named "arg" (a suit, a length, a count): its answers
            # in the form's order, as one action's words.
            arg = " ".join(str(a).strip() for a in arg)
        if arg is not None:
            if not isinstance(arg, (str, int)) or isinstance(arg, bool) or not str(arg).strip():
                raise BadMessage("Please fill in your answer first.")
            action = f"{action} {arg}"
        version = message.get("version")
        if version is not None:
            try:
                version = int(version)
            except (TypeError, ValueError) as exc:
                raise BadMessage("That message is not for any version of this table.") from exc
        seat = message.get("seat")
        if seat is not None and not isinstance(seat, str):
            raise BadMessage("You can only act for your own seat.")
        return action, version, seat

    async def table_changed(self, event: dict[str, Any]) -> None:
        # Kick first: the robot's pause starts now, not after this render.
        robots_driver.kick(self.table_id)
        await self.send_table(stamp=event.get("stamp"))

    async def table_frames(self, event: dict[str, Any]) -> None:
        turn = table_push.robot_turn_of(event)
        if turn is not None:
            robots_driver.kick(self.table_id, turn)
        if self.gone:
            return
        html = (event.get("frames") or {}).get(self.user_key)
        if html is None:  # not among the seated pupils it was rendered for
            await self.send_table()
            return
        shown = (int(event.get("hand") or 0), int(event.get("version") or 0))
        if self.refusal is not None:
            if self.refusal[0] == shown[0]:
                html = frames.with_message(html, self.refusal[1])
            else:  # a new hand: the message was about the last one
                self.refusal = None
        if shown < self.shown or html == self.last_sent:
            return
        self.shown, self.last_sent = shown, html
        await self.send(text_data=html)

    async def send_table(self, error: str = "", stamp: str | None = None) -> None:
        if self.gone:
            return
        kept = None if error else self.refusal
        try:
            rendered = await database_calls.call(
                render_for_player, self.scope["user"], self.table_id, error, stamp, kept
            )
        except Exception as exc:
            if not database_outage.database_unavailable(exc):
                raise
            await self.send_unavailable()
            return
        if rendered is None:  # unseated meanwhile (the teacher moved the pupil)
            await self.close(code=4404)
            return
        if isinstance(rendered, Moved):  # the table is closed: the page goes on at once
            self.gone = True
            await self.send(text_data=str(rendered))
            await self.close(code=TABLE_CLOSED)
            return
        html, shown = rendered
        if error:
            self.refusal = (shown[0], error)
        elif kept is not None and kept[0] != shown[0]:
            self.refusal = None
        if html == self.last_sent and not error:
            return
        # Rendered from the database just now: what it shows is the table's
        # state, even when older (a teacher's undo cuts the version back).
        self.shown, self.last_sent = shown, html
        await self.send(text_data=html)

    async def send_unavailable(self) -> None:
        """The database cannot answer: say so in the message region, leaving the table on
        screen as it was (docs/decisions/0505-postgresql-restarted.md). The page sends the
        move again, or, with none waiting, asks for the table again, until the next frame
        rendered, once it answers, replaces the message."""
        await self.send_retrying(database_outage.MESSAGE)

    async def send_retrying(self, message: str) -> None:
        """The move was not taken, for now: the message region says why, and the page sends
        the move again after RETRY_MS (static/js/table.js)."""
        self.last_sent = ""
        await self.send(text_data=frames.render_messages(message, load_shedding.RETRY_MS))

    async def socket_flooding(self, event: dict[str, Any]) -> None:
        await super().socket_flooding(event)
        self.gone = True  # the table's news meanwhile is not sent to a closing socket

    async def slow_down(self, message: str) -> None:
        """The page sent more than its budget (teaching.runtime.pace): the message region
        says so, with no retry (the page must not send the moves again), and the table
        stays on screen as it was, until its next frame replaces the message."""
        self.last_sent = ""
        await self.send(text_data=frames.render_messages(message))

    async def layer_back(self) -> None:
        """The channel layer is back after Redis restarted: news sent meanwhile was lost,
        so the table is sent again as it stands (teaching.runtime.layer_watch)."""
        robots_driver.kick(self.table_id)
        await self.send_table()


def _player_table(user: Any, table_id: Any) -> Table | None:
    if user is None:
        return None
    return selectors.table_for_player(user, table_id)


def render_for_player(user: Any, table_id: int, error: str = "", stamp: str | None = None,
                      kept: tuple[int, str] | None = None
                      ) -> tuple[str, tuple[int, int]] | Moved | None:
    """The fragments one player's socket receives: the whole table as their
    seat sees it, and the message region (an error for them, or empty); with
    the (hand number, version) they show. ``kept``: a refusal shown earlier and
    the number of the hand it was about, shown again while that hand is on the
    table. ``None`` if the user is not seated; for a closed table, the frame that
    sends the page where the pupil plays now (:class:`Moved`)."""
    tv = selectors.player_view(user, table_id, stamp)
    if tv is False:
        return None
    table = tv.table if tv else Table.objects.get(pk=table_id)
    if table.closed:
        go_on = where_after_closing(user, table)
        return Moved(frames.render_moved(go_on.address, go_on.name))
    shown = (tv.hand.number, tv.version) if tv else (0, 0)
    if not error and kept is not None and kept[0] == shown[0]:
        error = kept[1]
    return frames.render_frame(tv, table, error), shown
