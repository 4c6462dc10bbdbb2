"""A process of its own for the engine's long computations, away from the server's loop.

The server is one process whose event loop serves every table's cards; a computation
that takes tenths of a second of CPU in any of its threads holds Python's lock against
that loop, and the loop against it. The double-dummy solver
(teaching.runtime.analysis_process) and the coach's hints (teaching.coach.hints) each run
in a :class:`ChildProcess`: one child, started on first use (or early, from a thread)
with "spawn" (a clean interpreter, never a copy of the server's threads and
connections), given the name of an engine function (``"module:function"``) and its
arguments, which it imports and calls itself, so that neither Django nor the engine's
heavy parts are loaded on the wrong side. Arguments and results must pickle.

If the child dies, the call fails with the child's :class:`ChildUnavailable` error and
the next call starts another; if no process can be started at all, every call runs in
the calling thread, as before there were children.

What differs between children is their first steps (``initializer``): the solver's runs
behind the cards (``SCHED_IDLE``), the coach's beside them, at a slightly lowered
priority, because a pupil is waiting for its answer.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import process as _futures_process
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger(__name__)

#: How often a child looks whether the server is still there.
PARENT_CHECK_SECONDS = 1.0


class ChildUnavailable(RuntimeError):
    """The child could not answer (it died, hung, or the server is stopping): nothing
    was wrong with the question, and a later call may succeed."""


def first_steps() -> None:
    """What every child does first, in its initializer: deaf to Ctrl-C, and ended when
    the server is."""
    # Ctrl-C in a terminal reaches the whole process group, the child too: it would stop
    # mid-wait with a traceback on the terminal. The server stops it when it stops itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # see _deaf_children
    threading.Thread(target=_end_with, args=(os.getppid(),), name="watch-server",
                     daemon=True).start()


def lower_priority(nice: int) -> None:
    """This process's priority lowered to ``nice`` (nothing happens where it cannot be)."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, 0, nice)


def _end_with(server: int) -> None:
    """End this process once the server it works for has gone. A server stopped
    properly (Ctrl-C, SIGTERM) ends it itself; one killed outright cannot, and the
    child, which holds both ends of its own request pipe, would wait for work for ever."""
    while os.getppid() == server:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def stopping() -> bool:
    """Whether the interpreter is on its way out (the server stopping): the children
    are gone, and what still waits is left for a later request to ask again."""
    # Set by concurrent.futures as the interpreter exits, before it stops our pools.
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


