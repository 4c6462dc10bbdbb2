"""The command line for teachers and for checking.

``python -m games play GAME ...`` plays robot-only hands; ``python -m games
check FILE`` replays every deal of a PBN file, or a game's JSON record, through
the engine. Each subcommand lives in its own module with
``add_arguments(parser)`` and ``run(args) -> int``; this module only
dispatches: ``play GAME`` to the module its registry entry names
(``ENTRY.cli``), so a registered game with a command line is playable here.
Only the command-line modules read or write files: the engine itself takes
and returns text.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from games.registry import catalogue


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    play = commands.add_parser("play", help="play robot-only hands and write them down")
    games = play.add_subparsers(dest="game", required=True)
    for entry in catalogue():
        if entry.cli is None:
            continue
        module = importlib.import_module(entry.cli)
        summary = module.__doc__.splitlines()[0] if module.__doc__ else entry.title
        sub = games.add_parser(entry.name, help=summary)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)

    check = commands.add_parser(
        "check", help="replay the play of every deal of a PBN file, or a game's JSON record")
    check_module = importlib.import_module("games.cli.check")
    check_module.add_arguments(check)
    check.set_defaults(run=check_module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:  # e.g. piped into head
        return 0
    except (OSError, ValueError) as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
