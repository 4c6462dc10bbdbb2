"""bench/load.py --scaled: the scaled stack started, loaded, measured by part and stopped.

Skipped, with the reason, where PostgreSQL, Redis or nginx is absent (CI has them). The
figures themselves are in docs/benchmarks.md; this proves the generator starts the stack
on a database of its own, plays without an error, reports the CPU of every part, and
leaves no database, process or port behind.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bench.cpu import Part, Window, trees, under
from tests.daphne_server import ROOT, Daphne
from tests.teaching.postgres_helpers import POSTGRES, admin, throwaway_database
from tests.teaching.scaled_helpers import REDIS, nginx_installed, redis_answers

LOAD = ROOT / "bench" / "load.py"
PARTS = ("workers", "PostgreSQL", "Redis", "nginx", "load generator", "total")


def _answers(port: int) -> bool:
    import socket

    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def _a_finished_process_id() -> int:
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(ended.stdout)


def test_scaled_one_worker_plays_without_an_error_and_reports_every_part_s_cpu() -> None:
    nginx_installed()
    redis_answers()
    # A database an earlier generator left when it was killed (its process is gone), and one
    # whose name only looks alike: the first is dropped, the second is not the generator's.
    abandoned = f"cardclass_load_{_a_finished_process_id()}_0123abcd"
    someone_elses = "cardclass_load_server_notes"
    with admin() as server:  # skips where PostgreSQL does not answer
        for name in (abandoned, someone_elses):
            server.execute(f'DROP DATABASE IF EXISTS "{name}"')
            server.execute(f'CREATE DATABASE "{name}"')

    done = subprocess.run(
        [sys.executable, str(LOAD), "--scaled", "1", "--tables", "2", "--seconds", "3",
         "--warmup", "0", "--no-gauge", "--postgres", POSTGRES.rsplit("/", 1)[0],
         "--redis", REDIS],
        cwd=ROOT, capture_output=True, text=True, timeout=50)

    out = done.stdout
    assert done.returncode == 0, out + done.stderr[-3000:]
    assert "errors 0:" in out
    for part in PARTS:
        assert re.search(rf"^  {part}\s+(\d+\s+)?\d+\.\d\d\s", out, re.M), (part, out)
    assert "the whole machine was busy" in out
    assert f"dropping {abandoned}, left by a load generator" in out
    with admin() as server:
        left = {row[0] for row in server.execute("SELECT datname FROM pg_database")}
        server.execute(f'DROP DATABASE IF EXISTS "{someone_elses}"')
    assert abandoned not in left and someone_elses in left
    # Stopped cleanly: its database dropped, nginx's and the worker's ports closed.
    name = re.search(r"PostgreSQL database (\w+)", out).group(1)  # type: ignore[union-attr]
    with admin() as server:
        assert server.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                              (name,)).fetchone() is None
    ports = re.search(r"nginx on (\d+) in front of 1 daphne worker\(s\) on (\d+)", out)
    assert ports is not None
    assert not any(_answers(int(port)) for port in ports.groups())


def test_server_sets_up_on_the_running_site_s_postgresql_and_counts_its_worker(
        tmp_path: Path) -> None:
    """A site someone else started, on PostgreSQL: the tables are set up in its database,
    signed with its key, and its worker (started with -p its port) is the one counted."""
    key = tmp_path / "secret_key"
    key.write_text("a key only this site and its load generator know")
    with throwaway_database("cardclass_load_server") as (url, _name), \
            Daphne(url, env={"SECRET_KEY": key.read_text()}) as site:
        done = subprocess.run(
            [sys.executable, str(LOAD), "--server", site.url, "--database-url", url,
             "--secret-key-file", str(key), "--tables", "2", "--seconds", "2",
             "--warmup", "0", "--no-gauge"],
            cwd=ROOT, capture_output=True, text=True, timeout=50)

    out = done.stdout
    assert done.returncode == 0, out + done.stderr[-3000:]
    # Its pupils' sessions and tables were found by the site: they are in its database.
    assert "set up 2 tables" in out and "errors 0:" in out
    worker = re.search(rf"^  workers\s+(\d+)\s.*-p {site.port}$", out, re.M)
    assert worker is not None and int(worker.group(1)) >= 1, out


@pytest.mark.parametrize("wrong", [
    ["--scaled", "2", "--server", "http://127.0.0.1:8080"],
    ["--scaled", "0"],
    ["--and-embedded"],
    ["--server", "http://127.0.0.1:8080", "--worker-ports", "80O1"],
    ["--server", "http://127.0.0.1:8080"],  # and no database to set up in
])
def test_a_muddled_command_is_refused_before_anything_starts(
        wrong: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    done = subprocess.run([sys.executable, str(LOAD), "--no-gauge", *wrong], cwd=ROOT,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "error:" in done.stderr
    assert "set up" not in done.stdout


def test_a_part_keeps_the_cpu_of_a_child_that_ended_within_the_window(tmp_path: Path) -> None:
    """A PostgreSQL backend that closes, a solver started again: their CPU stays counted."""
    parent = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent("""
            import subprocess, sys
            sys.stdin.readline()
            busy = "import time\\nwhile time.process_time() < 0.3: pass"
            subprocess.run([sys.executable, "-c", busy])
            print("done", flush=True)
            sys.stdin.readline()
        """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        window = Window([Part("parent and child", trees([parent.pid]))])
        window.start()
        assert parent.stdin and parent.stdout
        parent.stdin.write("go\n")
        parent.stdin.flush()
        assert parent.stdout.readline().strip() == "done"
        window.stop()
    finally:
        parent.kill()
        parent.wait()

    assert window.parts[0].seconds >= 0.25
    assert "parent and child" in window.report(cards=10, actions=20)


def test_the_solvers_share_is_shown_under_the_workers_and_not_counted_twice() -> None:
    """A worker's solver is a child process: its CPU is the workers' too, and also shown apart
    (it varies with the hands that ended in the window, not with the cards)."""
    parent = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent("""
            import subprocess, sys
            busy = "import sys, time\\nwhile time.process_time() < 0.3: pass\\nsys.stdin.readline()"
            child = subprocess.Popen([sys.executable, "-c", busy], stdin=subprocess.PIPE)
            sys.stdin.readline()
            child.communicate("")
        """)], stdin=subprocess.PIPE, text=True)
    try:
        window = Window([Part("workers", trees([parent.pid])),
                         Part("solvers", under([parent.pid]), within="workers")])
        window.start()
        watch = Part("the child", under([parent.pid]))
        deadline = time.monotonic() + 30
        while watch.sample() < 0.25 * os.sysconf("SC_CLK_TCK") and time.monotonic() < deadline:
            time.sleep(0.1)  # the child's 0.3 s of CPU, however busy the machine
        window.stop()
    finally:
        parent.kill()
        parent.wait()

    workers, solvers = window.parts
    assert solvers.processes == 1 and 0.25 <= solvers.seconds <= workers.seconds
    report = window.report(cards=10, actions=20)
    assert re.search(r"^    of it, solvers\s+1\s", report, re.M)
    total = re.search(r"^  total\s+([\d.]+)", report, re.M)
    assert total is not None and float(total.group(1)) == round(workers.seconds, 2)
