"""Double-dummy solving in a process of its own, behind the players' cards.

A finished hand's double-dummy table and a duplicate session's hand records
are solved by DDS, which takes 20 ms to over a second of both cores a deal.
Solved by threads of the server (even ones whose priority is lowered as far
as it goes), a class whose tables all end their hands in the same second held
every table's next card back by up to two seconds (bench/load.py --timeline,
docs/benchmarks.md): the server's one event loop shared the process, and
Python's lock, with them and with DDS. Here the solving runs in one child
process at the lowest priority, which takes only the CPU the tables leave; the
server's thread that asked waits for the answer without holding anything.

The child is started with the server (:func:`start_soon`) or on first use
("spawn": a clean interpreter, never a copy of the server's threads and
connections); it is given the function's name and imports it itself, so
neither Django nor DDS is loaded on the wrong side. If it dies, the call fails
and the next one starts another; if no process can be started at all, the call
solves in the calling thread, as before. The machinery is
teaching.runtime.child_process's, shared with the coach's hints; what is the
solver's own is its first steps (:func:`behind_the_cards`) and its turns
(:func:`machine_solving_slot`).

Benchmark: bench/load.py --timeline (docs/benchmarks.md, "bench/load.py").
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import tempfile
import threading
from collections.abc import Iterator
from typing import Any

from teaching.runtime.child_process import (
    ChildProcess,
    ChildUnavailable,
    call_by_name,
    first_steps,
    lower_priority,
    stopping,
)

log = logging.getLogger(__name__)

__all__ = ["SolverUnavailable", "machine_solving_slot", "shut_down", "solve", "solve_here",
           "start_soon", "stopping"]

#: Long enough for the hardest deal DDS meets; a call that waits longer is abandoned.
TIMEOUT_SECONDS = 120.0


class SolverUnavailable(ChildUnavailable):
    """The solver process could not answer (it died, hung, or the server is stopping):
    nothing was wrong with the deal, and a later call may succeed."""


def behind_the_cards() -> None:
    """The child's first steps (its initializer): deaf to Ctrl-C and ended with the
    server (:func:`first_steps`), its priority lowered as far as it goes (DDS's own
    threads, started later, inherit it; elsewhere than Linux nothing happens)."""
    first_steps()
    lower_priority(19)
    # Lower still where Linux allows it: SCHED_IDLE runs only on a core nothing else wants.
    # At nice 19 alone, 500 tables' solving (a fifth of a second of CPU a deal, eight deals
    # a second) still held the server's loop back: card p50 580 ms against 23 ms with no
    # solving at all (docs/decisions/0515-the-solver-on-one-idle-core.md).
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    # And on one thread: DDS would otherwise solve on every core, the server's among them.
    from games.bridge.dds import solve_on_one_thread

    solve_on_one_thread()


#: How many solver processes of this machine may solve at once, whatever the number of
#: workers (each has its own solver): half its cores, at least one.
SOLVING_AT_ONCE = max(1, (os.cpu_count() or 2) // 2)


@contextlib.contextmanager
def machine_solving_slot(directory: str | None = None,
                         slots: int | None = None) -> Iterator[None]:
    """One of the machine's :data:`SOLVING_AT_ONCE` places to solve, held while solving.

    Each worker's solver runs behind the cards (``SCHED_IDLE``), yet on the scaled stack
    (nginx, two workers, PostgreSQL and Redis on two cores) the two solvers, one a worker,
    filled both cores and every part of the site woke to a busy core: at 250 tables whose
    hands end apart, card p50 83 ms and p99 518 ms, against 14 and 61 ms with no solving.
    One solve at a time: 20 ms and 141-327 ms (docs/decisions/0520). A lock file a place, in
    the machine's temporary directory, or in ``$CARDCLASS_SOLVING_LOCKS`` (the systemd units
    give each worker a /tmp of its own): workers on other machines have their own."""
    slots = slots or SOLVING_AT_ONCE
    folder = directory or os.environ.get("CARDCLASS_SOLVING_LOCKS") or tempfile.gettempdir()
    try:
        files = _place_files(folder, slots)
    except OSError as error:
        # Taking turns keeps the cards quick; a folder that cannot hold the places must not
        # cost the pupils their double-dummy tables: solve without a place, and say why.
        _warn_once(f"solving without taking turns: the places in {folder} cannot be "
                   f"used ({error}); set CARDCLASS_SOLVING_LOCKS to a folder the workers "
                   f"may write")
        files = []
    if not files:
        yield
        return
    try:
        for file in files:  # a free place, if there is one
            try:
                fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                continue
            held = file
            break
        else:  # all taken: wait for one (the one of this process's turn)
            held = files[os.getpid() % slots]
            fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)
    finally:
        for file in files:
            file.close()


def _place_files(folder: str, slots: int) -> list[Any]:
    """The places' lock files, opened; the folder is made if it is not there yet (a
    deployment naming one that no unit creates)."""
    os.makedirs(folder, mode=0o700, exist_ok=True)
    files: list[Any] = []
    try:
        for place in range(slots):
            files.append(open(os.path.join(folder, f"cardclass-solving-{os.getuid()}-{place}.lock"),
                              "a"))
    except OSError:
        for file in files:
            file.close()
        raise
    return files


_warned: set[str] = set()


def _warn_once(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        log.warning("%s", message)


def _call_in_turn(path: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """:func:`call_by_name` in the solver process, once one of the machine's places is free."""
    with machine_solving_slot():
        return call_by_name(path, args, kwargs)


#: The solver's process.
SOLVER = ChildProcess("solver", behind_the_cards, error=SolverUnavailable,
                      runner=_call_in_turn)


def solve_here(path: str, *args: Any, **kwargs: Any) -> Any:
    """What :func:`solve` does, in the calling thread (the unit tests' way, and a
    request's that needs the answer at once)."""
    return call_by_name(path, args, kwargs)


def solve(path: str, *args: Any, **kwargs: Any) -> Any:
    """The engine function ``path`` ("games.bridge.analysis:dd_table_data") called with
    ``args`` in the solver process; its result.

    The function is named, not passed: the server never imports it, nor DDS with it
    (loading them took the first hand's end half a second of the server's time).
    Its arguments and result must be plain enough to pickle. Blocks the calling
    thread (never call it on the event loop). Raises what the function raised, or
    :class:`SolverUnavailable` if the process died, took longer than
    :data:`TIMEOUT_SECONDS`, or was stopped with the server."""
    return SOLVER.call(path, *args, timeout=TIMEOUT_SECONDS, **kwargs)


def _ready() -> bool:
    """Run in the child: the engine's analysis (and DDS) imported, so the first deal
    to solve pays for nothing else."""
    import games.bridge.analysis  # noqa: F401

    return True


def start_soon() -> threading.Thread:
    """Start the solver process now, from a thread of its own, instead of at the first
    hand's end: a class that began together ends its first hands in one second, and
    a new interpreter importing DDS then competed with all of them (the server calls
    this at start-up, teaching/asgi.py). Returns the thread (tests wait for it)."""
    return SOLVER.start_soon("teaching.runtime.analysis_process:_ready")


def shut_down() -> None:
    """Stop the solver process, if one was started (tests; the process ends with the server)."""
    SOLVER.shut_down()