def call_by_name(path: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """``module:function`` imported and called (in the child, or here as the fallback)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)(*args, **kwargs)


class ChildProcess:
    """One child process answering calls by name (see the module's words).

    ``initializer`` is the child's first steps (a module-level function, which calls
    :func:`first_steps`); ``runner`` is how the child calls the function named (a
    module-level function taking ``path, args, kwargs``: :func:`call_by_name`, or one
    that waits its turn first); ``error`` the :class:`ChildUnavailable` it raises, and
    ``what`` the child's name in its messages ("solver")."""

    def __init__(self, what: str, initializer: Callable[[], None], *,
                 error: type[ChildUnavailable] = ChildUnavailable,
                 runner: Callable[[str, tuple[Any, ...], dict[str, Any]], Any] = call_by_name,
                 ) -> None:
        self.what = what
        self.initializer = initializer
        self.error = error
        self.runner = runner
        self.pool: ProcessPoolExecutor | None = None
        #: Set when no process could be started here: run in the calling thread from then on.
        self.unavailable = False
        #: Set once the child has answered a call: it is started, and has imported what it
        #: needs (cleared when it is forgotten).
        self.ready = threading.Event()
        self._lock = threading.Lock()

    def _get_pool(self) -> ProcessPoolExecutor | None:
        with self._lock:
            if self.pool is None and not self.unavailable:
                try:
                    # Looked up in the module at each start: the tests replace it.
                    self.pool = globals()["ProcessPoolExecutor"](
                        max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                        initializer=self.initializer)
                except (OSError, ValueError, NotImplementedError):
                    log.warning("no %s process can be started here: working in the server",
                                self.what)
                    self.unavailable = True
            return self.pool

    def forget(self, pool: ProcessPoolExecutor, *, stop: bool = False) -> None:
        """Start a new process at the next call; ``stop`` ends this one's child now (a
        call that never answers would otherwise keep a core busy)."""
        with self._lock:
            if self.pool is pool:
                self.pool = None
                self.ready.clear()
        children = list((getattr(pool, "_processes", None) or {}).values()) if stop else []
        pool.shutdown(wait=False, cancel_futures=True)
        for child in children:
            child.terminate()

    def submit(self, path: str, *args: Any, **kwargs: Any) -> Future[Any] | None:
        """``path`` called with ``args`` in the child, as a future; ``None`` where no
        process can be started (the caller then calls :func:`call_by_name` itself).
        Raises :attr:`error` if the child had stopped (the next call starts another).
        The future's own failure for a child that died is ``BrokenProcessPool``:
        :meth:`result` turns it into :attr:`error`."""
        pool = self._get_pool()
        if pool is None:
            return None
        try:
            with _deaf_children():  # the first submit starts the child
                future: Future[Any] = pool.submit(self.runner, path, args, kwargs)
        except (BrokenProcessPool, RuntimeError) as exc:
            self.forget(pool)
            raise self.error(f"the {self.what} process had stopped "
                             f"(is the server stopping?)") from exc
        future.add_done_callback(self._answered)
        return future

    def _answered(self, future: Future[Any]) -> None:
        if not future.cancelled() and not isinstance(future.exception(), BrokenProcessPool):
            self.ready.set()

    def unwrap(self, future: Future[Any]) -> Any:
        """The result of a done ``future`` of :meth:`submit`, a dead child as :attr:`error`
        (the next call starts another)."""
        try:
            return future.result(timeout=0)
        except BrokenProcessPool as exc:
            pool = self.pool
            if pool is not None and getattr(pool, "_broken", False):
                self.forget(pool)
            raise self.error(f"the {self.what} process died: the next call starts "
                             f"another") from exc

    def call(self, path: str, *args: Any, timeout: float, **kwargs: Any) -> Any:
        """``path`` called with ``args`` in the child; its result. Blocks the calling
        thread (never call it on the event loop). Raises what the function raised, or
        :attr:`error` if the child died, took longer than ``timeout`` seconds (it is
        then stopped: a stuck call is not waited for again), or was stopped with the
        server."""
        future = self.submit(path, *args, **kwargs)
        if future is None:
            return call_by_name(path, args, kwargs)
        try:
            future.result(timeout=timeout)
        except TimeoutError as exc:
            pool = self.pool
            if pool is not None:
                self.forget(pool, stop=True)
            raise self.error(f"no answer from the {self.what} in {timeout:.0f} s") from exc
        except BrokenProcessPool:
            pass  # said by unwrap
        return self.unwrap(future)

    def start_soon(self, path: str) -> threading.Thread:
        """Start the child now, from a thread of its own, by calling ``path`` there
        (a function that imports what the first real call needs), instead of at the
        first call. Returns the thread (tests wait for it)."""

        def start() -> None:
            try:
                self.call(path, timeout=120.0)
            except Exception:  # the first real call will try again, and log why
                log.warning("the %s process did not start", self.what, exc_info=True)

        thread = threading.Thread(target=start, name=f"{self.what}-start", daemon=True)
        thread.start()
        return thread

    def start_once(self, path: str) -> None:
        """:meth:`start_soon` unless a child is started or starting already."""
        with self._lock:
            starting = self.pool is not None or self.unavailable
        if not starting:
            self.start_soon(path)

    def shut_down(self) -> None:
        """Stop the child, if one was started (tests; the process ends with the server)."""
        with self._lock:
            pool = self.pool
        if pool is not None:
            self.forget(pool)
