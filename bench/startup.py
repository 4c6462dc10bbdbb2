"""Start-up: how soon a server started again (after kill -9) opens its port and shows a card.

Usage::

    python bench/startup.py                 # 5 imports, 5 restarts
    python bench/startup.py --runs 10 --busy 2   # two processes spinning meanwhile

Prints, each over ``--runs`` runs (min / median / max):

* **import**: ``import teaching.asgi`` in a fresh interpreter, as daphne imports the
  application before it opens its port (the server's settings, DEBUG off);
* **port**: from starting ``daphne teaching.asgi:application`` to its port accepting a
  connection, the server before it killed with ``kill -9`` mid-hand;
* **first card**: from that start to the first table frame a pupil's socket receives (the
  four pupils' pages reconnect as soon as the port answers, as htmx's socket does), and
  **all four**: to the last of the four;
* **first move**: from the move sent (the first after the restart, a card or a call) to
  the mover's frame of it.

One MiniBridge lesson-5 table of four pupils on a throwaway SQLite file (bench/load.py's
setup), the in-memory channel layer, one process, as ``make run`` but with DEBUG off.
``--busy N`` keeps N processes spinning on the CPU for the whole run, the busy machine
of a school's shared server (on a 2-core machine, ``--busy 2`` leaves the server no core
of its own). Bounded: every wait gives up after 30 s, and it only connects to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import load  # noqa: E402
from tests.ws_client import WebsocketClosed, WsClient  # noqa: E402

HOST = load.HOST
WAIT = 30.0
_IMPORT = ("import time; began = time.perf_counter(); import teaching.asgi; "
           "print(time.perf_counter() - began)")


def import_seconds(env: dict[str, str]) -> float:
    """``import teaching.asgi`` in a fresh interpreter, as daphne does it."""
    done = subprocess.run([sys.executable, "-c", _IMPORT], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise SystemExit(f"importing the application failed:\n{done.stderr[-3000:]}")
    return float(done.stdout.strip().splitlines()[-1])


def _start(env: dict[str, str], port: int, log: Path) -> subprocess.Popen[bytes]:
    daphne = str(Path(sys.executable).with_name("daphne"))
    with open(log, "ab") as out:
        return subprocess.Popen([daphne, "-b", HOST, "-p", str(port),
                                 "teaching.asgi:application"],
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


async def _port_open(process: subprocess.Popen[bytes], port: int, log: Path) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"daphne stopped:\n{log.read_text()[-3000:]}")
        try:
            _, writer = await asyncio.open_connection(HOST, port)
        except OSError:
            await asyncio.sleep(0.005)
            continue
        writer.close()
        return
    raise SystemExit(f"daphne did not open its port in {WAIT:.0f} s")


async def _socket(port: int, table: int, cookie: str) -> WsClient:
    """A pupil's page reconnecting: tried again at once while the server refuses."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            return await WsClient.connect(HOST, port, f"/ws/table/{table}/",
                                          cookie=f"sessionid={cookie}")
        except (WebsocketClosed, OSError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.005)


def _version(frame: str) -> tuple[int, int] | None:
    found = load._VERSION.search(frame)
    return (int(found.group(2) or 0), int(found.group(1))) if found else None


def _message(frame: str, rng: random.Random) -> str | None:
    """What this seat's page sends now: a move it offers, or the next deal; ``None``."""
    chosen = load._choose(frame, rng)
    if chosen is not None:
        return json.dumps({**chosen[0], "version": (_version(frame) or (0, 0))[1]})
    deal = load._NEXT_DEAL.search(frame)
    return json.dumps({"deal": deal.group(1)}) if deal else None


