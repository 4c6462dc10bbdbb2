"""What the server readies after its port is open, not before: the first card first.

Importing the application (teaching/asgi.py) is all daphne does before it opens its
port, and a server started again after a crash has a class's pages reconnecting at
once. That import used to compile every table template (half a second of one core)
and start the double-dummy solver's process (a new interpreter loading DDS, on the
same two cores): the site took 1.1-1.8 s to import and 1.5-2.7 s to show the first
card after a kill -9, twice what it took before (issue 27).

What the first card needs is loaded as it is needed: its game's module
(``games.registry.game_entry`` imports only the game asked for) and the templates of
its frame (:mod:`teaching.tables.frames` compiles a template at its first use). The
rest waits here, in a thread of its own, until :data:`DELAY` seconds after the import
(daphne opens its port within milliseconds of it): the solver's process started
(``settings.ANALYSE_IN_BACKGROUND``) and the coach's, every registered game imported
and every table template compiled, one at a time with a pause between them so that the server's loop
is never kept from a pupil's card for long. All of it is done before a class that
began together ends its first hands, the reason it was done at the start at all
(docs/decisions/0730-the-first-card-before-the-rest.md).

Benchmark: bench/startup.py (docs/benchmarks.md, "bench/startup.py").
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from django.conf import settings

from games.registry import catalogue
from teaching.runtime import analysis_process, coach_process
from teaching.tables import frames

log = logging.getLogger(__name__)

#: Seconds from the import to the warm-up: long enough for the port to open and the
#: pupils' reconnecting pages to be shown their tables, short enough to be done long
#: before a hand ends.
DELAY = 3.0
#: Seconds between two pieces of the warm-up: the server's loop gets Python's lock back.
PAUSE = 0.01

_started: threading.Thread | None = None
_start_lock = threading.Lock()


def warm_up(pause: float = PAUSE) -> int:
    """Start the solver and the coach's process, import every game, compile every table
    template (``pause`` seconds before each); returns how many templates there were."""
    if getattr(settings, "ANALYSE_IN_BACKGROUND", True):
        analysis_process.start_soon()
    # A pupil's first Help would otherwise wait for a new interpreter to start.
    coach_process.start_soon()
    catalogue()
    frames.warm_cards()
    return frames.compile_all(pause=pause)


def start(delay: float = DELAY, work: Callable[[], int] | None = None) -> threading.Thread:
    """Warm up (``work``, :func:`warm_up` unless told) ``delay`` seconds from now, in a
    thread of its own (teaching/asgi.py, once the application is made). Calling it again
    starts nothing and returns the same thread (tests join it)."""
    global _started
    todo = work or warm_up
    with _start_lock:
        if _started is None:
            def later() -> None:
                time.sleep(delay)
                began = time.monotonic()
                try:
                    count = todo()
                except Exception:  # what failed here fails again, and says so, when needed
                    log.exception("warming up the server failed")
                    return
                log.info("warmed up: the solver and coach started, every game loaded, %d templates "
                         "compiled in %.2f s", count, time.monotonic() - began)

            _started = threading.Thread(target=later, name="warm-up", daemon=True)
            _started.start()
        return _started
