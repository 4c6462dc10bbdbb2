"""A real daphne server in a subprocess, on a free port, with its own SQLite file
(or, given a database URL, on that database: tests/teaching/postgres_helpers.py).

Browser tests need websockets (Django's live server has none), and the restart
test needs a server it can kill. Data is made beforehand with
``python -m tests.teaching.outside`` on the same database file.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DAPHNE = Path(sys.executable).with_name("daphne")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def environment(database: Path | str) -> dict[str, str]:
    """The server's environment; ``database`` is a SQLite file or a database URL."""
    url = database if isinstance(database, str) else f"sqlite:///{database}"
    env = dict(os.environ, DATABASE_URL=url, DEBUG="true",
               ALLOWED_HOSTS="127.0.0.1,localhost", DJANGO_SETTINGS_MODULE="teaching.settings")
    env.pop("REDIS_URL", None)
    return env


def _last_json(command: list[str], database: Path | str, timeout: float) -> dict[str, Any]:
    """Run ``command`` on ``database``; the JSON its last line printed (its stderr if it failed)."""
    done = subprocess.run(command, cwd=ROOT, env=environment(database), capture_output=True,
                          text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command[1:3])} failed: {done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


_migrated_template: Path | None = None


def _migrate(database: Path | str) -> None:
    done = subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT,
                          env=environment(database), capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"migrate failed: {done.stderr[-3000:]}")


def _from_template(database: Path | str) -> bool:
    """A new SQLite ``database`` starts as a copy of one migrated in this test run: applying
    every migration takes seconds, and dozens of tests start a server. False for a
    database URL or a file that exists (whose owner made it)."""
    global _migrated_template
    if not isinstance(database, Path) or database.exists():
        return False
    if _migrated_template is None:
        folder = Path(tempfile.mkdtemp(prefix="migrated-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        _migrate(folder / "template.sqlite3")
        _migrated_template = folder / "template.sqlite3"
    shutil.copyfile(_migrated_template, database)
    return True


def migrated(database: Path | str) -> None:
    """Apply every migration to ``database`` (a new SQLite file is made)."""
    if not _from_template(database):
        _migrate(database)


def in_shell(database: Path | str, code: str) -> dict[str, Any]:
    """Run ``code`` in ``manage.py shell`` on ``database``; the JSON its last line printed."""
    return _last_json([sys.executable, "manage.py", "shell", "-c", code], database, timeout=300)


def made_in_shell(database: Path | str, code: str) -> dict[str, Any]:
    """Migrate ``database``, then run ``code`` in the shell: a browser test's data, made as the
    site makes it."""
    migrated(database)
    return in_shell(database, code)


def made_by(database: Path | str, module: str, *args: str) -> dict[str, Any]:
    """Run a setup module (``python -m tests.browser.<x>_setup ...``) on ``database``; its
    JSON answer."""
    _from_template(database)  # the module's own migrate then has nothing left to do
    return _last_json([sys.executable, "-m", module, *args], database, timeout=300)


def outside(database: Path | str, *args: str) -> dict[str, Any]:
    """Run a tests.teaching.outside command on ``database``; its JSON answer."""
    _from_template(database)  # the command's own migrate then has nothing left to do
    done = subprocess.run([sys.executable, "-m", "tests.teaching.outside", *args], cwd=ROOT,
                          env=environment(database), capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


class Daphne:
    """``with Daphne(db) as server: server.url``; ``server.kill()`` is kill -9."""

    def __init__(self, database: Path | str, port: int | None = None,
                 env: dict[str, str] | None = None, args: tuple[str, ...] = ()) -> None:
        self.database = database
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.env = env or {}  # more variables, over environment()'s
        self.args = args  # more of daphne's options (--proxy-headers)
        beside = (Path(tempfile.gettempdir()) / f"daphne-{os.getpid()}.db"
                  if isinstance(database, str) else database)
        self.log = beside.with_suffix(f".daphne-{self.port}.log")

    def start(self) -> Daphne:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [str(DAPHNE), "-b", "127.0.0.1", "-p", str(self.port), *self.args,
                 "teaching.asgi:application"],
                cwd=ROOT, env={**environment(self.database), **self.env}, stdout=log,
                stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne stopped: {self.log.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("daphne did not start in 30 s")

    def kill(self) -> None:
        """kill -9: no shutdown, no flushing, nothing but what was committed survives."""
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Daphne:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
