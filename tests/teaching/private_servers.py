"""A Redis and a PostgreSQL server of a test's own, on free ports in a temporary folder,
for the tests that stop and restart them (issue 18's faults).

The machine's own servers (127.0.0.1:5432 and :6379) are never touched: other tests and
people use them. Each helper skips its test, saying why, where its programs are absent.
As root, PostgreSQL's programs run as the ``postgres`` user (initdb refuses root).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daphne_server import free_port


def _answers(port: int, greeting: bytes = b"") -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            if greeting:
                sock.sendall(greeting)
                return sock.recv(16).startswith(b"+PONG")
            return True
    except OSError:
        return False


class PrivateRedis:
    """``redis-server`` on a free port, keeping nothing on disk: a restart forgets every
    subscription and key, as a real restart of a cache does."""

    def __init__(self, folder: Path) -> None:
        program = shutil.which("redis-server")
        if program is None:
            pytest.skip("redis-server is not installed (`apt-get install redis-server`)")
        self.program, self.folder, self.port = program, folder, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with open(self.folder / "redis.log", "ab") as log:
            self.process = subprocess.Popen(
                [self.program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", str(self.folder)],
                stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while not _answers(self.port, b"PING\r\n"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((self.folder / "redis.log").read_text()[-2000:])
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if not found:
        pytest.skip("PostgreSQL's server programs are not installed (`apt-get install "
                    "postgresql`): /usr/lib/postgresql/*/bin/initdb is missing")
    return Path(found[-1]).parent


class PrivatePostgres:
    """A PostgreSQL cluster made for the test (``initdb``), started and stopped with
    ``pg_ctl``; ``url`` names its database ``cardclass``."""

    def __init__(self, folder: Path) -> None:
        self.bin, self.folder, self.port = _postgres_bin(), folder, free_port()
        self.data = folder / "data"
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/cardclass"
        self.as_postgres: list[str] = []
        folder.mkdir(exist_ok=True)
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                pytest.skip("running as root and there is no postgres user to run initdb as")
            os.chown(folder, owner.pw_uid, owner.pw_gid)
            self.as_postgres = ["runuser", "-u", "postgres", "--"]

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self.as_postgres, *args], capture_output=True, text=True,
                              timeout=60)
        if done.returncode != 0:
            log = self.folder / "postgres.log"
            raise RuntimeError(done.stdout + done.stderr
                               + (log.read_text()[-2000:] if log.exists() else ""))

    def create(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                  "--auth=trust", "-E", "UTF8", "--no-sync")
        self.start()
        import psycopg

        with psycopg.connect(self.url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as db:
            db.execute("CREATE DATABASE cardclass")

    def start(self) -> None:
        # fsync off: only a crash of the machine could lose a commit, and a test's cluster
        # is thrown away; a stop and start, as here, loses nothing.
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c max_connections=50")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options,
                  "-l", str(self.folder / "postgres.log"), "-w", "-t", "30", "start")

    def stop(self) -> None:
        """A fast shutdown: every client's connection is ended, as a restart does."""
        if (self.data / "postmaster.pid").exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w",
                      "-t", "30", "stop")


@contextlib.contextmanager
def private_folder() -> Iterator[Path]:
    """A short folder in /tmp (a Unix socket's path is limited to about a hundred
    characters, and pytest's own folders are closed to the postgres user)."""
    folder = Path(tempfile.mkdtemp(prefix="cardclass-servers-"))
    folder.chmod(0o755)  # the postgres user reaches its own folder inside
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def private_redis(folder: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def private_postgres(folder: Path) -> Iterator[PrivatePostgres]:
    server = PrivatePostgres(folder / "pg")
    try:
        server.create()
        yield server
    finally:
        server.stop()
