"""A worker with more moves than it can take says so at once: "The table is busy, retrying…".

Past a machine's capacity, moves queue: each waits behind all the others, every pupil's
card takes seconds, then their pages time out, and a worker that keeps accepting work it
cannot do serves nobody. So a worker that is behind answers a move with a short message
instead of doing it (no read, no write, no rendering: a few dozen microseconds against a
card's milliseconds), the pupil's page shows it and sends the move again a moment later
(static/js/table.js), and the moves it does take stay quick. Nothing is lost: a move not
taken was not written, and the page sends it again with the version it was made for.

"Behind" is measured where the queue forms. With SQLite a card's work runs on the event
loop (teaching.runtime.database_calls), so the queue is the loop's: a ticker asks to wake
every TICK seconds and notes how late it woke. With PostgreSQL the work waits for the
database thread: each call notes how long it waited to start. The worker is busy while the
larger of the two, halved with every tick, is above ``settings.SHED_LAG_SECONDS`` (a
second by default: as long as the page waits before sending a move again, so that a move is
only turned away when taking it would keep the pupil waiting longer than the retry does;
docs/decisions/0511-a-busy-table-says-so.md, 0513-shed-only-past-a-retrys-wait.md).
bench/load.py counts the moves shed.

A page that went over its budget of messages lately (teaching.runtime.pace: a flood, not a
pupil) is shed first: from FLOODERS_FIRST of that lag, its moves are dropped with "Slow
down" (never a retry), so that the worker catches up before it answers anyone else's
pupils "busy" (docs/decisions/0700-a-page-sends-a-few-messages-a-second.md).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref

from django.conf import settings

log = logging.getLogger(__name__)

#: How often the loop's ticker asks to wake (seconds).
TICK = 0.05
#: Each tick keeps this share of the lag measured before it: a stall is forgotten within a
#: few ticks of the loop catching up (with 0.9, about a second), so the moves sent again
#: after it find the worker taking moves (docs/decisions/0513-shed-only-past-a-retrys-wait.md).
DECAY = 0.5
#: What the pupil reads while the worker is behind, and how long the page waits before
#: sending the move again (milliseconds; the page adds up to half again, so that a
#: class's retries do not all come back in the same instant).
MESSAGE = "The table is busy, retrying…"
RETRY_MS = 1000
#: The share of SHED_LAG_SECONDS from which the moves of a socket that went over its
#: budget lately are shed: a quarter of a second behind by default, four times sooner
#: than a pupil's move is answered busy.
FLOODERS_FIRST = 0.25
#: The log says how many moves were answered busy at most this often (seconds): the sign,
#: for whoever runs the site, that it needs another worker or a larger machine.
LOG_EVERY = 10.0


class _Lag:
    """How far behind this worker is (seconds), from its loop and its database thread."""

    def __init__(self) -> None:
        self.loop_lag = 0.0
        self.thread_wait = 0.0
        self.thread_noted = time.monotonic()

    def thread_wait_now(self, now: float) -> float:
        # The database thread's waits decay with time, as the loop's do with each tick.
        return self.thread_wait * DECAY ** ((now - self.thread_noted) / TICK)

    def seconds(self) -> float:
        return max(self.loop_lag, self.thread_wait_now(time.monotonic()))


_lags: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Lag] = weakref.WeakKeyDictionary()
_tickers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Task[None]] = (
    weakref.WeakKeyDictionary())


def _lag_of(loop: asyncio.AbstractEventLoop) -> _Lag:
    lag = _lags.get(loop)
    if lag is None:
        lag = _lags[loop] = _Lag()
    return lag


async def _tick(lag: _Lag) -> None:
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time()
        await asyncio.sleep(TICK)
        late = max(0.0, loop.time() - asked - TICK)
        lag.loop_lag = max(late, lag.loop_lag * DECAY)


def watch() -> None:
    """Start measuring this worker's loop, once (its first socket calls it)."""
    loop = asyncio.get_running_loop()
    ticker = _tickers.get(loop)
    if ticker is None or ticker.done():
        _tickers[loop] = loop.create_task(_tick(_lag_of(loop)), name="load shedding ticker")


def stop() -> None:
    """Stop this loop's ticker (a test's loop, before it closes)."""
    ticker = _tickers.pop(asyncio.get_running_loop(), None)
    if ticker is not None:
        ticker.cancel()


def note_thread_wait(loop: asyncio.AbstractEventLoop, seconds: float) -> None:
    """A database-thread call waited ``seconds`` to start (teaching.runtime.database_calls)."""
    lag = _lag_of(loop)
    now = time.monotonic()
    lag.thread_wait = max(seconds, lag.thread_wait_now(now))
    lag.thread_noted = now


def behind() -> float:
    """How far behind this worker is, in seconds (0 when it keeps up)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return 0.0
    lag = _lags.get(loop)
    return 0.0 if lag is None else lag.seconds()


def busy() -> bool:
    """Whether a move should be answered "busy, retrying" instead of taken now."""
    limit = settings.SHED_LAG_SECONDS
    return limit > 0 and behind() > limit


def sheds_flooders() -> bool:
    """Whether a move from a socket that went over its budget lately should be shed."""
    limit = settings.SHED_LAG_SECONDS
    return limit > 0 and behind() > limit * FLOODERS_FIRST


_shed_since_logged = 0
_logged_at = float("-inf")


def note_shed() -> None:
    """A move was answered busy: the log says so, at most every LOG_EVERY seconds."""
    global _shed_since_logged, _logged_at
    _shed_since_logged += 1
    now = time.monotonic()
    if now - _logged_at >= LOG_EVERY:
        log.warning("This worker is %.0f ms behind: %d moves answered \"The table is busy, "
                    "retrying\" since the last such line", behind() * 1000, _shed_since_logged)
        _shed_since_logged, _logged_at = 0, now
