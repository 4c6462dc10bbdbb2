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
solves in the calling thread, as before.

Benchmark: bench/load.py --timeline (docs/benchmarks.md, "bench/load.py").
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib
import logging
import multiprocessing
import os
import signal
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import process as _futures_process
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger(__name__)

#: Long enough for the hardest deal DDS meets; a call that waits longer is abandoned.
TIMEOUT_SECONDS = 120.0
#: How often the child looks whether the server is still there.
PARENT_CHECK_SECONDS = 1.0


class SolverUnavailable(RuntimeError):
    """The solver process could not answer (it died, hung, or the server is stopping):
    nothing was wrong with the deal, and a later call may succeed."""


_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
#: Set when no process could be started here: solve in the calling thread from then on.
_unavailable = False


def behind_the_cards() -> None:
    """The child's first steps (its initializer): deaf to Ctrl-C, lower its priority as
    far as it goes (DDS's own threads, started later, inherit it; elsewhere than Linux
    nothing happens), and end it when the server does."""
    # Ctrl-C in a terminal reaches the whole process group, the child too: it would stop
    # mid-wait with a traceback on the terminal. The server stops it when it stops itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # see _deaf_children
    try:
        os.setpriority(os.PRIO_PROCESS, 0, 19)
    except (AttributeError, OSError):
        pass
    # Lower still where Linux allows it: SCHED_IDLE runs only on a core nothing else wants.
    # At nice 19 alone, 500 tables' solving (a fifth of a second of CPU a deal, eight deals
    # a second) still held the server's loop back: card p50 580 ms against 23 ms with no
    # solving at all (docs/decisions/0515-the-solver-on-one-idle-core.md).
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    # And on one thread: DDS would otherwise solve on every core, the server's among them.
    from games.bridge.dds import solve_on_one_thread

    solve_on_one_thread()
    threading.Thread(target=_end_with, args=(os.getppid(),), name="watch-server",
                     daemon=True).start()


def _end_with(server: int) -> None:
    """End this process once the server it solves for has gone. A server stopped
    properly (Ctrl-C, SIGTERM) ends it itself; one killed outright cannot, and the
    child, which holds both ends of its own request pipe, would wait for work for ever."""
    while os.getppid() == server:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def stopping() -> bool:
    """Whether the interpreter is on its way out (the server stopping): the solver is
    gone, and the hands still waiting are left for their summaries to ask again."""
    # Set by concurrent.futures as the interpreter exits, before it stops our pool.
    return bool(getattr(_futures_process, "_global_shutdown", False))


@contextlib.contextmanager
def _deaf_children() -> Iterator[None]:
    """Ctrl-C held back from the calling thread, and so from a child it starts (the
    mask is inherited), until the child's initializer ignores it: a Ctrl-C while the
    child is still importing would otherwise print a traceback too. The server's main
    thread still hears it."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _get_pool() -> ProcessPoolExecutor | None:
    global _pool, _unavailable
    with _pool_lock:
        if _pool is None and not _unavailable:
            try:
                _pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=behind_the_cards)
            except (OSError, ValueError, NotImplementedError):
                log.warning("no solver process can be started here: solving in the server")
                _unavailable = True
        return _pool


def _forget(pool: ProcessPoolExecutor, *, stop: bool = False) -> None:
    """Start a new process at the next call; ``stop`` ends this one's child now (a
    solve that never answers would otherwise keep a core busy)."""
    global _pool
    with _pool_lock:
        if _pool is pool:
            _pool = None
    children = list((getattr(pool, "_processes", None) or {}).values()) if stop else []
    pool.shutdown(wait=False, cancel_futures=True)
    for child in children:
        child.terminate()


def _call(path: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """``module:function`` imported and called (in the child, or here as the fallback)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)(*args, **kwargs)


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
    """:func:`_call` in the solver process, once one of the machine's places is free."""
    with machine_solving_slot():
        return _call(path, args, kwargs)


def solve_here(path: str, *args: Any, **kwargs: Any) -> Any:
    """What :func:`solve` does, in the calling thread (the unit tests' way, and a
    request's that needs the answer at once)."""
    return _call(path, args, kwargs)


def solve(path: str, *args: Any, **kwargs: Any) -> Any:
    """The engine function ``path`` ("games.bridge.analysis:dd_table_data") called with
    ``args`` in the solver process; its result.

    The function is named, not passed: the server never imports it, nor DDS with it
    (loading them took the first hand's end half a second of the server's time).
    Its arguments and result must be plain enough to pickle. Blocks the calling
    thread (never call it on the event loop). Raises what the function raised, or
    :class:`SolverUnavailable` if the process died, took longer than
    :data:`TIMEOUT_SECONDS`, or was stopped with the server."""
    pool = _get_pool()
    if pool is None:
        return solve_here(path, *args, **kwargs)
    try:
        with _deaf_children():  # the first submit starts the child
            future = pool.submit(_call_in_turn, path, args, kwargs)
    except (BrokenProcessPool, RuntimeError) as exc:
        _forget(pool)
        raise SolverUnavailable("the solver process had stopped (is the server stopping?)") from exc
    try:
        return future.result(timeout=TIMEOUT_SECONDS)
    except BrokenProcessPool as exc:
        _forget(pool)
        raise SolverUnavailable("the solver process died: the next call starts another") from exc
    except TimeoutError as exc:
        _forget(pool, stop=True)  # a stuck solve is not waited for again
        raise SolverUnavailable(f"no answer from the solver in {TIMEOUT_SECONDS:.0f} s") from exc


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

    def start() -> None:
        try:
            solve("teaching.runtime.analysis_process:_ready")
        except Exception:  # the first real call will try again, and log why
            log.warning("the solver process did not start", exc_info=True)

    thread = threading.Thread(target=start, name="solver-start", daemon=True)
    thread.start()
    return thread


def shut_down() -> None:
    """Stop the solver process, if one was started (tests; the process ends with the server)."""
    with _pool_lock:
        pool = _pool
    if pool is not None:
        _forget(pool)
