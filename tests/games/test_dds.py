"""DDS from several threads at once: the server solves on more than one
(finished hands' tables in the background, expert robots, hand records).

DDS keeps its working memory in process-wide tables, so two threads inside it
at once crash the whole process; games.bridge.dds lets one in at a time. The threads
run in a child process, so that a crash fails this test instead of killing
the test run."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("endplay")

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent("""
    import sys, threading
    sys.path.insert(0, sys.argv[1])
    from games.bridge.analysis import best_cards, dd_table
    from games.deals import Deal
    from games.seats import Seat

    failures = []

    def solve(start):
        try:
            for i in range(12):
                deal = Deal.from_seed(start * 100 + i)
                if i % 2:
                    dd_table(deal)
                else:
                    best_cards(deal, trumps=None, first_leader=Seat.WEST)
        except Exception as exc:  # reported below; the test fails on it
            failures.append(repr(exc))

    threads = [threading.Thread(target=solve, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("failures", failures)
    sys.exit(1 if failures else 0)
""")


def test_four_threads_solving_at_once_all_get_their_answers() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD, str(ROOT)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])


def test_the_answers_are_the_same_as_one_thread_alone() -> None:
    from games.bridge.analysis import dd_table
    from games.deals import Deal

    deal = Deal.from_seed(7)
    assert dd_table(deal).as_data() == dd_table(deal).as_data()
    # The table is the whole deal's: each side's tricks in a denomination add to 13.
    data = dd_table(deal).as_data()
    for denomination in ("C", "D", "H", "S", "NT"):
        assert data["N"][denomination] + data["E"][denomination] == 13
