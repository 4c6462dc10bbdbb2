"""The server's garbage collector: young collections as usual, the older
generations on a schedule (teaching.collector)."""

from __future__ import annotations

import gc
import threading
import weakref

from teaching import collector
from teaching.collector import Schedule


class Node:
    """Something that can sit in a reference cycle and be watched dying."""

    def __init__(self) -> None:
        self.other: Node | None = None


def _cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_the_scheduled_collection_frees_a_dead_cycle_and_says_how_long_it_took() -> None:
    gc.disable()  # nothing else may collect it first
    try:
        dead = _cycle()
        assert dead() is not None

        found, pause_ms = collector.collect_on_schedule()

        assert dead() is None and found >= 2 and pause_ms >= 0
    finally:
        gc.enable()


def test_a_cycle_promoted_past_the_young_generation_waits_for_the_schedule() -> None:
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], collector.NEVER, collector.NEVER)
    try:
        a, b = Node(), Node()
        a.other, b.other = b, a
        watched = weakref.ref(a)
        gc.collect(0)  # alive now: promoted out of the young generation
        del a, b

        for _ in range(5):
            gc.collect(0)  # young collections never look at it again
        assert watched() is not None

        collector.collect_on_schedule()
        assert watched() is None
    finally:
        gc.set_threshold(*thresholds)


def test_the_server_never_starts_an_older_collection_itself_and_tunes_once() -> None:
    thresholds = gc.get_threshold()
    try:
        first = collector.tune_for_server()
        again = collector.tune_for_server(Schedule(young=123))

        assert again is first and isinstance(first, threading.Event)
        assert gc.get_threshold() == (Schedule().young, collector.NEVER, collector.NEVER)
        assert any(t.name == "scheduled-gc" and t.daemon for t in threading.enumerate())
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