async def _move(sockets: dict[str, WsClient], frames: dict[str, str], rng: random.Random
                ) -> float:
    """One move by the seat whose frame offers one (or the next deal); seconds from the
    send to the mover's frame of a newer version."""
    found = next(((seat, frame, message) for seat, frame in frames.items()
                  if (message := _message(frame, rng)) is not None), None)
    if found is None:
        raise SystemExit("no seat has anything to do")
    mover, frame, message = found
    before = _version(frame) or (0, 0)
    sent = time.monotonic()
    await sockets[mover].send(message)
    while True:
        answer = await sockets[mover].receive(timeout=WAIT)
        version = _version(answer)
        if version is not None and version > before:
            return time.monotonic() - sent
        if 'class="table-error"' in answer and not load._RETRY.search(answer):
            raise SystemExit(f"the move {message} was refused: {answer[:300]}")


async def _restart(env: dict[str, str], port: int, spec: dict[str, Any], log: Path,
                   rng: random.Random, moves: int) -> tuple[subprocess.Popen[bytes],
                                                            dict[str, float]]:
    """Start the server, reconnect the four pupils, make ``moves`` moves; the times."""
    began = time.monotonic()
    process = _start(env, port, log)
    await _port_open(process, port, log)
    port_open = time.monotonic() - began
    seats = list(spec["cookies"])
    sockets = dict(zip(seats, await asyncio.gather(
        *(_socket(port, spec["table"], spec["cookies"][s]) for s in seats)), strict=True))
    firsts: dict[str, str] = {}
    arrived: list[float] = []

    async def first(seat: str) -> None:
        firsts[seat] = await sockets[seat].receive(timeout=WAIT)
        arrived.append(time.monotonic() - began)

    await asyncio.gather(*(first(s) for s in seats))
    times = {"port": port_open, "first card": min(arrived), "all four": max(arrived)}
    try:
        for number in range(moves):
            took = await _move(sockets, firsts, rng)
            if number == 0:
                times["first move"] = took
            # Every seat's newest frame: the next move is chosen from them.
            for seat in seats:
                while True:
                    try:
                        frame = await sockets[seat].receive(timeout=0.5)
                    except TimeoutError:
                        break
                    if _version(frame) is not None:
                        firsts[seat] = frame
    finally:
        for socket in sockets.values():
            await socket.close()
    return process, times


def _spin() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def _line(name: str, values: list[float]) -> str:
    ms = sorted(1000 * v for v in values)
    return (f"{name:<12} min {ms[0]:6.0f} ms   median {statistics.median(ms):6.0f} ms   "
            f"max {ms[-1]:6.0f} ms   ({', '.join(f'{v:.0f}' for v in ms)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--busy", type=int, default=0, metavar="N",
                        help="processes spinning on the CPU meanwhile")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= 50:
        parser.error("--runs is from 1 to 50")
    directory = Path(tempfile.mkdtemp(prefix="startup-"))
    env = load._environment(f"sqlite:///{directory / 'startup.sqlite3'}", load._SECRET_KEY)
    spec = load._run_setup(env, 1)[0]
    log = directory / "daphne.log"
    rng = random.Random(1)
    spinning = [_spin() for _ in range(args.busy)]
    process: subprocess.Popen[bytes] | None = None
    results: dict[str, list[float]] = {}
    try:
        # A hand in progress before the first kill: the restarted server replays it.
        process, _ = asyncio.run(_restart(env, load._free_port(), spec, log, rng, moves=6))
        imports = []
        for _ in range(args.runs):
            process.send_signal(signal.SIGKILL)
            process.wait()
            # One import between two restarts (a machine busier for a while slows both alike),
            # once the killed server's solver has seen it gone (it looks every second) and ended.
            time.sleep(1.5)
            imports.append(import_seconds(env))
            process, times = asyncio.run(_restart(env, load._free_port(), spec, log, rng,
                                                  moves=1))
            for name, value in times.items():
                results.setdefault(name, []).append(value)
    finally:
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for spinner in spinning:
            spinner.kill()
            spinner.wait()
        if not args.keep:
            import shutil

            shutil.rmtree(directory, ignore_errors=True)
    print(f"{os.cpu_count()} cores, load average {load._load()}, {args.busy} spinning, "
          f"{args.runs} runs")
    print(_line("import", imports))
    for name, values in results.items():
        print(_line(name, values))
    return 0


if __name__ == "__main__":
    sys.exit(main())
