"""bench/load.py in miniature: two tables for two seconds against its own daphne.

The real measurements (25, 100, 250 tables) are in docs/benchmarks.md; this only proves
the generator still sets up, connects, plays and reports without an error.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tests.bench.scripts import load_script


def test_two_tables_play_for_three_seconds_without_an_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    began = time.monotonic()

    code = load_script("load").main(["--tables", "2", "--seconds", "2", "--warmup", "0",
                                      "--jitter", "0.5", "--timeline", "1"])

    out = capsys.readouterr().out
    assert code == 0, out
    assert "errors 0:" in out
    assert "cards " in out and "p99" in out
    assert "waits vary by up to 50%" in out
    assert "  from   cards" in out  # the timeline's heading, then a line a second
    assert time.monotonic() - began < 60


def test_it_talks_to_nothing_but_this_machine() -> None:
    with pytest.raises(SystemExit):
        load_script("load").main(["--server", "http://example.org:8000", "--database", "x.sqlite3"])


def test_staggered_tables_begin_apart_and_are_counted_once_all_play(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = load_script("load").main(["--tables", "2", "--seconds", "2", "--warmup", "0",
                                      "--stagger", "1.5"])

    out = capsys.readouterr().out
    assert code == 0, out
    assert "after 1.5 s not counted (the tables beginning over 1.5 s)" in out
    assert "(begun over 1.5 s)" in out and "errors 0:" in out


@pytest.mark.parametrize("stagger", ["-1", "301"])
def test_a_stagger_out_of_reason_is_refused(stagger: str) -> None:
    with pytest.raises(SystemExit):
        load_script("load").main(["--tables", "1", "--stagger", stagger])


@pytest.mark.parametrize("jitter", ["-0.1", "1", "2"])
def test_a_jitter_that_could_stop_the_clock_is_refused(jitter: str) -> None:
    with pytest.raises(SystemExit):
        load_script("load").main(["--tables", "1", "--jitter", jitter])


def test_side_by_side_counts_the_solvers_once_in_the_total() -> None:
    load = load_script("load")
    from bench.cpu import Part, Window

    def run(workers: float, solvers: float, generator: float) -> object:
        parts = [Part("workers", lambda: set()), Part("solvers", lambda: set(), within="workers"),
                 Part("load generator", lambda: set())]
        for part, seconds in zip(parts, (workers, solvers, generator), strict=True):
            part.after = int(seconds * load.os.sysconf("SC_CLK_TCK"))
        stats = load.Stats(card_ms=[1.0] * 1000, cpu=Window(parts))
        stats.elapsed = 10.0  # set by the run once it ends
        return stats

    table = load.side_by_side([("embedded", run(4.0, 1.0, 1.0)), ("scaled", run(6.0, 0.5, 1.0))])

    lines = {line[:28].strip(): line[28:].split() for line in table.splitlines()[2:]}
    assert lines["of it, solvers ms/card"] == ["1.00", "0.50"]
    # 4 + 1 and 6 + 1 ms a card: the solvers are inside the workers' line already.
    assert lines["total ms/card"] == ["5.00", "7.00"]


def test_a_timed_out_move_is_told_apart_as_seen_later_or_never(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A move no seat had seen within the time limit is a timeout; the report then says
    whether every seat saw the table past it after all (a later version counts)."""
    load = load_script("load")
    monkeypatch.setattr(load, "TIMEOUT", 0.1)

    async def play() -> Any:
        stats = load.Stats()
        seats = [load.Seat(None, name, "") for name in "NESW"]
        for seat in seats:
            seat.key = (1, 7)
        settled = await load._settle(seats, (1, 7), seats[0], stats, "{}")
        for seat in seats[:3]:  # three seats see version 8, the fourth version 9 only
            seat.key = (1, 8)
        seats[3].key = (1, 9)
        await asyncio.wait(stats.watching, timeout=5)
        again = await load._settle(seats, (1, 9), seats[0], stats, "{}")
        for task in stats.watching:
            task.cancel()
        return settled, again, stats

    settled, again, stats = asyncio.run(play())

    assert not settled and not again and stats.timeouts == 2
    assert stats.timed_out[0] is not None and stats.timed_out[1] is None
    stats.elapsed = 1.0
    assert "seen by every seat after all: 1 of 2" in load.report(stats, 1, 1.0)
    assert "not before the end: 1" in load.report(stats, 1, 1.0)
