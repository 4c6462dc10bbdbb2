"""What the server does for one card, in the process, without the network.

Usage: python bench/table_act.py [--actions 1500]

A throwaway SQLite file with one lesson-5 table of four pupils; hand after
hand, the seat to act takes a legal action, timed in its three parts as the
acting connection runs them (teaching.tables.push.act_and_render): the action
itself (read the table, check, write, commit), the four seats' views, and the
four frames rendered; and, apart, a hand's end: the last card with its four
summaries, and "Next deal" as a player's socket sends it, with the new hand's
four frames. Prints the median, mean and 90th percentile of each, in
milliseconds. The websocket side (receiving, the channel layer, sending) is
what bench/load.py adds on top.
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
    parser.add_argument("--actions", type=int, default=1500)
    args = parser.parse_args()
    directory = tempfile.mkdtemp()
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    # As deployed (and as bench/load.py serves): DEBUG off, so no query log is kept.
    os.environ.setdefault("DEBUG", "false")
    os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
    os.environ.setdefault("SECRET_KEY", "table-act-benchmark-" + os.urandom(16).hex())
    import django

    django.setup()
    from teaching.models import Table
    from teaching.tables import frames
    from teaching.tables import push as table_push
    from teaching.tables import selectors as selectors_tables
    from teaching.tables.analysis import analyses_wait
    from teaching.tables.game_cache import current_hand
    from teaching.tables.services.acting import table_act
    from tests.teaching.outside import setup
    from tests.teaching.table_helpers import good_action, seat_to_act, view_of

    table = Table.objects.get(pk=setup(pupils=4)["table"])
    users = {s.seat: s.pupil.user for s in table.seats.select_related("pupil__user")}
    parts: dict[str, list[float]] = {"action": [], "views": [], "frames": [], "all": []}
    # A hand's end, timed whole: the last card with the four summaries, and "Next deal"
    # pressed over the socket (teaching.tables.push.deal_and_render) with the four new frames.
    ends: dict[str, list[float]] = {"last card": [], "next deal": []}
    for i in range(args.actions + 100):
        seat = seat_to_act(table)
        if seat is None:  # the hand is over (or a redeal): the next deal
            number = current_hand(table).number
            start = time.perf_counter()
            table_push.deal_and_render(users["N"], table.id, "next", number)
            if i >= 100:
                ends["next deal"].append((time.perf_counter() - start) * 1000)
            continue
        text = good_action(view_of(table, seat), seed=i)
        start = time.perf_counter()
        now = table_act(user=users[seat.value], table_id=table.id, text=text)
        acted = time.perf_counter()
        views = selectors_tables.seated_views(now)
        viewed = time.perf_counter()
        for view in views.values():
            frames.render_frame(view, now.table)
        rendered = time.perf_counter()
        if i >= 100 and now.hand.finished:
            ends["last card"].append((rendered - start) * 1000)
        elif i >= 100:  # the first hundred warm the caches up
            for name, ms in (("action", acted - start), ("views", viewed - acted),
                             ("frames", rendered - viewed), ("all", rendered - start)):
                parts[name].append(ms * 1000)
    for name, values in [*parts.items(), *ends.items()]:
        values.sort()
        print(f"{name:9} median {statistics.median(values):6.3f} ms  mean "
              f"{statistics.mean(values):6.3f} ms  p90 {values[int(len(values) * 0.9)]:6.3f} ms")
    print(f"{len(parts['all'])} actions; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores")
    # Finished hands are analysed double dummy in the background: let that end
    # before the interpreter does.
    analyses_wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
