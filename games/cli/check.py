"""``python -m games check FILE``: find the game a record is of, and have its record
module check it.

A JSON record names its game at the top (``"game": "piquet"``); the registry entry's
``checker`` names the module whose ``check_record`` reads it back. A PBN file with Top
Game hands (any TopGame tag, whatever the Scoring tag) goes to the Top Game's record
(docs/decisions/0762); any other PBN file to MiniBridge's, which replays the play of
every deal, as bridge play or, with ``--lesson N``, as MiniLesson N
(:mod:`games.minibridge.record`). One line per deal: board, contract and declarer,
declarer's tricks, the score, and OK or the first thing wrong. The exit status is 0
when the file is in order, 1 otherwise (2 for a file that cannot be read).
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
from typing import Any

from games.bridge import pbn

#: The record modules that read PBN files: MiniBridge's (and plain bridge play) and the
#: Top Game's. They are imported only when a PBN file is checked.
MINIBRIDGE_RECORD = "games.minibridge.record"
TOPGAME_RECORD = "games.topgame.record"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the PBN file to check")
    parser.add_argument("--lesson", type=int, choices=range(1, 7), metavar="N",
                        help="also check declarer, contract and score against MiniLesson N")
    parser.add_argument("--variant", help="a MiniBridge variant with --lesson (e.g. target, slam)")


def run(args: argparse.Namespace) -> int:
    if args.variant and not args.lesson:
        raise ValueError("--variant goes with --lesson")
    minibridge = importlib.import_module(MINIBRIDGE_RECORD) if args.lesson else None
    rules = minibridge.lesson_rules(args.lesson, args.variant) if minibridge else None
    with open(args.file, "rb") as handle:
        data = handle.read()
    if data.lstrip()[:1] == b"{":
        return _report(_game_checker(json.loads(data)).check_record(json.loads(data)))
    games = pbn.load(io.BytesIO(data))
    topgame = importlib.import_module(TOPGAME_RECORD)
    if topgame.is_topgame_pbn(games):
        # A Top Game hand is known by its own tags too: a changed Scoring tag must not
        # get it checked as plain bridge, its Top Game scores unchecked (decision 0762).
        return _report(topgame.check_pbn(games))
    checks = importlib.import_module(MINIBRIDGE_RECORD).check_pbn(games, rules)
    for board_check in checks:
        print(board_check.line())
    wrong = sum(not c.ok for c in checks)
    print(f"{len(checks)} deal{'s' * (len(checks) != 1)} checked, "
          f"{wrong or 'none'} with a problem.")
    return 1 if wrong else 0


def _game_checker(data: Any) -> Any:
    """The checker module of a JSON record's game (its top-level "game")."""
    from games.registry import game_entry  # the game's engine loads only when asked for

    if not isinstance(data, dict) or "game" not in data:
        raise ValueError("a JSON record names its game at the top: {\"game\": ...}")
    entry = game_entry(str(data["game"]))
    if entry.checker is None:
        raise ValueError(f"{entry.title} has no record checker")
    return importlib.import_module(entry.checker)


def _report(problems: list[str]) -> int:
    """A game's own checker's findings: each problem, then the verdict."""
    for problem in problems:
        print(problem)
    print("The record is in order." if not problems
          else f"{len(problems)} problem{'s' * (len(problems) != 1)} found.")
    return 1 if problems else 0
