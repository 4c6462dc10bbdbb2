"""Where a card's work goes, function by function: the bytecodes Python runs in each.

Usage: python bench/card_bytecodes.py [--game G] [--actions N] [--stage S] [--top K]

Plays the same hand as bench/card_instructions.py (its database, its actions, its warm-up) and
counts, for the counted actions only, the bytecodes Python runs in each function: by itself
("exclusive") and with everything it calls ("inclusive"), with its calls. As far as the
frames the count is exact and the same every run; over the sockets it is not (the event
loop wakes as its messages come: about 0.1 % from run to run in memory, 1 % over Redis and
PostgreSQL), so a change smaller than that needs callgrind. It takes seconds where callgrind
takes minutes, and names Python functions where callgrind names the interpreter's C. A
bytecode is not an instruction (about a hundred each, more in C-heavy code such as SQLite's),
so the figure a change is judged by stays bench/card_instructions.py's; this shows where to
look, and what a change did to each function.

``--stage``: as far as the action ("action"), the seats' views ("views") or their frames
("frames", the default), or sent over the four sockets ("sockets"; with ``--redis URL``, on
Redis as a scaled worker's channel layer). ``--postgres URL``: on a database made on that
PostgreSQL server for the run (dropped afterwards), as a scaled worker's card.
"""

from __future__ import annotations

import argparse
import concurrent.futures.thread as pool_threads
import os
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import card_instructions  # noqa: E402 (the script beside this one)


class BytecodeCount:
    """Bytecodes run in each function while on: a trace function with ``f_trace_opcodes``."""

    def __init__(self) -> None:
        self.total = 0
        self.exclusive: Counter[CodeType] = Counter()
        self.inclusive: Counter[CodeType] = Counter()
        self.calls: Counter[CodeType] = Counter()
        # The functions entered and not yet returned from, each thread's own.
        self._entered: dict[int, list[tuple[CodeType, int]]] = {}
        self._run: Any = None

    def _in_function(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            self.total += 1
            self.exclusive[frame.f_code] += 1
        elif event == "return":
            entered = self._entered.get(threading.get_ident())
            if entered:
                code, at = entered.pop()
                self.inclusive[code] += self.total - at
        return self._in_function

    def _on_call(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event != "call":
            return None
        frame.f_trace_opcodes = True
        self._entered.setdefault(threading.get_ident(), []).append((frame.f_code, self.total))
        self.calls[frame.f_code] += 1
        return self._in_function

    def __enter__(self) -> BytecodeCount:
        sys.settrace(self._on_call)
        threading.settrace(self._on_call)
        # The database thread (PostgreSQL's, with --stage sockets) was started before the
        # count: each of its work items is counted as it runs.
        self._run = run = pool_threads._WorkItem.run

        def counted_run(item: Any) -> None:
            sys.settrace(self._on_call)
            try:
                run(item)
            finally:
                sys.settrace(None)

        pool_threads._WorkItem.run = counted_run  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]
        pool_threads._WorkItem.run = self._run  # type: ignore[method-assign]

    def report(self, top: int) -> str:
        root = str(Path(__file__).resolve().parents[1]) + os.sep

        def name(code: CodeType) -> str:
            where = code.co_filename.replace(root, "")
            where = where.split("site-packages" + os.sep)[-1]
            return f"{where}:{code.co_firstlineno}({code.co_name})"

        lines = []
        for title, counts in (("inclusive", self.inclusive), ("exclusive", self.exclusive)):
            lines.append(f"-- {title}: bytecodes, calls, function")
            for code, count in counts.most_common(top):
                lines.append(f"{count:10,d} {self.calls[code]:7,d}  {name(code)}")
        return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=tuple(card_instructions.GAMES), default="minibridge")
    parser.add_argument("--actions", type=int, default=20)
    parser.add_argument("--stage", choices=(*card_instructions.STAGES, "sockets"),
                        default="frames")
    parser.add_argument("--redis", metavar="URL",
                        help="with --stage sockets, the channel layer on this Redis server")
    parser.add_argument("--postgres", metavar="URL",
                        help="on a PostgreSQL server (postgres://user@host:port) instead of "
                             "SQLite")
    parser.add_argument("--top", type=int, default=40, help="functions listed (default 40)")
    args = parser.parse_args()
    if args.redis and args.stage != "sockets":
        parser.error("--redis is the sockets' channel layer: give --stage sockets too")
    if args.redis and "REDIS_URL" not in os.environ:
        os.environ["REDIS_URL"] = args.redis
        os.environ["REDIS_PREFIX"] = f"card-bytecodes-{os.getpid()}"
    if os.environ.get("PYTHONHASHSEED") != "0":
        # The same dicts' and sets' orders every run, as bench/card_instructions.py's runs:
        # the hash seed is read as Python starts, so start again with it.
        os.execve(sys.executable, [sys.executable, *sys.argv],
                  {**os.environ, "PYTHONHASHSEED": "0"})
    counter = BytecodeCount()

    def counted(work: Any) -> None:
        with counter:
            work()

    if args.postgres:
        server = args.postgres.rstrip("/")
        name = f"card_bytecodes_{os.getpid()}"
        card_instructions._postgres(server, f'CREATE DATABASE "{name}"')
        try:
            _play(f"{server}/{name}", args, counted)
        finally:  # the run's pooled connections are still open: closed by the server
            card_instructions._postgres(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    else:
        with tempfile.TemporaryDirectory() as folder:
            _play(Path(folder) / "card.sqlite3", args, counted)
    print(f"{args.actions} actions of a {args.game} hand, as far as the {args.stage}: "
          f"{counter.total:,d} bytecodes, {counter.total / args.actions:,.0f} an action")
    print(counter.report(args.top))
    return 0


def _play(database: Path | str, args: argparse.Namespace, counted: Any) -> None:
    card_instructions.prepare(database, args.game, args.actions)
    card_instructions._counted = counted  # the counted actions alone, as callgrind's
    card_instructions.play(database, args.actions, args.stage, args.game)


if __name__ == "__main__":
    raise SystemExit(main())
