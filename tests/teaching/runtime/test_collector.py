"""The server's garbage collector: Python's own collections off, its own on a schedule
(teaching.runtime.collector)."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
import weakref
from pathlib import Path

from teaching.runtime import collector
from teaching.runtime.collector import Schedule

ROOT = Path(__file__).resolve().parents[3]


class Node:
    """Something that can sit in a reference cycle and be watched dying."""

    def __init__(self) -> None:
        self.other: Node | None = None


#: What each child begins with: Python's collections off, the collector, and a cycle of two
#: nodes, ``a`` and ``b``, watched through ``cycle``.
_CHILD_BEGINS = """
    import gc, sys, weakref
    sys.path.insert(0, sys.argv[1])
    from teaching.runtime import collector
    class Node:
        other = None
    gc.disable()
    a, b = Node(), Node()
    a.other, b.other = b, a
    cycle = weakref.ref(a)
"""


def _in_a_child(code: str) -> None:
    """Run ``code`` after :data:`_CHILD_BEGINS` in a child process (freezing objects must
    not reach this test run's)."""
    script = textwrap.dedent(_CHILD_BEGINS) + textwrap.dedent(code)
    done = subprocess.run([sys.executable, "-c", script, str(ROOT)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_with_collections_off_a_dead_cycle_waits_for_the_scheduled_one() -> None:
    _in_a_child("""
        del a, b
        made = [[] for _ in range(50_000)]  # far past Python's own young threshold
        assert cycle() is not None
        del made

        found, pause_ms = collector.collect_on_schedule(everything=False)

        assert cycle() is None and found >= 2 and pause_ms >= 0
        print("ok")
    """)


def test_what_survives_a_collection_is_frozen_and_a_cycle_dying_later_waits_for_everything(
) -> None:
    """A collection walks only what is new since the last; the one of everything, every
    ten minutes, thaws the rest first and finds the cycles that died among it."""
    _in_a_child("""
        collector.collect_on_schedule(everything=False)
        frozen = gc.get_freeze_count()
        assert frozen > 0 and cycle() is not None  # alive then: frozen with the rest

        del a, b  # it dies now, among the frozen
        collector.collect_on_schedule(everything=False)
        assert cycle() is not None, "what was new did not include it"

        collector.collect_on_schedule(everything=True)
        assert cycle() is None
        print("ok")
    """)


def test_objects_nobody_refers_to_are_freed_at_once_all_the_same() -> None:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        node = Node()
        watched = weakref.ref(node)
        del node
        assert watched() is None  # reference counting needs no collector
    finally:
        if was_enabled:
            gc.enable()


def test_a_collection_is_due_after_the_interval_or_when_too_much_was_kept() -> None:
    schedule = Schedule(every=600.0, kept=50_000)

    assert collector.due(schedule, since_everything=5.0, kept=10_000) is None
    assert collector.due(schedule, since_everything=600.0, kept=0) == "everything"
    assert collector.due(schedule, since_everything=600.0, kept=50_001) == "everything"
    assert collector.due(schedule, since_everything=5.0, kept=50_001) == "new"


def test_the_server_turns_pythons_collections_off_and_tunes_once() -> None:
    # In a child process: this test run has imported teaching.asgi already, and other
    # tests may have turned Python's collections back on since.
    child = textwrap.dedent("""
        import gc, sys, threading
        sys.path.insert(0, sys.argv[1])
        from teaching.runtime import collector
        from teaching.runtime.collector import Schedule
        first = collector.tune_for_server()
        again = collector.tune_for_server(Schedule(every=1.0))
        assert again is first and isinstance(first, threading.Event)
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0
        assert any(t.name == "scheduled-gc" and t.daemon and t.is_alive()
                   for t in threading.enumerate())
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", child, str(ROOT)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_what_is_new_is_walked_only_when_cycles_were_found_made_fast() -> None:
    schedule = Schedule(every=600.0, kept=250_000)

    # Nothing walked yet: nothing known, nothing walked early.
    assert not collector.worth_walking(schedule, found=0, seconds=0.0)
    # A class's sockets opening: 12,000 dead objects in ten minutes would be 12,000 more
    # by the next collection of everything, far below what a walk is for.
    assert not collector.worth_walking(schedule, found=12_000, seconds=600.0)
    # Cycles made at 1,000 objects a second would pass 250,000 within five minutes.
    assert collector.worth_walking(schedule, found=60_000, seconds=60.0)


#: A child that records the collector's log lines, and waits for one.
_LOGGED = """
    import logging, time
    lines = []
    class Keep(logging.Handler):
        def emit(self, record):
            lines.append(record.getMessage())
    logging.getLogger("teaching.runtime.collector").addHandler(Keep())
    logging.getLogger("teaching.runtime.collector").setLevel(logging.INFO)

    def wait_for(words, seconds=20.0):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if any(words in line for line in lines):
                return
            time.sleep(0.01)
        raise AssertionError(f"no {words!r} in {lines}")
"""


def test_a_server_making_few_cycles_freezes_what_is_new_without_a_pause() -> None:
    _in_a_child(textwrap.dedent(_LOGGED) + textwrap.dedent("""
        from teaching.runtime.collector import Schedule
        collector.tune_for_server(Schedule(every=3600.0, kept=10_000, check_every=0.02))
        c, d = Node(), Node()
        c.other, d.other = d, c
        new_cycle = weakref.ref(c)
        del c, d
        made = [[] for _ in range(20_000)]  # alive, as a server's new tables are

        wait_for("frozen unwalked")

        assert new_cycle() is not None, "what was new was walked"
        assert not any("unreachable" in line for line in lines), lines
        print("ok")
    """))


def test_once_a_collection_finds_cycles_made_fast_what_is_new_is_walked() -> None:
    _in_a_child(textwrap.dedent(_LOGGED) + textwrap.dedent("""
        from teaching.runtime.collector import Schedule
        collector.tune_for_server(Schedule(every=1.0, kept=10_000, check_every=0.02))
        for _ in range(20_000):  # 40,000 dead objects in a second: far past 10,000
            c, d = Node(), Node()
            c.other, d.other = d, c
        del c, d
        wait_for("collection of everything:")

        lines.clear()
        c, d = Node(), Node()
        c.other, d.other = d, c
        new_cycle = weakref.ref(c)
        del c, d
        made = [[] for _ in range(20_000)]
        wait_for("collection of what was new:")

        assert new_cycle() is None
        print("ok")
    """))


def test_collections_of_everything_come_later_while_they_find_few_cycles() -> None:
    schedule = Schedule(every=600.0, longest=4800.0, kept=250_000)

    # 500 tables' sockets opening: 12,000 dead objects in ten minutes; twice as long at
    # that pace would leave 24,000 waiting, far under 250,000.
    assert collector.next_interval(schedule, 600.0, found=12_000) == 1200.0
    assert collector.next_interval(schedule, 1200.0, found=0) == 2400.0
    assert collector.next_interval(schedule, 4800.0, found=0) == 4800.0  # no later than this
    # Cycles made fast: back to every ten minutes.
    assert collector.next_interval(schedule, 2400.0, found=400_000) == 600.0
    # The walk of what is new looks as far ahead as the next collection of everything.
    assert not collector.worth_walking(schedule, found=100_000, seconds=600.0)
    assert collector.worth_walking(schedule, found=100_000, seconds=600.0, interval=2400.0)
