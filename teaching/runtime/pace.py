"""How fast a page may send on its socket: a few messages a second, never a queue without end.

A pupil sends a move or two a second at most. One page that sent a stale move in a loop
(a script, a stuck retry, a page gone wrong) stalled every table of its worker: daphne
queued the socket's messages without limit, the consumer took them one after the other
without giving the loop back, the worker fell seconds behind, its memory grew by hundreds
of megabytes, and the load shedding meant to protect the class answered the pupils at the
other tables "busy" (issue 27; docs/decisions/0700-a-page-sends-a-few-messages-a-second.md).

So each socket has a budget, a token bucket: BURST messages at once, refilled at RATE a
second. A message over it is dropped where it arrives, before it is read or queued
(daphne's put into the socket's one inbox: teaching.runtime.dispatch), and in its place
the consumer hears ``socket.slow_down``, at most once every NOTE_EVERY seconds, to tell
that page only. At most MAX_PENDING of a socket's messages wait to be handled; past that
they are dropped the same way. A socket still over its budget FLOOD_SECONDS after it went
over, or with FLOOD_DROPS dropped meanwhile, is sent ``socket.flooding`` and closed with
FLOODING, which the page does not reopen (static/js/table.js). A socket over its budget in
the last SUSPECT_SECONDS is shed before anyone else's when the worker falls behind
(:func:`teaching.runtime.load_shedding.sheds_flooders`).
"""

from __future__ import annotations

import asyncio
import enum
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

#: Messages a page may send at once: a double click, a card and "Next deal", the moves a
#: page sends again together after the network came back. Well above a pupil's pace.
BURST = 8
#: Messages a second the budget refills by: a quick pupil plays a card every 0.3 s at the
#: very fastest; four a second lets that through with room, and caps a flooder's work at
#: about what one quick pupil costs.
RATE = 4.0
#: A socket's messages waiting to be handled at most: a pupil has one or two waiting at
#: the worst; more means the page sends faster than the worker answers it.
MAX_PENDING = 16
#: "Slow down" is said at most this often (seconds), so that the answers to a flood are
#: not a flood themselves.
NOTE_EVERY = 2.0
#: A socket over its budget for this long (seconds) without letting the budget fill up
#: again is closed: a mistaken burst has stopped by then, a flood has not.
FLOOD_SECONDS = 5.0
#: A socket that had this many messages dropped in one spell over its budget is closed at
#: once: a hundred moves nobody made, sent by a page in a loop; the seconds above would
#: have the worker read tens of thousands more (docs/benchmarks.md, "bench/flood.py").
FLOOD_DROPS = 100
#: For this long (seconds) after it last went over its budget, a socket's messages are
#: the first to be shed when the worker falls behind.
SUSPECT_SECONDS = 10.0
#: The close code of a socket closed for flooding (as HTTP's 429, "too many requests").
#: Not one the page's websocket extension reopens (it reopens after 1006 and 1011-1013).
FLOODING = 4429
#: What the page shows when its messages were dropped, and when its socket was closed.
SLOW_DOWN = "Slow down: this page sent too many messages at once. Wait a moment, then play on."
CLOSED = "Too many messages from this page: reload it to play on."

#: The pace's clock; tests put a clock of their own here.
clock: Callable[[], float] = time.monotonic


class Verdict(enum.Enum):
    TAKE = "take"
    DROP = "drop"
    #: Dropped, and the page is to be told "Slow down".
    NOTE = "note"
    #: Dropped, and the socket is to be closed: it kept flooding.
    CLOSE = "close"


class Budget:
    """One socket's budget of messages, and how many of its messages wait."""

    def __init__(self, now: float | None = None) -> None:
        self.tokens = float(BURST)
        self.at = clock() if now is None else now
        #: When this spell over the budget began (``None``: not over it now).
        self.over_since: float | None = None
        #: Messages dropped in this spell.
        self.dropped = 0
        self.last_over = -math.inf
        self.noted_at = -math.inf
        self.pending = 0
        self.closing = False

    def arrived(self, now: float) -> Verdict:
        """A message from the page arrived: take it, or drop it (and what to say)."""
        if self.closing:
            return Verdict.DROP
        self._refill(now)
        if self.tokens >= 1 and self.pending < MAX_PENDING:
            self.tokens -= 1
            self.pending += 1
            return Verdict.TAKE
        self.last_over = now
        if self.over_since is None:
            self.over_since, self.dropped = now, 0
        self.dropped += 1
        if now - self.over_since >= FLOOD_SECONDS or self.dropped >= FLOOD_DROPS:
            self.closing = True
            return Verdict.CLOSE
        return Verdict.NOTE if self.note_due(now) else Verdict.DROP

    def taken(self) -> None:
        """The consumer took one of the page's messages out of its inbox."""
        self.pending = max(0, self.pending - 1)

    def note_due(self, now: float) -> bool:
        """Whether "Slow down" may be said now (and, if so, it counts as said)."""
        if now - self.noted_at < NOTE_EVERY:
            return False
        self.noted_at = now
        return True

    def suspect(self, now: float) -> bool:
        """Whether this socket went over its budget lately: shed first when behind."""
        return now - self.last_over < SUSPECT_SECONDS

    def _refill(self, now: float) -> None:
        self.tokens = min(float(BURST), self.tokens + max(0.0, now - self.at) * RATE)
        self.at = now
        if self.tokens >= BURST:  # quiet long enough: the spell over the budget is over
            self.over_since = None


def _instead(verdict: Verdict) -> dict[str, Any] | None:
    """What the consumer hears in place of a dropped message (``None``: nothing)."""
    if verdict is Verdict.NOTE:
        return {"type": "socket.slow_down"}
    if verdict is Verdict.CLOSE:
        return {"type": "socket.flooding"}
    return None


def pace_inbox(inbox: asyncio.Queue[Any], budget: Budget) -> None:
    """Judge each of the page's messages as it is put into ``inbox`` (the consumer's one
    queue, daphne's): over the budget, it is never queued. The channel layer's messages
    (the news of the table) go in as before."""
    put = inbox.put_nowait

    def put_paced(message: Any) -> None:
        if not isinstance(message, dict) or message.get("type") != "websocket.receive":
            put(message)
            return
        verdict = budget.arrived(clock())
        if verdict is Verdict.TAKE:
            put(message)
            return
        instead = _instead(verdict)
        if instead is not None:
            put(instead)

    # daphne (and Channels' test communicator) put through the queue's own put_nowait.
    inbox.put_nowait = put_paced  # type: ignore[method-assign,assignment]


def paced_receive(receive: Callable[[], Awaitable[Any]],
                  budget: Budget) -> Callable[[], Awaitable[Any]]:
    """``receive``, judging the page's messages as they are taken out: for a server whose
    queue this cannot see, the budget still holds, though not the bound on what waits."""

    async def receive_paced() -> Any:
        while True:
            message = await receive()
            if not isinstance(message, dict) or message.get("type") != "websocket.receive":
                return message
            verdict = budget.arrived(clock())
            if verdict is Verdict.TAKE:
                return message
            instead = _instead(verdict)
            if instead is not None:
                return instead

    return receive_paced
