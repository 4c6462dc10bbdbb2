"""Several real daphne workers on one throwaway PostgreSQL database and a shared Redis,
as the scaled deployment runs them (deploy/README.md), for the cross-process tests.

Skipped, with the reason, where PostgreSQL (``TEST_POSTGRES_URL``) or Redis
(``TEST_REDIS_URL``) does not answer. Each use has its own database (dropped at the end)
and its own Redis prefix, so runs at the same time on one machine never hear each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest

from tests.daphne_server import Daphne, free_port, outside
from tests.teaching.postgres_helpers import throwaway_database

T = TypeVar("T")

#: The longest a fault test's play may take: a minute on a loaded machine; a wait past this
#: is a hang, and fails here with the test's own stack instead of at the run's time limit.
PLAY_SECONDS = 180


def run_within(play: Coroutine[Any, Any, T], seconds: float = PLAY_SECONDS) -> T:
    """``asyncio.run(play)``, failing with TimeoutError after ``seconds``: its message has
    where each of the loop's tasks was waiting then (a hang's cause, not just its time).
    The tasks left when it ends are cancelled and waited for 10 s at most, and the threads
    of ``asyncio.to_thread`` 30 s at most: ``asyncio.run`` waits for both for ever."""

    async def bounded() -> T:
        task = asyncio.ensure_future(play)
        await asyncio.wait({task}, timeout=seconds)
        if task.done():
            return task.result()
        waiting = "\n".join(_awaiting(other) for other in asyncio.all_tasks()
                            if other is not asyncio.current_task())
        task.cancel()
        await asyncio.wait({task}, timeout=10)
        raise TimeoutError(f"the play did not end within {seconds:.0f} s; where each task "
                           f"waited then:\n{waiting}")

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        return loop.run_until_complete(bounded())
    finally:
        try:
            left = asyncio.all_tasks(loop)
            for task in left:
                task.cancel()
            if left:
                loop.run_until_complete(asyncio.wait(left, timeout=10))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(asyncio.wait({loop.create_task(
                loop.shutdown_default_executor())}, timeout=30))
        finally:
            asyncio.set_event_loop(None)
            loop.close()


def _awaiting(task: asyncio.Task[Any]) -> str:
    """A task's chain of awaits, outermost first (a task's own stack shows only its top)."""
    lines = [repr(task)]
    coro: Any = task.get_coro()
    while coro is not None:
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
        if frame is not None:
            lines.append(f"  {frame.f_code.co_filename}:{frame.f_lineno} in "
                         f"{frame.f_code.co_name}")
        coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)
    return "\n".join(lines)


REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def redis_answers() -> None:
    """Skip the test where no Redis server answers (CI has one)."""
    parts = urlsplit(REDIS)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379),
                                      timeout=2) as sock:
            sock.sendall(b"PING\r\n")
            if not sock.recv(16).startswith(b"+PONG"):
                raise OSError("it does not answer PING")
    except OSError as exc:
        pytest.skip(f"Redis is not reachable at {REDIS}: {exc}")


@dataclass
class Stack:
    """The running workers, the database's URL and the tables ``outside setups`` made
    (each ``{"table": id, "cookies": {seat: session key}}``)."""

    workers: list[Daphne]
    database: str
    tables: list[dict[str, Any]]

    def log(self, table: int) -> dict[str, Any]:
        """The table's current hand's action log, read by a process of its own."""
        return outside(self.database, "log", str(table))


@contextlib.contextmanager
def workers(count: int, tables: str) -> Iterator[Stack]:
    """``count`` daphne workers on a new database with the tables ``outside setups
    tables`` makes ("4,1": one with four pupils, one with one). The workers start while
    the tables are made. Every worker is stopped and the database dropped afterwards,
    whatever happened."""
    redis_answers()
    prefix = f"cardclass-test-{uuid.uuid4().hex[:8]}"
    env = {"REDIS_URL": REDIS, "REDIS_PREFIX": prefix, "DATABASE_POOL_SIZE": "4"}
    with throwaway_database("cardclass_scaled_test") as (url, _name):
        # As deployed (deploy/systemd/cardclass-worker@.service): behind nginx.
        started = [Daphne(url, env=env, args=("--proxy-headers",)) for _ in range(count)]
        try:
            with ThreadPoolExecutor(count + 1) as pool:
                made = pool.submit(outside, url, "setups", tables)
                for done in [pool.submit(worker.start) for worker in started]:
                    done.result()
                yield Stack(started, url, made.result())
        finally:
            stop_all(started)


def stop_all(started: list[Daphne]) -> None:
    """Stop the workers together (each may take seconds to close its sockets)."""
    for worker in started:
        if worker.process is not None and worker.process.poll() is None:
            worker.process.terminate()
    deadline = time.monotonic() + 5
    for worker in started:
        if worker.process is not None:
            try:
                worker.process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                worker.kill()  # nothing of a test's is left to flush


def nginx_installed() -> str:
    """The nginx program; skips the test where it is not installed."""
    program = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(program).exists():
        pytest.skip("nginx is not installed (`apt-get install nginx`; make run-scaled does)")
    return program


def _run_scaled() -> Any:
    """deploy/run_scaled.py as a module (it is a script, not a package's module)."""
    path = Path(__file__).resolve().parents[2] / "deploy" / "run_scaled.py"
    spec = importlib.util.spec_from_file_location("run_scaled", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextlib.contextmanager
def nginx_in_front(started: list[Daphne], folder: Path) -> Iterator[int]:
    """nginx running deploy/nginx/cardclass.conf in front of ``started``, as
    ``make run-scaled`` runs it (its configuration and logs in ``folder``); its port.
    Skips the test where nginx is not installed."""
    run_scaled = _run_scaled()
    program = nginx_installed()
    port = free_port()
    (folder / "nginx-temp").mkdir(parents=True, exist_ok=True)
    site = folder / "site.conf"
    site.write_text(run_scaled.site_config([w.port for w in started], port,
                                           Path(__file__).resolve().parents[2] / "static"))
    conf = folder / "nginx.conf"
    conf.write_text(run_scaled.nginx_config(folder, site))
    nginx = subprocess.Popen([program, "-p", f"{folder}/", "-c", str(conf),
                              "-e", str(folder / "nginx-error.log")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        run_scaled.wait_for_port(port, nginx, "nginx", seconds=20)
        yield port
    finally:
        nginx.terminate()
        try:
            nginx.wait(timeout=10)
        except subprocess.TimeoutExpired:
            nginx.kill()
            nginx.wait()
