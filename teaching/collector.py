"""The server's garbage collector: young collections as Python runs them, the
older generations on a schedule.

Reference counting frees almost everything the moment it is no longer used;
the collector is only there for objects that refer to each other in a cycle.
CPython's collector is generational: a young collection walks the objects made
since the last one (about a millisecond here), and every so often an older one
walks far more, up to every object the process holds. In this server that is
a thousand sockets' consumers, tasks and buffers plus every table's cached
game: a full collection stopped every table for 100-300 ms, every few seconds
at 150-250 tables, and all the cards played meanwhile waited for it (the p99 of
bench/load.py was the length of that pause).

Yet almost no garbage reaches the older generations here: at 150 tables the
young collections found about 160 unreachable objects a second and the older
ones about 20 (docs/benchmarks.md). So, in the server process only
(teaching/asgi.py calls :func:`tune_for_server`):

* young collections run as Python runs them, after ``young`` allocations;
* Python never starts an older one itself; a thread of this module runs a full
  collection every ``every`` seconds instead (10 minutes: one pause of a tenth
  of a second or so, and a few thousand objects' worth of cycles meanwhile);
* what is loaded by start-up (Django, the URL patterns, the engine) lives as
  long as the process: frozen (``gc.freeze``), no collection walks it again.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from dataclasses import dataclass

log = logging.getLogger(__name__)

#: A threshold Python never reaches: the generation is only collected on schedule.
NEVER = 1 << 30


@dataclass(frozen=True)
class Schedule:
    """When the collector runs. The defaults are the server's."""

    young: int = 5_000
    every: float = 600.0


def collect_on_schedule() -> tuple[int, float]:
    """One scheduled full collection: (unreachable objects found, milliseconds)."""
    start = time.perf_counter()
    found = gc.collect()
    pause_ms = (time.perf_counter() - start) * 1000
    log.info("scheduled garbage collection: %d unreachable objects, %.0f ms", found, pause_ms)
    return found, pause_ms


def _run(schedule: Schedule, stop: threading.Event) -> None:
    while not stop.wait(schedule.every):
        try:
            collect_on_schedule()
        except Exception:  # pragma: no cover - the collector must never stop the server
            log.exception("scheduled garbage collection failed")


_started: threading.Event | None = None
_start_lock = threading.Lock()


def tune_for_server(schedule: Schedule | None = None) -> threading.Event:
    """Set the thresholds, freeze what is loaded so far and start the scheduled
    collections; returns the event that stops them. Calling it again changes
    nothing and returns the same event."""
    global _started
    schedule = schedule or Schedule()
    with _start_lock:
        if _started is not None:
            return _started
        gc.set_threshold(schedule.young, NEVER, NEVER)
        gc.freeze()
        _started = threading.Event()
        threading.Thread(target=_run, args=(schedule, _started), name="scheduled-gc",
                         daemon=True).start()
        return _started
