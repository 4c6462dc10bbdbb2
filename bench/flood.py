"""One page flooding its socket: does any other table notice?

Usage::

    python bench/flood.py                          # one flooding socket, 4 tables playing
    python bench/flood.py --flooders 4             # four: the per-user cap of sockets
    python bench/flood.py --flooders 0             # the same tables, nobody flooding

On bench/load.py's embedded site (its own daphne on a throwaway SQLite file, as ``make
run`` serves), ``--tables`` tables of four pupils play at a move a second each, as in
load.py, while the North pupil of one more table opens ``--flooders`` sockets (at most 4,
the per-user cap: teaching/sockets.py) and sends on each a stale move in a loop, as fast
as the socket takes it, reading whatever comes back. After ``--warmup`` seconds of play
alone the flood runs for ``--seconds``.

Prints, for the pupils at the other tables: their moves taken, the moves answered "The
table is busy, retrying…" (sent again after the page's wait, as the page does), and the
wait from a move to all four seats seeing it (p50, p90, max); for the flooders: the
messages sent, the "Slow down" notes heard, and when and how their sockets were closed;
and the server's memory (resident set) before the flood and at its largest.
Docs: docs/benchmarks.md, "bench/flood.py"; issue 27; teaching/runtime/pace.py.

Bounded: it stops after ``--seconds`` and only ever connects to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import load  # noqa: E402
from tests.ws_client import WebsocketClosed, WsClient  # noqa: E402

#: The per-user cap of sockets (teaching.sockets.SOCKETS_PER_PUPIL): a fifth closes the first.
MOST_FLOODERS = 4
#: Frames written before the flooder lets the socket's buffer drain.
BATCH = 100
SLOW_DOWN = "Slow down"


@dataclass
class Flooder:
    sent: int = 0
    answers: int = 0
    notes: int = 0
    busy: int = 0
    #: (seconds into the flood, the close code) once the server closed the socket.
    closed: tuple[float, str] | None = None


def _frame(text: str) -> bytes:
    """A client's text frame (masked, as a browser's are). The same bytes each time: the
    flood is the same stale move again and again."""
    payload = text.encode()
    assert len(payload) < 126, "a short frame's one-byte length"
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


async def _flood(client: WsClient, flooder: Flooder, stop: asyncio.Event, began: float) -> None:
    # A stale move: a version the table left long ago. Each is refused with the table as it
    # is, the costliest refusal there is.
    frame = _frame(json.dumps({"action": "hcp 0", "version": -1,
                               "HEADERS": {"HX-Request": "true"}}))

    async def read() -> None:
        while True:
            try:
                text = await client.receive(timeout=3600)
            except (WebsocketClosed, ConnectionError, TimeoutError) as exc:
                said = str(exc)
                if said.startswith("closed: ") and len(said) == len("closed: ") + 4:
                    said = f"code {int(said[-4:], 16)}"  # the close frame's code, in hex
                flooder.closed = (time.monotonic() - began, said)
                return
            flooder.answers += 1
            flooder.notes += SLOW_DOWN in text
            flooder.busy += "data-retry" in text

    reader = asyncio.create_task(read())
    try:
        while not stop.is_set() and flooder.closed is None:
            client.writer.write(frame * BATCH)
            flooder.sent += BATCH
            try:
                await client.writer.drain()
            except ConnectionError:
                break
            await asyncio.sleep(0)
    finally:
        await client.close()
        reader.cancel()


def _resident_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def _run(site: load.Site, args: argparse.Namespace) -> str:
    flood_spec, *specs = site.specs
    stats = load.Stats()
    stop, started, flood_stop = asyncio.Event(), asyncio.Event(), asyncio.Event()
    ready: list[list[load.Seat]] = []
    opening = asyncio.Semaphore(8)
    rng = random.Random(args.seed)
    play = argparse.Namespace(pace=1.0, jitter=0.0, stagger=0.0)
    tables = [asyncio.create_task(load._play_table(
        site.port, spec, play, stats, stop, started, random.Random(rng.random()), opening, ready))
        for spec in specs]
    while sum(all(seat.frame for seat in seats) for seats in ready) < len(specs):
        await asyncio.sleep(0.1)
    started.set()
    cookie = f"sessionid={flood_spec['cookies']['N']}"
    path = f"/ws/table/{flood_spec['table']}/"
    clients = [await WsClient.connect(load.HOST, site.port, path, cookie=cookie)
               for _ in range(args.flooders)]
    for client in clients:
        await client.receive()  # the whole table, as any page gets it first
    await asyncio.sleep(args.warmup)
    stats.card_ms.clear()
    stats.other_ms.clear()
    stats.shed = 0
    pid = site.profile_pid or 0
    before = peak = _resident_mb(pid)
    began = time.monotonic()
    flooders = [Flooder() for _ in clients]
    floods = [asyncio.create_task(_flood(client, flooder, flood_stop, began))
              for client, flooder in zip(clients, flooders, strict=True)]
    # The flooders write from this very process: how late its own loop woke, the share of
    # the waits below that is the generator's, not the server's.
    own_lag = asyncio.create_task(load._watch_own_lag(stats, flood_stop))
    while time.monotonic() - began < args.seconds:
        await asyncio.sleep(0.2)
        peak = max(peak, _resident_mb(pid))
    stats.counting = False
    after = _resident_mb(pid)
    flood_stop.set()
    stop.set()
    await asyncio.wait([*floods, *tables, own_lag], timeout=load.TIMEOUT + 5)

    waits = sorted(stats.card_ms + stats.other_ms)
    lines = [
        f"{len(specs)} tables playing a move a second each, {args.flooders} flooding "
        f"socket(s) for {args.seconds:g} s",
        f"  other tables: {len(waits)} moves taken, {stats.shed} answered busy, "
        f"{stats.timeouts} timed out (5 s), {stats.refused} refused; wait ms "
        f"p50 {load._percentile(waits, 50):.0f}, p90 {load._percentile(waits, 90):.0f}, "
        f"max {max(waits, default=0):.0f} (this generator's own loop woke up to "
        f"{max(stats.client_lag_ms, default=0):.0f} ms late)",
    ]
    for number, flooder in enumerate(flooders, 1):
        closed = (f"closed after {flooder.closed[0]:.1f} s ({flooder.closed[1]})"
                  if flooder.closed else "still open")
        lines.append(f"  flooder {number}: {flooder.sent} sent, {flooder.answers} answered "
                     f"({flooder.notes} \"Slow down\", {flooder.busy} busy), {closed}")
    lines.append(f"  server memory: {before:.0f} MB before, {peak:.0f} MB at most, "
                 f"{after:.0f} MB at the end (+{peak - before:.0f} MB)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4, help="tables playing beside the flood")
    parser.add_argument("--flooders", type=int, default=1,
                        help=f"flooding sockets, 0-{MOST_FLOODERS} (one pupil's)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 0 <= args.flooders <= MOST_FLOODERS:
        parser.error(f"--flooders: 0 to {MOST_FLOODERS} (a fifth socket closes the first)")
    args.seconds = min(args.seconds, 300.0)
    with tempfile.TemporaryDirectory(prefix="flood-") as directory:
        with load.embedded(Path(directory), args.tables + 1) as site:
            print(asyncio.run(_run(site, args)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
