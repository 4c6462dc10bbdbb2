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
Python never collects by itself. What start-up loaded (Django, the URL patterns, the
engine) lives as long as the process: it is frozen (``gc.freeze``), and no collection
walks it. A thread of this module collects on a schedule, in two kinds:

* **what was made since the last collection**, once more than ``kept`` objects have been
  made and not freed since (checked every ``check_every`` seconds), so that a burst of
  cycles cannot grow the process without bound; what survives is frozen in its turn, so
  the next collection walks only what is new again. A collection's pause grows with what
  it walks: walking everything each time (the thousands of sockets' consumers and the
  tables' cached games included) paused the loop up to 486 ms at 400 tables
  (bench/load.py), what was new 226 ms. Collecting more often makes shorter pauses but
  more of them, which touched more cards (docs/decisions/0514).

  That walk only pays where cycles are made fast. Mostly they are not: the ``kept``
  objects are the tables' games and kept pieces and the sockets, alive, and the walk of
  them found a few thousand dead objects in 250,000 (three for each query with
  ``select_related``, from a recursive function Django's compiler defines) for a pause of
  150-280 ms at 250-500 tables, in the minutes after a class's sockets open. So what is
  new is walked only when the last walk found cycles made at a pace that would pass
  ``kept`` objects before the next collection of everything; otherwise it is frozen
  unwalked (no pause: freezing moves lists, it walks nothing) and its cycles wait for
  that collection (docs/decisions/0523).
* **everything**, every ``every`` seconds (10 minutes): the frozen objects are thawed
  first, so that cycles among those that died since (a closed socket's consumer) are
  found too. A longer pause: 621 ms at 500 tables. By the same reckoning, while such a
  collection finds cycles made slowly enough that twice the time would still leave fewer
  than ``kept`` objects waiting, the next comes twice as late, up to ``longest``
  seconds; one that finds more brings the next back to ``every``.

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
    longest: float = 4800.0
    kept: int = 250_000
    check_every: float = 5.0


def collect_on_schedule(*, everything: bool = True) -> tuple[int, float]:
    """One scheduled collection, of ``everything`` (the frozen objects thawed first) or of
    what was made since the last; what survives is frozen. Returns (unreachable objects
    found, milliseconds)."""
    start = time.perf_counter()
    if everything:
        gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    pause_ms = (time.perf_counter() - start) * 1000
    log.info("scheduled garbage collection of %s: %d unreachable objects, %.0f ms",
             "everything" if everything else "what was new", found, pause_ms)
    return found, pause_ms


def due(schedule: Schedule, since_everything: float, kept: int,
        interval: float | None = None) -> str | None:
    """Which collection is due now, ``since_everything`` seconds after the last of
    everything, with ``kept`` objects made and not freed since the last collection
    (``gc.get_count()[0]``), the collections of everything ``interval`` seconds apart
    (``schedule.every`` unless told): "everything", "new", or ``None``."""
    if since_everything >= (interval or schedule.every):
        return "everything"
    return "new" if kept > schedule.kept else None


def freeze_unwalked() -> int:
    """Freeze what was made since the last collection without walking it: no pause. Its
    cycles, if any, wait for the collection of everything. Returns how many objects were
    set aside."""
    new = gc.get_count()[0]
    gc.freeze()
    log.info("scheduled garbage collection: %d new objects frozen unwalked (cycles are "
             "looked for among them at the next collection of everything)", new)
    return new


def worth_walking(schedule: Schedule, found: int, seconds: float,
                  interval: float | None = None) -> bool:
    """Whether what is new should be walked, the last walk having found ``found``
    unreachable objects made over ``seconds``: only if cycles made at that pace would
    pass ``schedule.kept`` objects before the next collection of everything, ``interval``
    seconds apart (``schedule.every`` unless told). Before any walk nothing is known, and
    nothing is walked early: the first collection of everything tells."""
    if seconds <= 0:
        return False
    return found / seconds * (interval or schedule.every) > schedule.kept


def next_interval(schedule: Schedule, interval: float, found: int) -> float:
    """The seconds until the next collection of everything, the last having found
    ``found`` unreachable objects after ``interval`` seconds: twice as long (at most
    ``schedule.longest``) if cycles made at that pace would still leave at most
    ``schedule.kept`` objects waiting, else ``schedule.every`` again."""
    longer = min(interval * 2, schedule.longest)
    if found / interval * longer <= schedule.kept:
        return longer
    return schedule.every


def _run(schedule: Schedule, stop: threading.Event) -> None:
    last_everything = last_collection = time.monotonic()
    interval = schedule.every
    # What the last walk found, and over how long those cycles were made.
    found, over = 0, 0.0
    while not stop.wait(schedule.check_every):
        now = time.monotonic()
        kind = due(schedule, now - last_everything, gc.get_count()[0], interval)
        if kind is None:
            continue
        try:
            if kind == "new" and not worth_walking(schedule, found, over, interval):
                freeze_unwalked()
            else:
                found, _ = collect_on_schedule(everything=kind == "everything")
                over = now - (last_everything if kind == "everything" else last_collection)
                if kind == "everything":
                    interval = next_interval(schedule, over, found)
                    log.info("the next garbage collection of everything in %.0f s", interval)
        except Exception:  # pragma: no cover - the collector must never stop the server
            log.exception("scheduled garbage collection failed")
        last_collection = now
        if kind == "everything":
            last_everything = now


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
