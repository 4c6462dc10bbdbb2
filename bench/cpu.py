"""The CPU each part of a served site spends, read from /proc before and after a window.

bench/load.py uses it to say what a card costs in the daphne workers, PostgreSQL, Redis,
nginx and the load generator itself: on a 2-core machine the load generator and the
servers share the cores, so a latency alone would hide who used them.

A part is a rule that finds its processes (``Part.find``). Each process is counted with
its user + system time and the time of its children that ended and were waited for
(``cutime`` + ``cstime``): a PostgreSQL backend that closes within the window, or a
worker's solver process that is started again, leaves its CPU to its parent, which is in
the same part, so nothing is lost or counted twice. Why: docs/decisions/0510-cpu-per-part.md.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

_TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        # The name in brackets may hold spaces: the fields start after its last ")".
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def process_ticks(pid: int, *, children: bool = True) -> int:
    """utime + stime (and, with ``children``, cutime + cstime) of ``pid``; 0 once it is gone."""
    fields = _stat(pid)
    if fields is None:
        return 0
    used = fields[11:15] if children else fields[11:13]
    return sum(int(value) for value in used)


def descendants(pid: int) -> set[int]:
    """``pid`` and every process under it, as they are now."""
    found, waiting = set(), [pid]
    while waiting:
        current = waiting.pop()
        if current in found:
            continue
        found.add(current)
        try:
            words = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        waiting.extend(int(word) for word in words)
    return {p for p in found if _stat(p) is not None}


def trees(pids: Iterable[int]) -> Callable[[], set[int]]:
    """A finder for these processes and their descendants (a worker and its solver)."""
    roots = list(pids)
    return lambda: set().union(*(descendants(p) for p in roots)) if roots else set()


def under(pids: Iterable[int]) -> Callable[[], set[int]]:
    """A finder for the processes under these ones, not these (a worker's solver)."""
    roots = list(pids)
    return lambda: set().union(*(descendants(p) for p in roots)) - set(roots)


def named(*names: str) -> Callable[[], set[int]]:
    """A finder for every process on the machine whose program name is one of ``names``."""
    def find() -> set[int]:
        found = set()
        for comm in Path("/proc").glob("[0-9]*/comm"):
            try:
                if comm.read_text().strip() in names:
                    found.add(int(comm.parent.name))
            except (OSError, ValueError):
                continue
        return found
    return find


def running(*words: str) -> Callable[[], set[int]]:
    """A finder for every process whose command line holds all ``words``, with descendants
    (the daphne workers of a site this script did not start)."""
    def find() -> set[int]:
        found: set[int] = set()
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                text = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if all(word in text for word in words) and "bench/load.py" not in text:
                found |= descendants(int(cmdline.parent.name))
        return found
    return find


def machine_ticks() -> int:
    """Busy time of every core since boot, in ticks (/proc/stat's first line)."""
    try:
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0
    # user, nice, system, irq, softirq (guest time is inside user; steal is the host's)
    return values[0] + values[1] + values[2] + values[5] + values[6]


@dataclass
class Part:
    """One part of the site: its name, how to find its processes, and a note for the reader."""

    name: str
    find: Callable[[], set[int]] | None  # None: this part is not used in this mode
    note: str = ""
    own_only: bool = False  # the load generator: itself, not a profiler it started
    #: The part this one is a share of (the workers' solvers): printed under it, not added
    #: to the total a second time.
    within: str = ""
    before: int = 0
    after: int = 0
    processes: int = 0

    def sample(self) -> int:
        if self.find is None:
            return 0
        pids = self.find()
        self.processes = max(self.processes, len(pids))
        return sum(process_ticks(p, children=not self.own_only) for p in pids)

    @property
    def seconds(self) -> float:
        return max(0, self.after - self.before) / _TICK


@dataclass
class Window:
    """The parts sampled at the start and end of the counted seconds, and the whole machine."""

    parts: list[Part]
    machine: tuple[int, int] = (0, 0)
    notes: list[str] = field(default_factory=list)

    def start(self) -> None:
        for part in self.parts:
            part.before = part.sample()
        self.machine = (machine_ticks(), 0)

    def stop(self) -> None:
        for part in self.parts:
            part.after = part.sample()
        self.machine = (self.machine[0], machine_ticks())

    def report(self, cards: int, actions: int) -> str:
        """A line a part: CPU seconds, ms a card and ms an action; then the total, and what
        the rest of the machine did meanwhile (other work, which slowed this run)."""
        def per(seconds: float, count: int) -> str:
            return f"{1000 * seconds / count:7.2f}" if count else "      -"

        lines = [f"CPU by part over the counted window ({cards} cards, {actions} actions):",
                 f"  {'part':<16}{'processes':>10}{'CPU s':>9}{'ms/card':>9}{'ms/action':>11}"]
        total = 0.0
        for part in self.parts:
            if part.find is None:
                lines.append(f"  {part.name:<16}{'not used in this mode':>39}")
                continue
            if part.within:
                lines.append(f"    {'of it, ' + part.name:<14}{part.processes:>10}"
                             f"{part.seconds:>9.2f}{per(part.seconds, cards):>9}"
                             f"{per(part.seconds, actions):>11}"
                             f"{'  ' + part.note if part.note else ''}")
                continue
            total += part.seconds
            lines.append(f"  {part.name:<16}{part.processes:>10}{part.seconds:>9.2f}"
                         f"{per(part.seconds, cards):>9}{per(part.seconds, actions):>11}"
                         f"{'  ' + part.note if part.note else ''}")
        lines.append(f"  {'total':<16}{'':>10}{total:>9.2f}{per(total, cards):>9}"
                     f"{per(total, actions):>11}")
        machine = max(0, self.machine[1] - self.machine[0]) / _TICK
        lines.append(f"  the whole machine was busy {machine:.2f} CPU s meanwhile; "
                     f"{max(0.0, machine - total):.2f} s of it outside these parts (other work)")
        return "\n".join(lines)
