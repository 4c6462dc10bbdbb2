"""Load generator: N tables of four pupils playing over real websockets at a set pace.

Usage::

    python bench/load.py --tables 250 --seconds 30          # starts its own daphne
    python bench/load.py --tables 25 --seconds 10 --pace 2  # two actions a second a table
    python bench/load.py --tables 250 --seconds 180 --timeline 3 --jitter 0.5
    python bench/load.py --scaled 2 --tables 50             # starts nginx + 2 workers itself
    python bench/load.py --scaled 2 --and-embedded --tables 50   # both, side by side
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardclass_scaled python bench/load.py \
        --server http://127.0.0.1:8080 --worker-ports 8001,8002 --tables 10  # make run-scaled
    python bench/load.py --server http://127.0.0.1:8000 --database db.sqlite3 --tables 10

By default the script makes a throwaway SQLite file, sets it up (classes of up to
32 pupils, N MiniBridge lesson-5 tables with a pupil in every seat, a login
session for each pupil) and starts ``daphne`` on a free port of 127.0.0.1 as a
subprocess: one process, the in-memory channel layer, exactly as ``make run``.

``--scaled N`` starts `make run-scaled`'s stack instead, with deploy/run_scaled.py's own
pieces: nginx (the site file a school installs) in front of N daphne workers on the
machine's PostgreSQL (a throwaway database, dropped afterwards) and Redis (a channel
prefix of its own), on free ports, so a stack already running is never disturbed.
``--and-embedded`` runs the same load on the embedded process first and prints both
side by side.

``--server URL`` talks to a site already running on 127.0.0.1 instead, and sets up its
tables in that site's database: ``--database-url`` (default ``$DATABASE_URL``;
PostgreSQL or SQLite), or ``--database``, its SQLite file. The pupils' sessions are
signed with the site's key: ``--secret-key-file``, else ``$SECRET_KEY``, else on
PostgreSQL the key `make run-scaled` keeps in run-scaled/secret_key, else `make run`'s
development key. Its workers, whose CPU is counted, are the daphne processes started on
``--worker-ports`` (default: the URL's port, as `make run` serves).

Each table opens four websocket clients (tests/ws_client.py: RFC 6455 over
asyncio streams, with the pupil's session cookie). Once every ``1/pace``
seconds a table's pacer finds the seat whose frame offers something to do
(a card, the points count, a choice) and sends it as htmx's ws-send would.
The latency of that action is from the send to the moment all four seats
have received a frame for the new version. An action still waiting when the
next tick comes makes the table skip that tick (counted as "late"). A finished
hand is followed by "Next deal" over the socket, as the pupil's button sends it.

Every table keeps exactly the same pace by default, so tables that started
together end their hands in the same second (the worst case: a hand's end is
the costliest moment, with the summary, the next deal and its analysis);
``--jitter 0.5`` lets each wait vary from half to one and a half times the
interval, as pupils think for longer or shorter, and the tables drift apart.
``--stagger 60`` has each table begin at a random moment of the first minute
instead of within the first second (counting only once they all play), so that
their hands end spread out, as a class's real tables do; the generator's tables,
all dealt their first hand at once, would otherwise end theirs within seconds of
each other however long the run. ``--timeline 3`` prints the cards' latency every
three seconds, to see when the slow ones came.

Prints actions/s, card plays/s, p50/p90/p99/max latency for cards and for all
actions, and the errors: refusals, timeouts (no update within 5 s), sockets
closed, handshakes refused; and the moves a worker past its capacity answered "The table
is busy, retrying…" and the clients sent again after a second, as the page does (their
latency counts from the first sending; teaching/runtime/load_shedding.py). Beside them,
the CPU each part of the site spent in the counted seconds (bench/cpu.py), in ms a card
and ms an action: the workers (with their solver processes), PostgreSQL, Redis, nginx and
this load generator, and how much of the machine's busy time was none of them (other
work). PostgreSQL and Redis are the
machine's servers: their lines count everything they did meanwhile, others' work too.

Bounded: it stops after ``--seconds`` (and after ``--max-actions`` if given) and only
ever connects to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib.util
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.cpu import Part, Window, named, trees, under  # noqa: E402
from bench.cpu import running as running_processes  # noqa: E402
from tests.ws_client import WebsocketClosed, WsClient  # noqa: E402

HOST = "127.0.0.1"
SEATS = ("N", "E", "S", "W")
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
TIMEOUT = 5.0
#: Seconds of play, not counted, between the generator's last collection and counting.
SETTLE = 2.0
CLASS_SIZE = 32

_VERSION = re.compile(r'id="table-body"[^>]*data-version="(-?\d+)"[^>]*data-hand="(\d*)"')
_ERROR = re.compile(r'<p class="table-error">(.*?)</p>', re.S)
#: The server's "The table is busy, retrying…": the move was not taken, send it again.
_RETRY = re.compile(r'<p data-retry="\d+" class="table-error">')
#: The page's wait before sending such a move again (teaching.runtime.load_shedding.RETRY_MS).
RETRY_SECONDS = 1.0
#: Tries at opening a socket before the table gives up (a handshake error).
OPENING_TRIES = 8
_CARD_ACTION = re.compile(r'class="card playable"[^>]*name="action" value="([^"]+)"')
_CHOICE = re.compile(r'<button type="button" class="button[^"]*" name="action" value="([^"]+)"')
_CARD = re.compile(r'data-card="([SHDC][AKQJT2-9])"')
_NEXT_DEAL = re.compile(r'name="deal" value="(next \d+)"')


# -- setup: runs in its own process on the server's database ------------------------------

def setup(tables: int) -> dict[str, Any]:
    """Tables of four pupils (no robots) and a session per pupil; returns their ids and keys."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import transaction

    from games.seats import Seat
    from teaching.accounts import services as services_accounts
    from teaching.classes import services as classes
    from teaching.tables.services.seating import table_create

    call_command("migrate", verbosity=0)
    # The pupils' secrets are hashed: the fastest hasher keeps setting up 1,000 pupils quick.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    stamp = f"{os.getpid()}-{int(time.time())}"
    teacher = services_accounts.teacher_signup(
        email=f"load-{stamp}@example.org", display_name="Load", password="a long enough password 7")
    made: list[dict[str, Any]] = []
    per_class = CLASS_SIZE // 4
    for first in range(0, tables, per_class):
        count = min(per_class, tables - first)
        with transaction.atomic():
            classroom = classes.classroom_create(
                owner=teacher, name=f"Load {stamp} {first // per_class + 1}",
                game="minibridge", options={"lesson": 5})
            names = [f"P{first + n // 4 + 1}{SEATS[n % 4]}" for n in range(count * 4)]
            pupils = classes.pupils_create(classroom=classroom, names=names, by=teacher)
            for t in range(count):
                four = pupils[t * 4:(t + 1) * 4]
                table = table_create(
                    classroom_id=classroom.id, name=f"Table {first + t + 1}", game="minibridge",
                    options={"lesson": 5},
                    pupils={Seat(seat): pupil for seat, pupil in zip(SEATS, four, strict=True)})
                cookies = {seat: session_for(pupil)
                           for seat, pupil in zip(SEATS, four, strict=True)}
                made.append({"table": table.id, "cookies": cookies})
    return {"tables": made}


