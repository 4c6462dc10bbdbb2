"""How long the server takes to render one seat's table after a move (the websocket frame).

Usage: python bench/table_frames.py [--frames 300]
Uses a throwaway SQLite file: makes a class, a lesson-5 table with four pupils, plays into the
middle of a hand, then times render_for_player (queries + engine view + templates) per seat,
the same when the four connections hearing one change share one read of the table, and the
templates alone. Prints milliseconds per frame (median and 90th percentile).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args()
    directory = tempfile.mkdtemp()
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    import django

    django.setup()

    from games.seats import Seat
    from teaching.models import Table
    from teaching.tables import frames
    from teaching.tables import selectors as selectors_tables
    from teaching.tables.consumers import render_for_player
    from teaching.tables.services.acting import hand_act
    from teaching.tables.services.dealing import hand_start
    from tests.teaching.outside import setup
    from tests.teaching.table_helpers import good_action, seat_to_act, view_of

    info = setup(pupils=4)
    table = Table.objects.get(pk=info["table"])
    users = {s.seat: s.pupil.user for s in table.seats.select_related("pupil__user")}
    for _ in range(20):  # into the play: dummy down, a few tricks
        seat = seat_to_act(table)
        if seat is None:  # a redeal (Law 6): deal again
            hand_start(table=table)
            continue
        hand_act(user=users[seat.value], table=table,
                 text=good_action(view_of(table, seat)))
    times = []
    for i in range(args.frames):
        user = users["NESW"[i % 4]]
        start = time.perf_counter()
        render_for_player(user, table.id)
        times.append((time.perf_counter() - start) * 1000)
    shared = []
    for i in range(args.frames // 4):
        start = time.perf_counter()
        for seat in "NESW":  # the four connections that hear one change
            render_for_player(users[seat], table.id, stamp=f"bench-{i}")
        shared.append((time.perf_counter() - start) * 1000 / 4)
    tv = selectors_tables.seat_view(table=table, seat=Seat.SOUTH)
    template = []
    for _ in range(args.frames):
        start = time.perf_counter()
        frames.render_frame(tv, table)
        template.append((time.perf_counter() - start) * 1000)

    def line(name: str, values: list[float]) -> str:
        values = sorted(values)
        return (f"{name}: median {statistics.median(values):.2f} ms, "
                f"p90 {values[int(len(values) * 0.9)]:.2f} ms")

    print(line("whole frame (queries, engine view, templates)", times))
    print(line("a frame when four connections share one read of the change", shared))
    print(line("templates alone", template))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
