"""Play parties of Piquet between robots and write them down.

``python -m games play piquet --parties K --seed S --robots expert,beginner
[--counting classical] [--first-dealer S] [--json FILE]`` plays K whole
parties at one table (six deals each, two more after a tie), North's robot
first in ``--robots`` (one level for both). It prints one line a deal and
one a partie, and with ``--json`` writes the record docs/piquet-record.md
describes; ``python -m games check FILE`` checks it.

Deal N of the table is shuffled from the seed ``"S:N"`` and its robots draw
from ``"S:N:robots"``, so the same command gives the same record.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from games.piquet.game import Piquet, deal_piquet
from games.piquet.record import (
    FORMAT,
    MOST_DEALS_A_PARTIE,
    deal_record,
    partie_record,
    summary,
)
from games.piquet.robots import LEVELS, make_robot
from games.piquet.rules import PLAYERS, PiquetRules
from games.piquet.scoring import standing


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--parties", type=_positive, default=1, help="whole parties to play")
    parser.add_argument("--seed", default="1", help="the same seed deals the same cards")
    parser.add_argument("--robots", default="beginner",
                        help="North's level, South's level (e.g. expert,beginner), "
                             f"or one for both; levels: {', '.join(LEVELS)}")
    parser.add_argument("--counting", choices=("text", "classical"), default="text",
                        help="how tricks are counted (docs/rules/piquet.md)")
    parser.add_argument("--first-dealer", choices=("N", "S"), default="N",
                        help="who deals the first deal of each partie")
    parser.add_argument("--json", type=Path, help="write the record to this file")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number above 0")
    return value


def robot_levels(text: str) -> dict[str, str]:
    """``"expert,beginner"`` -> North expert, South beginner; ``"expert"`` -> both."""
    levels = [part.strip() for part in text.split(",") if part.strip()]
    if len(levels) == 1:
        levels *= 2
    if len(levels) != 2 or any(level not in LEVELS for level in levels):
        raise ValueError(f"--robots takes one or two of {', '.join(LEVELS)} (North's first), "
                         f"not {text!r}")
    return {seat.value: level for seat, level in zip(PLAYERS, levels, strict=True)}


def run(args: argparse.Namespace) -> int:
    levels = robot_levels(args.robots)
    rules = PiquetRules(counting=args.counting, first_dealer=args.first_dealer)
    record = play_parties(rules, str(args.seed), args.parties, levels,
                          report=lambda line: sys.stdout.write(line + "\n"))
    if args.json is not None:
        args.json.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        sys.stdout.write(f"wrote {len(record['parties'])} parties to {args.json}\n")
    return 0


def play_parties(rules: PiquetRules, seed: str, parties: int, levels: dict[str, str],
                 report: Any = None) -> dict[str, Any]:
    """Play ``parties`` whole parties at one table between robots; the record."""
    robots = {seat: make_robot(level) for seat, level in levels.items()}
    written: list[dict[str, Any]] = []
    board = 0
    for number in range(1, parties + 1):
        results: list[dict[str, Any]] = []
        deals: list[dict[str, Any]] = []
        sheet = standing(rules, results)
        while not sheet["over"] and len(deals) < MOST_DEALS_A_PARTIE:
            board += 1
            game = play_deal(rules, seed, board, robots)
            results.append(game.result())
            sheet = standing(rules, results)
            deals.append(deal_record(game, sheet["totals"]))
            if report:
                scores = game.result()["scores"]
                report(f"partie {number} deal {len(deals)}: North {scores['N']}, "
                       f"South {scores['S']}; totals North {sheet['totals']['N']}, "
                       f"South {sheet['totals']['S']}")
        written.append(partie_record(number, deals, sheet))
        if report and sheet["over"]:
            rubicon = " (rubicon)" if sheet["rubicon"] else ""
            report(f"partie {number}: {'North' if sheet['winner'] == 'N' else 'South'} wins "
                   f"{sheet['points']}{rubicon}")
    return {"game": "piquet", "format": FORMAT, "rules": rules.as_data(), "seed": seed,
            "robots": levels, "parties": written, "summary": summary(written)}


def play_deal(rules: PiquetRules, seed: str, board: int, robots: dict[str, Any]) -> Piquet:
    """One deal between robots, each given only its own seat's view."""
    game = Piquet(rules, deal_piquet(rules, random.Random(f"{seed}:{board}"), board))
    rng = random.Random(f"{seed}:{board}:robots")
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, robots[seat.value].choose(game.view(seat), rng))
    return game