def session_for(pupil: Any) -> str:
    """A login session for ``pupil`` (a teaching.models.Pupil), as their login card makes:
    its key, the ``sessionid`` cookie their clients send. Django must be set up."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(pupil.user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = pupil.user.get_session_auth_hash()
    session.create()
    key: str = session.session_key
    return key


#: Serve as a deployment does (DEBUG off); ``--debug`` serves as ``make run`` does.
DEBUG = False
#: One key for the setup process and the server: the sessions made by one are signed for both.
_SECRET_KEY = os.environ.get("SECRET_KEY") or "load-benchmark-" + os.urandom(16).hex()


def _environment(database_url: str, secret: str | None = None) -> dict[str, str]:
    """The embedded server's settings (and the setup's): ``secret`` signs the sessions,
    none means ``make run``'s development key, with DEBUG on."""
    env = dict(os.environ, DATABASE_URL=database_url,
               ALLOWED_HOSTS="127.0.0.1,localhost", DJANGO_SETTINGS_MODULE="teaching.settings")
    if DEBUG or secret is None:
        env["DEBUG"] = "true"
        env.pop("SECRET_KEY", None)
    else:
        # Production settings, but plain HTTP on loopback: no redirect to HTTPS.
        env.update(DEBUG="false", SECURE_SSL_REDIRECT="false", SECRET_KEY=secret)
    env.pop("REDIS_URL", None)
    return env


