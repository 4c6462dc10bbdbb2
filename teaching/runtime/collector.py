"""The server's garbage collector: off, but for a full collection on a schedule.

Reference counting frees almost everything the moment it is no longer used;
the collector is only there for objects that refer to each other in a cycle.
In this server it cost more than it found, and it cost it as pauses during
which no table moved:

* Every collection, even a "young" one, walks every container made since the
  last and still alive. Here that is the working set itself, renewed all the
  time: each socket's waiting tasks and coroutines are made anew for every
  message, each table's game for every card. At 150 tables a young collection
  walked 30,000-40,000 objects, 15-30 ms of CPU, every second or so; the
  threshold does not help, since it counts allocations net of frees.
* A full collection walks everything (a thousand sockets' consumers, buffers and
  tasks, every table's cached game): 100-300 ms every few seconds at 150-250
  tables with Python's thresholds.
* And they found little: about 160 unreachable objects a second at 150 tables,
  almost all of them in young collections (docs/benchmarks.md).

So, in the server process (teaching/asgi.py calls :func:`tune_for_server`),
Python never collects by itself. A thread of this module runs a full collection
every ``every`` seconds (10 minutes: one pause of about a tenth of a second,
after some 100,000 objects' worth of cycles, a few tens of megabytes), or
sooner when more than ``kept`` objects have been made and not freed since the
last one (checked every ``check_every`` seconds), so that a burst of cycles
cannot grow the process without bound. What start-up loaded (Django, the URL
patterns, the engine) lives as long as the process: it is frozen
(``gc.freeze``), and no collection walks it again.

Benchmark: bench/load.py (docs/benchmarks.md, "bench/load.py", 2026-11-22 after tuning
the server's garbage collector).
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Schedule:
    """When the collector runs. The defaults are the server's."""

    every: float = 600.0
    kept: int = 250_000
    check_every: float = 5.0


def collect_on_schedule() -> tuple[int, float]:
    """One scheduled full collection: (unreachable objects found, milliseconds)."""
    start = time.perf_counter()
    found = gc.collect()
    pause_ms = (time.perf_counter() - start) * 1000
    log.info("scheduled garbage collection: %d unreachable objects, %.0f ms", found, pause_ms)
    return found, pause_ms


def due(schedule: Schedule, since_last: float, kept: int) -> bool:
    """Whether to collect now: ``since_last`` seconds after the last collection,
    with ``kept`` objects made and not freed since (``gc.get_count()[0]``)."""
    return since_last >= schedule.every or kept > schedule.kept


def _run(schedule: Schedule, stop: threading.Event) -> None:
    last = time.monotonic()
    while not stop.wait(schedule.check_every):
        if not due(schedule, time.monotonic() - last, gc.get_count()[0]):
            continue
        try:
            collect_on_schedule()
        except Exception:  # pragma: no cover - the collector must never stop the server
            log.exception("scheduled garbage collection failed")
        last = time.monotonic()


_started: threading.Event | None = None
_start_lock = threading.Lock()


def tune_for_server(schedule: Schedule | None = None) -> threading.Event:
    """Turn Python's own collections off, freeze what is loaded so far and start
    the scheduled ones; returns the event that stops them. Calling it again
    changes nothing and returns the same event."""
    global _started
    schedule = schedule or Schedule()
    with _start_lock:
        if _started is not None:
            return _started
        gc.disable()
        gc.freeze()
        _started = threading.Event()
        threading.Thread(target=_run, args=(schedule, _started), name="scheduled-gc",
                         daemon=True).start()
        return _started