def _run_setup(env: dict[str, str], tables: int) -> list[dict[str, Any]]:
    """Set up in a process of its own, with the server's database and secret key."""
    done = subprocess.run([sys.executable, __file__, "--setup-only", str(tables)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise SystemExit(f"setting up failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])["tables"]


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def _start_daphne(env: dict[str, str], port: int, log: Path) -> subprocess.Popen[bytes]:
    daphne = str(Path(sys.executable).with_name("daphne"))
    command = [daphne, "-b", HOST, "-p", str(port), "teaching.asgi:application"]
    with open(log, "ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out,
                                   stderr=subprocess.STDOUT)
    import socket

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"daphne stopped:\n{log.read_text()[-3000:]}")
        try:
            with socket.create_connection((HOST, port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("daphne did not start in 30 s")


def _profile(pid: int | None, args: argparse.Namespace) -> subprocess.Popen[bytes] | None:
    """py-spy attached to the server for the counted seconds only (not start-up, not warm-up)."""
    if pid is None:
        print("--profile needs the server this script starts", flush=True)
        return None
    py_spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    # --gil: only the thread holding the GIL is sampled, so the shares are of the
    # one core's CPU time, not of time spent waiting for the GIL.
    return subprocess.Popen([py_spy, "record", "--pid", str(pid), "-r", "100", "--nonblocking",
                             "--gil",
                             "-d", str(int(args.seconds) + 1), "-f", profile_format(args.profile),
                             "-o", str(args.profile)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def profile_format(path: Path) -> str:
    return {".svg": "flamegraph", ".json": "speedscope"}.get(path.suffix, "raw")


# -- the site under load: embedded, the scaled stack, or one already running ---------------

@dataclass
class Site:
    """Where the clients connect, the tables set up there, and the parts whose CPU counts."""

    label: str
    port: int
    specs: list[dict[str, Any]]
    parts: list[Part]
    profile_pid: int | None = None  # the process --profile attaches to
    short: str = ""  # its column's heading side by side


def _itself() -> Part:
    # Its own CPU only: a py-spy it started (--profile) is not the load generator's work.
    return Part("load generator", lambda: {os.getpid()}, "this script's clients",
                own_only=True)


def _solvers(workers: list[int]) -> Part:
    # Apart, because they vary with how many hands ended in the window, not with the cards.
    return Part("solvers", under(workers), "double-dummy tables (SCHED_IDLE), the coach's hints",
                within="workers")


def _unused(*names: str) -> list[Part]:
    return [Part(name, None) for name in names]


def _set_up(env: dict[str, str], tables: int) -> list[dict[str, Any]]:
    began = time.monotonic()
    specs = _run_setup(env, tables)
    print(f"set up {len(specs)} tables in {time.monotonic() - began:.1f} s", flush=True)
    return specs


@contextlib.contextmanager
def embedded(directory: Path, tables: int) -> Iterator[Site]:
    """One daphne process on a throwaway SQLite file, as ``make run`` serves."""
    env = _environment(f"sqlite:///{directory / 'load.sqlite3'}", _SECRET_KEY)
    specs = _set_up(env, tables)
    port = _free_port()
    process = _start_daphne(env, port, directory / "daphne.log")
    try:
        yield Site("embedded (1 process, SQLite)", port, specs,
                   [Part("workers", trees([process.pid]), "1 daphne + its solver"),
                    _solvers([process.pid]), *_unused("PostgreSQL", "Redis", "nginx"),
                    _itself()], process.pid, "embedded")
    finally:
        process.send_signal(2)  # SIGINT: daphne stops
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _run_scaled() -> Any:
    """deploy/run_scaled.py, the script behind `make run-scaled`, as a module."""
    path = ROOT / "deploy" / "run_scaled.py"
    spec = importlib.util.spec_from_file_location("run_scaled", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _StackError(Exception):
    """deploy/run_scaled.py's StackError (what the stack lacks), seen from here."""


@contextlib.contextmanager
def scaled(directory: Path, tables: int, workers: int, postgres: str,
           redis: str) -> Iterator[Site]:
    """`make run-scaled`'s stack, started here with deploy/run_scaled.py's own pieces, but
    on a throwaway database, free ports, a Redis prefix and a run folder of its own, so
    it never meets a stack already running; stopped and its database dropped afterwards."""
    stacks = _run_scaled()
    stacks.RUN = directory / "run-scaled"  # its secret key, nginx's files and the logs
    (stacks.RUN / "nginx-temp").mkdir(parents=True)
    try:
        program = stacks.nginx_installed()
        stacks.servers_answer(postgres + "/", redis)
    except stacks.StackError as exc:
        raise _StackError(str(exc)) from None
    _drop_abandoned_databases(postgres)
    name = f"cardclass_load_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    stack = None
    try:
        port, ports = _free_port(), _free_ports(workers)
        env = stacks.environment(stacks.database_created(postgres, name), redis, port,
                                 f"cardclass-load-{uuid.uuid4().hex[:8]}")
        specs = _set_up(env, tables)  # migrates the new database first
        site = stacks.RUN / "nginx-site.conf"
        site.write_text(stacks.site_config(ports, port, ROOT / "static"))
        conf = stacks.RUN / "nginx.conf"
        conf.write_text(stacks.nginx_config(stacks.RUN, site))
        stack = stacks.Stack(env, ports, [program, "-p", f"{stacks.RUN}/", "-c", str(conf),
                                          "-e", str(stacks.RUN / "nginx-error.log")])
        try:
            stack.start()
            stacks.wait_for_port(port, stack.nginx, "nginx", seconds=30)
        except stacks.StackError as exc:
            raise _StackError(str(exc)) from None
        print(f"scaled stack: nginx on {port} in front of {workers} daphne worker(s) on "
              f"{', '.join(map(str, ports))}, PostgreSQL database {name}, Redis {redis}",
              flush=True)
        yield Site(f"scaled ({workers} workers, PostgreSQL, Redis, nginx)", port, specs,
                   [Part("workers", trees([w.pid for w in stack.workers.values()]),
                         "1 daphne + its solver" if workers == 1
                         else f"{workers} daphne + their solvers"),
                    _solvers([w.pid for w in stack.workers.values()]),
                    Part("PostgreSQL", named("postgres"), _SHARED_POSTGRES),
                    Part("Redis", named("redis-server"), _SHARED_REDIS),
                    Part("nginx", trees([stack.nginx.pid]), "master + worker"),
                    _itself()], next(iter(stack.workers.values())).pid,
                   f"scaled, {workers} worker{'s' if workers > 1 else ''}")
    finally:
        if stack is not None:
            stack.stop()
        _drop_database(postgres, name)


#: The machine's servers serve other work too: their CPU is theirs, not only this run's.
_SHARED_POSTGRES = "every postgres process of the machine's server, other databases' too"
_SHARED_REDIS = "the machine's server, shared with other users"


#: The throwaway databases of --scaled runs: the generator's process id, then 8 hex digits.
_THROWAWAY = re.compile(r"cardclass_load_([0-9]+)_[0-9a-f]{8}")


def _drop_abandoned_databases(postgres: str) -> None:
    """Drop the throwaway databases of earlier runs whose generator is gone without
    dropping its own (killed with SIGKILL, or the machine stopped): a run still going
    keeps its own, since its process is alive."""
    import psycopg

    try:
        with psycopg.connect(f"{postgres}/postgres", autocommit=True, connect_timeout=5) as admin:
            names = [row[0] for row in admin.execute("SELECT datname FROM pg_database")]
    except psycopg.Error:
        return  # the stack's own start says what is wrong with the server
    for name in names:
        found = _THROWAWAY.fullmatch(name)
        if found is None or _alive(int(found.group(1))):
            continue
        print(f"dropping {name}, left by a load generator that did not stop itself",
              flush=True)
        _drop_database(postgres, name)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def _drop_database(postgres: str, name: str) -> None:
    import psycopg

    try:
        with psycopg.connect(f"{postgres}/postgres", autocommit=True, connect_timeout=5) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    except psycopg.Error as exc:
        print(f"could not drop the database {name}: {exc}", file=sys.stderr, flush=True)


def _free_ports(count: int) -> list[int]:
    ports: list[int] = []
    while len(ports) < count:
        if (port := _free_port()) not in ports:
            ports.append(port)
    return ports


@contextlib.contextmanager
def running(url: str, database_url: str, secret: str | None, tables: int,
            worker_ports: list[int]) -> Iterator[Site]:
    """A site already serving ``url`` (`make run`, `make run-scaled`): its tables are set up
    in its database. Its processes are not ours: its workers are the daphne processes
    started with ``-p`` one of ``worker_ports`` (by default the URL's port, as `make run`
    serves); nginx is every nginx of the machine, and PostgreSQL and Redis its servers."""
    specs = _set_up(_environment(database_url, secret), tables)
    sqlite = database_url.startswith("sqlite")
    port = urllib.parse.urlsplit(url).port or 80
    ports = worker_ports or [port]
    if not _daphne_on(ports)():
        print(f"no daphne process was started with -p {', '.join(map(str, ports))}: its "
              "workers' CPU reads 0 (behind nginx, give --worker-ports, e.g. 8001,8002)",
              flush=True)
    yield Site(f"already running at {url}", port, specs,
               [Part("workers", _daphne_on(ports),
                     f"the daphne processes started with -p {', '.join(map(str, ports))}"),
                Part("PostgreSQL", None if sqlite else named("postgres"), _SHARED_POSTGRES),
                Part("Redis", named("redis-server"), _SHARED_REDIS),
                Part("nginx", named("nginx"), "every nginx on this machine"), _itself()],
               short="running site")


def _daphne_on(ports: list[int]) -> Any:
    finders = [running_processes("daphne", f"-p {port} ") for port in ports]
    return lambda: set().union(*(find() for find in finders))


def _secret_for(database_url: str, given: Path | None) -> str | None:
    """The running site's secret key: --secret-key-file, else $SECRET_KEY, else on
    PostgreSQL the key `make run-scaled` keeps in run-scaled/secret_key; else none
    (`make run`'s development key)."""
    if given is not None:
        return given.read_text().strip()
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    kept = ROOT / "run-scaled" / "secret_key"
    if database_url.startswith("postgres") and kept.exists():
        return kept.read_text().strip()
    return None


# -- the clients -----------------------------------------------------------------------------

@dataclass
class Seat:
    client: WsClient
    seat: str
    cookie: str
    key: tuple[int, int] = (-1, -1)
    frame: str = ""
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    #: The server answered this seat's move "The table is busy, retrying…" (not taken).
    busy: bool = False
    #: How many times this seat's last move was sent again before it was taken.
    resent: int = 0


@dataclass
class Stats:
    card_ms: list[float] = field(default_factory=list)
    other_ms: list[float] = field(default_factory=list)
    #: (seconds since the counted part began, latency in ms, whether a card), for --timeline.
    timeline: list[tuple[float, float, bool]] = field(default_factory=list)
    began: float = 0.0
    refused: int = 0
    timeouts: int = 0
    #: Whether the counted window is on: what ends after it (a move in flight) is not counted.
    counting: bool = True
    closed: int = 0
    handshakes: int = 0
    crashed: int = 0
    retries: int = 0
    late: int = 0
    #: Moves answered "busy, retrying" and sent again, as the page does (load shedding).
    shed: int = 0
    #: The latency of the cards taken at their first sending (none shed).
    first_try_ms: list[float] = field(default_factory=list)
    hands: int = 0
    examples: list[str] = field(default_factory=list)
    load_before: str = ""
    #: The CPU of each part of the site over the counted seconds.
    cpu: Window | None = None
    #: How late this generator's own event loop woke for a 10 ms timer (ms): its share
    #: of the latencies above, which it cannot tell apart from the server's.
    client_lag_ms: list[float] = field(default_factory=list)
    #: The server's memory while every socket is open, at the end of the counted window
    #: (:func:`_memory`), or "" where it cannot be read.
    memory: str = ""
    #: For each move counted as timed out, when every seat had seen the table past it
    #: after all (seconds from its last sending; a later version counts: the frame for
    #: the move's own version may be skipped, superseded by the next), or None when not
    #: before the run ended: a late frame from the server, or a lost one.
    timed_out: list[float | None] = field(default_factory=list)
    #: The tasks watching for those (:func:`_seen_after`).
    watching: list[asyncio.Task[None]] = field(default_factory=list)

    def errors(self) -> int:
        return self.refused + self.timeouts + self.closed + self.handshakes + self.crashed

    def error(self, kind: str, text: str) -> None:
        if not self.counting:  # the counted window is over: the tables are stopping
            return
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.examples) < 5:
            self.examples.append(f"{kind}: {text[:160]}")


def _choose(frame: str, rng: random.Random) -> tuple[dict[str, Any], bool] | None:
    """What this seat's frame lets it do now: (the message, whether it is a card)."""
    cards = _CARD_ACTION.findall(frame)
    if cards:
        return {"action": rng.choice(cards)}, True
    if 'id="hcp-count"' in frame:
        own = frame[frame.find('"seat seat-bottom'):]
        count = sum(HCP.get(card[1], 0) for card in _CARD.findall(own))
        return {"action": "hcp", "arg": count}, False
    choices = [c for c in _CHOICE.findall(frame) if not c.startswith("claim")]
    if "accept" in choices:
        return {"action": "accept"}, False
    if choices:
        return {"action": choices[0]}, False
    return None


async def _reader(seat: Seat, stats: Stats) -> None:
    # Reads until its table closes the socket (and cancels it), past the counted window too:
    # a move sent just before the window ends still hears its answer, and is not mistaken
    # for one the server never answered.
    while True:
        try:
            frame = await seat.client.receive(timeout=3600)
        except (TimeoutError, WebsocketClosed, ConnectionError) as exc:
            stats.error("closed", f"{seat.seat}: {exc}")  # counted only within the window
            return
        if _RETRY.search(frame):
            seat.busy = True
            seat.changed.set()
            continue
        found = _VERSION.search(frame)
        if found:
            seat.key = (int(found.group(2) or 0), int(found.group(1)))
            seat.frame = frame
        seat.changed.set()


async def _next_hand(seat: Seat) -> str:
    """Press "Next deal" (or "Deal again"): the button's ws-send message, as htmx posts it;
    returns the message."""
    found = _NEXT_DEAL.search(seat.frame)
    if found is None:
        raise OSError("no Next deal button in the frame")
    message = json.dumps({"deal": found.group(1), "HEADERS": {"HX-Request": "true"}})
    seat.changed.clear()
    await seat.client.send(message)
    return message


async def _play_table(port: int, spec: dict[str, Any], args: argparse.Namespace, stats: Stats,
                      stop: asyncio.Event, started: asyncio.Event, rng: random.Random,
                      opening: asyncio.Semaphore, ready: list[list[Seat]]) -> None:
    seats: list[Seat] = []
    # Each socket's reader starts as it opens: it answers the server's keep-alive pings,
    # which come to a socket idle for 20 s, and the other seats may take longer than that.
    readers: list[asyncio.Task[None]] = []
    path = f"/ws/table/{spec['table']}/"
    try:
        for name in SEATS:
            cookie = spec["cookies"][name]
            client = None
            for attempt in range(OPENING_TRIES):
                # A refused opening (a worker past its capacity says "try again later") is
                # tried again as the page does (htmx's reconnect): after up to 1, 2, 4 ... 32 s.
                try:
                    async with opening:
                        client = await WsClient.connect(HOST, port, path,
                                                        cookie=f"sessionid={cookie}")
                    break
                except (WebsocketClosed, OSError) as exc:
                    stats.retries += 1
                    if attempt == OPENING_TRIES - 1:
                        stats.error("handshakes", str(exc))
                        return
                    await asyncio.sleep(2 ** min(attempt, 5) * rng.random())
            assert client is not None
            seats.append(Seat(client, name, cookie))
            readers.append(asyncio.create_task(_reader(seats[-1], stats)))
        ready.append(seats)
        await started.wait()
        # Spread the tables over the second, or with --stagger over that many seconds.
        await asyncio.sleep(rng.random() * (args.stagger or 1 / args.pace))
        interval = 1 / args.pace
        tick = time.monotonic()
        while not stop.is_set():
            await _one_action(seats, stats, rng)
            # With --jitter, pupils think for longer or shorter, the pace kept on average.
            tick += interval * (1 + args.jitter * (2 * rng.random() - 1))
            wait = tick - time.monotonic()
            while wait < 0:  # the action took longer than a tick: skip the ticks missed
                stats.late += 1
                tick += interval
                wait = tick - time.monotonic()
            try:
                await asyncio.wait_for(stop.wait(), wait)
            except TimeoutError:
                pass
    finally:
        for seat in seats:
            await seat.client.close()
        for reader in readers:
            reader.cancel()


async def _one_action(seats: list[Seat], stats: Stats, rng: random.Random) -> None:
    key = max(seat.key for seat in seats)
    chosen = next(((s, c) for s in seats if s.key == key and (c := _choose(s.frame, rng))), None)
    if chosen is None:
        frame = max(seats, key=lambda s: s.key).frame
        if 'id="summary-title"' in frame or 'class="after-hand"' in frame:
            stats.hands += 1
            presser = max(seats, key=lambda s: s.key)
            try:
                sent = await _next_hand(presser)
            except (OSError, WebsocketClosed) as exc:
                stats.error("refused", f"next deal: {exc}")
                return
            await _settle(seats, key, presser, stats, sent)
        return
    actor, (message, is_card) = chosen
    message["version"] = key[1]
    for seat in seats:
        seat.changed.clear()
    sent = time.perf_counter()
    await actor.client.send(json.dumps(message))
    if not await _settle(seats, key, actor, stats, json.dumps(message)):
        return
    elapsed = (time.perf_counter() - sent) * 1000
    if not stats.counting:
        return
    (stats.card_ms if is_card else stats.other_ms).append(elapsed)
    if is_card and actor.resent == 0:
        stats.first_try_ms.append(elapsed)
    stats.timeline.append((time.monotonic() - stats.began, elapsed, is_card))


async def _settle(seats: list[Seat], key: tuple[int, int], actor: Seat | None = None,
                  stats: Stats | None = None, message: str = "") -> bool:
    """Wait until every seat has a frame newer than ``key``; False on a refusal or timeout.
    A move answered "busy, retrying" is sent again after the page's wait, as the page does
    (static/js/table.js); the latency counts from the first sending."""
    deadline = time.perf_counter() + TIMEOUT
    retries = 0
    if actor is not None:
        actor.resent = 0
    while any(seat.key == key for seat in seats):
        if actor is not None and stats is not None and actor.busy:
            actor.busy = False
            actor.changed.clear()
            if stats.counting:
                stats.shed += 1
            retries += 1
            actor.resent = retries
            await asyncio.sleep(RETRY_SECONDS * min(retries, 5) * (1 + random.random() / 2))
            await actor.client.send(message)
            deadline = time.perf_counter() + TIMEOUT
            continue
        if actor is not None and stats is not None and actor.key == key and actor.changed.is_set():
            actor.changed.clear()
            error = _ERROR.search(actor.frame)
            if error:
                stats.error("refused", error.group(1).strip())
                return False
        left = deadline - time.perf_counter()
        if left <= 0:
            if stats is not None:
                behind = "".join(seat.seat for seat in seats if seat.key == key)
                by = f", {actor.seat} acting, sent {retries + 1} times" if actor else ""
                stats.error("timeouts", f"no update within {TIMEOUT:.0f} s at {key}: "
                                        f"{behind} still there{by}")
                if stats.counting:
                    stats.timed_out.append(None)
                    stats.watching.append(asyncio.create_task(_seen_after(
                        seats, key, stats, len(stats.timed_out) - 1, deadline - TIMEOUT)))
            return False
        waiting = [s.changed.wait() for s in seats if s.key == key]
        done, pending = await asyncio.wait([asyncio.ensure_future(w) for w in waiting],
                                           timeout=left, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        for seat in seats:
            if seat.key != key:
                seat.changed.clear()
    return True


async def _seen_after(seats: list[Seat], key: tuple[int, int], stats: Stats, index: int,
                      sent: float) -> None:
    """After a timeout: when every seat has seen the table past ``key`` after all (its
    readers read on), the seconds since the move's last sending, in ``stats.timed_out``."""
    while any(seat.key <= key for seat in seats):
        await asyncio.sleep(0.05)
    stats.timed_out[index] = time.perf_counter() - sent


async def _watch_own_lag(stats: Stats, stop: asyncio.Event) -> None:
    """How late this process's own loop wakes for a 10 ms timer while it measures."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(0.01)
        stats.client_lag_ms.append(max(0.0, (time.perf_counter() - asked) * 1000 - 10))


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def _run(site: Site, args: argparse.Namespace) -> Stats:
    port, specs = site.port, site.specs
    stats = Stats(load_before=_load(), cpu=Window(site.parts))
    stop, started = asyncio.Event(), asyncio.Event()
    rng = random.Random(args.seed)
    tasks = []
    # Sockets open a few at a time, as classes arrive, not a thousand in one instant.
    opening = asyncio.Semaphore(8)
    ready: list[list[Seat]] = []
    opened = time.monotonic()
    for spec in specs:
        tasks.append(asyncio.create_task(
            _play_table(port, spec, args, stats, stop, started, random.Random(rng.random()),
                        opening, ready)))
    # Every socket has its first whole-table frame (or its table gave up) before play starts.
    while time.monotonic() - opened < 120:
        seated = sum(all(seat.frame for seat in seats) for seats in ready)
        if seated + stats.handshakes >= len(specs) or all(t.done() for t in tasks):
            break
        await asyncio.sleep(0.2)
    print(f"sockets opened in {time.monotonic() - opened:.1f} s "
          f"({stats.retries} openings retried)", flush=True)
    print(f"{len(specs)} tables, {4 * len(specs)} sockets open; playing for {args.seconds} s "
          f"after {args.warmup + args.stagger:g} s not counted"
          f"{f' (the tables beginning over {args.stagger:g} s)' if args.stagger else ''}",
          flush=True)
    started.set()
    not_counted = args.warmup + args.stagger
    # First moves import what the server loads lazily and fill its caches: not counted;
    # nor are the seconds over which staggered tables begin.
    await asyncio.sleep(max(0.0, not_counted - SETTLE))
    # The generator's own garbage collector stays off while it measures: a full
    # collection over a thousand clients' objects stops its loop for 50-100 ms, and
    # every frame arriving meanwhile would be counted late, as if the server were. That
    # last collection is made before counting begins, and the frames it held up are
    # read before too: made just after, it put up to 100 ms of the generator's own
    # pause into the first seconds counted (docs/benchmarks.md, 2026-11-28 evening).
    gc.collect()
    gc.freeze()
    gc.disable()
    if not_counted:
        await asyncio.sleep(min(SETTLE, not_counted))
        stats.card_ms.clear()
        stats.other_ms.clear()
        stats.timeline.clear()
        stats.first_try_ms.clear()
        stats.hands = stats.late = stats.shed = 0
    lag = asyncio.create_task(_watch_own_lag(stats, stop))
    began = stats.began = time.monotonic()
    profiler = _profile(site.profile_pid, args) if args.profile else None
    stats.cpu.start()
    while time.monotonic() - began < args.seconds:
        await asyncio.sleep(0.1)
        done = len(stats.card_ms) + len(stats.other_ms)
        if args.max_actions and done >= args.max_actions:
            break
    stats.elapsed = time.monotonic() - began  # type: ignore[attr-defined]
    stats.memory = _memory(site.profile_pid, 4 * len(site.specs))
    stats.cpu.stop()
    stats.counting = False
    stop.set()
    gc.enable()
    await lag
    if profiler is not None:
        profiler.send_signal(2)
        await asyncio.to_thread(profiler.wait, 60)
    await asyncio.wait(tasks, timeout=TIMEOUT + 5)
    for task in stats.watching:  # the tables have closed their sockets: nothing more comes
        task.cancel()
    for task in tasks:
        if task.done() and not task.cancelled() and task.exception():
            stats.error("crashed", repr(task.exception()))
    return stats


def _memory(pid: int | None, sockets: int) -> str:
    """The daphne process's resident memory now and at its peak (Linux's VmRSS and VmHWM),
    read while the tables' sockets are all open: what a school's server needs for them."""
    if pid is None:
        return ""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return ""
    kilobytes = {line.split(":")[0]: int(line.split()[1]) for line in status.splitlines()
                 if line.startswith(("VmRSS:", "VmHWM:"))}
    if len(kilobytes) != 2:
        return ""
    return (f"daphne's memory with {sockets} sockets open: {kilobytes['VmRSS'] / 1024:.0f} MB "
            f"resident, {kilobytes['VmHWM'] / 1024:.0f} MB at its peak")


def timeline(stats: Stats, window: float) -> str:
    """The cards' latency window by window: where in the run the slow ones came."""
    lines = [f"{'from':>6}  {'cards':>6}  {'p50':>8}  {'p99':>8}  {'max':>8}  other actions"]
    last = max((at for at, _, _ in stats.timeline), default=0.0)
    start = 0.0
    while start <= last:
        cards = [ms for at, ms, card in stats.timeline if start <= at < start + window and card]
        others = sum(1 for at, _, card in stats.timeline
                     if start <= at < start + window and not card)
        lines.append(f"{start:5.0f}s  {len(cards):6}  {_percentile(cards, 50):6.1f}ms  "
                     f"{_percentile(cards, 99):6.1f}ms  {max(cards, default=float('nan')):6.1f}ms"
                     f"  {others}")
        start += window
    return "\n".join(lines)


def report(stats: Stats, tables: int, pace: float, jitter: float = 0.0, label: str = "",
           stagger: float = 0.0) -> str:
    elapsed = stats.elapsed  # type: ignore[attr-defined]
    every = stats.card_ms + stats.other_ms
    errors = stats.errors()

    def line(name: str, values: list[float]) -> str:
        return (f"{name:<8} {len(values):>6}  {len(values) / elapsed:7.1f}/s  "
                f"p50 {_percentile(values, 50):6.1f} ms  p90 {_percentile(values, 90):6.1f} ms  "
                f"p99 {_percentile(values, 99):6.1f} ms  "
                f"max {max(values, default=float('nan')):6.1f} ms")

    lines = [
        *([label] if label else []),
        f"tables {tables}, pace {pace:g} action/s per table"
        f"{f' (waits vary by up to {jitter:.0%})' if jitter else ''}"
        f"{f' (begun over {stagger:g} s)' if stagger else ''}, {elapsed:.1f} s "
        f"(offered {tables * pace:.0f} actions/s)",
        line("cards", stats.card_ms),
        line("all", every),
        # With load shed: the cards the worker took at once, none answered busy first.
        *([line("1st try", stats.first_try_ms)] if stats.shed else []),
        f"hands finished {stats.hands}, ticks skipped while an action was pending {stats.late}",
        f"errors {errors}: refused {stats.refused}, timeouts {stats.timeouts}, "
        f"closed {stats.closed}, handshakes {stats.handshakes}, client crashes {stats.crashed}",
        f"moves answered \"table is busy, retrying\" and sent again: {stats.shed}",
        *([stats.memory] if stats.memory else []),
    ]
    if stats.timed_out:
        late = [seconds for seconds in stats.timed_out if seconds is not None]
        lines.append(
            f"timed out, then seen by every seat after all: {len(late)} of "
            f"{len(stats.timed_out)} (after p50 {_percentile(late, 50):.1f} s, "
            f"max {max(late, default=float('nan')):.1f} s from the last sending); "
            f"not before the end: {len(stats.timed_out) - len(late)}")
    if every:
        lines.append(f"mean {statistics.fmean(every):.1f} ms")
    if stats.cpu is not None:
        lines.append(stats.cpu.report(len(stats.card_ms), len(every)))
    lines.append(f"this load generator's loop woke late by "
                 f"p50 {_percentile(stats.client_lag_ms, 50):.1f} ms, "
                 f"p99 {_percentile(stats.client_lag_ms, 99):.1f} ms, "
                 f"max {max(stats.client_lag_ms, default=float('nan')):.1f} ms")
    lines.append(f"load average before {stats.load_before}, after {_load()} "
                 f"(other work on the machine slows both server and clients)")
    lines.extend(f"  e.g. {example}" for example in stats.examples)
    return "\n".join(lines)


def _machine_speed() -> str:
    """How fast this machine runs Python today: machines of one kind differ by three
    times from day to day here, so a latency figure means little without it."""
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "robots.py"), "--skip-compare",
                           "--hands", "150"], capture_output=True, text=True, timeout=120)
    found = re.search(r"([0-9.]+) per CPU second", done.stdout)
    speed = found.group(1) if found else "?"
    return (f"machine: {speed} robot-only hands per CPU second (bench/robots.py --skip-compare; "
            f"570-589 on the morning of 2026-11-22, 412-502 that afternoon)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, default=1.0, help="actions per second per table")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds played, not counted")
    parser.add_argument("--max-actions", type=int, default=0, help="stop after this many too")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server", help="a running server on 127.0.0.1, e.g. http://127.0.0.1:8000")
    parser.add_argument("--database", type=Path, help="with --server: its SQLite file")
    parser.add_argument("--database-url",
                        help="with --server: its database (default: $DATABASE_URL), e.g. "
                             "postgres://postgres@127.0.0.1:5432/cardclass_scaled")
    parser.add_argument("--secret-key-file", type=Path,
                        help="with --server: the file holding its SECRET_KEY (default: "
                             "$SECRET_KEY, else run-scaled/secret_key on PostgreSQL, else "
                             "make run's development key)")
    parser.add_argument("--worker-ports", metavar="PORTS",
                        help="with --server: the ports its daphne workers were started on, "
                             "whose CPU is counted (`make run-scaled`: 8001,8002; default: "
                             "the server's port, as `make run` serves)")
    parser.add_argument("--scaled", type=int, metavar="N",
                        help="start nginx, N daphne workers, PostgreSQL and Redis as "
                             "`make run-scaled` does (a throwaway database, ports of its own)")
    parser.add_argument("--and-embedded", action="store_true",
                        help="with --scaled: first the same load on the embedded process, "
                             "then on the stack, and the two side by side")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432",
                        help="with --scaled: the PostgreSQL server, without a database name")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0",
                        help="with --scaled: the Redis server")
    parser.add_argument("--profile", type=Path,
                        help="py-spy the server while counting: .svg flame graph, .json "
                             "speedscope, else collapsed stacks")
    parser.add_argument("--jitter", type=float, default=0.0, metavar="FRACTION",
                        help="each wait between a table's actions varies by up to this "
                             "fraction of it (0.5: from half to one and a half), the pace "
                             "kept on average; 0 (the default) keeps every table in step")
    parser.add_argument("--stagger", type=float, default=0.0, metavar="SECONDS",
                        help="each table begins at a random moment of this many seconds (its "
                             "hands then end apart from the others'), counted once all play; "
                             "0 (the default): all within the first second")
    parser.add_argument("--timeline", type=float, default=0.0, metavar="SECONDS",
                        help="also print the cards' latency in windows of this many seconds")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--debug", action="store_true",
                        help="serve with DEBUG on, as `make run` does (default: off, as deployed)")
    parser.add_argument("--no-gauge", action="store_true",
                        help="skip measuring the machine's speed first (bench/robots.py)")
    parser.add_argument("--setup-only", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not 0 <= args.jitter < 1:
        parser.error("--jitter is a fraction from 0 up to (not including) 1")
    if not 0 <= args.stagger <= 300:
        parser.error("--stagger is from 0 to 300 seconds")
    global DEBUG
    DEBUG = args.debug

    if args.setup_only is not None:
        print(json.dumps(setup(args.setup_only)))
        return 0
    if (not 1 <= args.tables <= 2000 or not 0 < args.seconds <= 600
            or not 0 <= args.warmup <= 60 or not 0 < args.pace <= 20):
        parser.error("keep to 1-2000 tables, up to 600 seconds (60 of warm-up), "
                     "a pace of up to 20 a second")

    try:
        args.worker_ports = [int(p) for p in (args.worker_ports or "").split(",") if p.strip()]
    except ValueError:
        parser.error("--worker-ports is a list of port numbers, e.g. 8001,8002")
    if args.server and args.scaled:
        parser.error("--server drives a running site, --scaled starts one: one or the other")
    if args.scaled is not None and not 1 <= args.scaled <= 8:
        parser.error("--scaled is a number of workers from 1 to 8")
    if args.and_embedded and not args.scaled:
        parser.error("--and-embedded goes with --scaled")
    if args.server:
        url = urllib.parse.urlsplit(args.server)
        if url.hostname != HOST or not url.port:
            parser.error("--server must be http://127.0.0.1:PORT: this talks to nothing else")
        database_url = (f"sqlite:///{args.database.resolve()}" if args.database
                        else args.database_url or os.environ.get("DATABASE_URL"))
        if not database_url:
            parser.error("--server needs its database: --database-url (or $DATABASE_URL), "
                         "or --database, its SQLite file")

    directory = Path(tempfile.mkdtemp(prefix="cardclass-load-"))
    results: list[tuple[str, Stats]] = []  # (the site's column heading, what it measured)
    try:
        if not args.no_gauge:
            print(_machine_speed(), flush=True)
        for number, start in enumerate(_sites(args, directory)):
            try:
                with start() as site:
                    print(f"-- {site.label}", flush=True)
                    stats = asyncio.run(_run(site, args))
            except _StackError as exc:
                raise SystemExit(f"--scaled: {exc}") from None
            print(report(stats, args.tables, args.pace, args.jitter, site.label, args.stagger))
            if args.timeline > 0:
                print(timeline(stats, args.timeline))
            results.append((site.short, stats))
            if number == 0 and args.and_embedded:
                gc.collect()  # the first run's clients are gone before the second's come
        if len(results) > 1:
            print(side_by_side(results))
        return 1 if any(stats.errors() for _, stats in results) else 0
    except KeyboardInterrupt:  # the site it started is already stopped
        print("Interrupted: the run in progress is not reported.", flush=True)
        return 130
    finally:
        if args.keep:
            print(f"kept {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)


def _sites(args: argparse.Namespace, directory: Path) -> list[Any]:
    """The sites to load, in order: each a context manager's maker."""
    if args.server:
        database_url = (f"sqlite:///{args.database.resolve()}" if args.database
                        else args.database_url or os.environ["DATABASE_URL"])
        secret = _secret_for(database_url, args.secret_key_file)
        return [lambda: running(args.server, database_url, secret, args.tables,
                                args.worker_ports)]
    sites = []
    if not args.scaled or args.and_embedded:
        (directory / "embedded").mkdir()
        sites.append(lambda: embedded(directory / "embedded", args.tables))
    if args.scaled:
        sites.append(lambda: scaled(directory, args.tables, args.scaled,
                                    args.postgres.rstrip("/"), args.redis))
    return sites


def side_by_side(results: list[tuple[str, Stats]]) -> str:
    """The runs' cards and CPU by part in columns, for the cost of going distributed."""
    width = 24
    lines = ["side by side:",
             "  " + " " * 26 + "".join(f"{label:>{width}}" for label, _ in results)]

    def row(name: str, cell: Any) -> None:
        lines.append(f"  {name:<26}" + "".join(f"{cell(stats):>{width}}" for _, stats in results))

    row("cards/s", lambda s: f"{len(s.card_ms) / s.elapsed:.1f}")
    for p in (50, 99):
        row(f"cards p{p}", lambda s, p=p: f"{_percentile(s.card_ms, p):.1f} ms")
    row("errors", lambda s: str(s.errors()))
    row("busy, retried", lambda s: str(s.shed))
    for index, part in enumerate(results[0][1].cpu.parts if results[0][1].cpu else []):
        name = f"  of it, {part.name}" if part.within else part.name
        row(f"{name} ms/card", lambda s, i=index: _ms_a_card(s, i))
    row("total ms/card", lambda s: _ms_a_card(s, None))
    return "\n".join(lines)


def _ms_a_card(stats: Stats, index: int | None) -> str:
    if stats.cpu is None or not stats.card_ms:
        return "-"
    # The total counts a share shown under its part (the workers' solvers) once, in the part.
    parts = ([p for p in stats.cpu.parts if not p.within] if index is None
             else [stats.cpu.parts[index]])
    if all(part.find is None for part in parts):
        return "not used"
    return f"{1000 * sum(p.seconds for p in parts) / len(stats.card_ms):.2f}"


def _stop_on_sigterm() -> None:
    """SIGTERM ends a run as Ctrl-C does: a stack it started is stopped, its database dropped."""
    import signal

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)


if __name__ == "__main__":
    _stop_on_sigterm()
    sys.exit(main())
