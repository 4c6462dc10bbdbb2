"""Play whole games of Preference between robots and write each hand down as JSON.

``python -m games play preference --games K --seed S --robots expert --start 30
[--refa-max 2] [--refa-under-hat others] [--json FILE]`` plays K games, each until
its declarer columns add up to zero, and prints one line a hand and each game's final
reckoning. With ``--json`` it writes the record docs/preference-record.md describes:
every hand's deal and talon, every action, each trick with its leader and winner, and
the sheet after the hand, so that another program can check the game (``python -m
games check FILE`` does, with :mod:`games.preference.record`, dealing every hand again
from the seed).

Hand N of the table is dealt from the seed ``"{seed}:{N}"``; hands are numbered
across the games, as a table of the site numbers them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.preference.game import Preference, deal_hand
from games.preference.record import FORMAT, hand_record
from games.preference.robots import LEVELS, make_robot
from games.preference.rules import (
    PLAYERS,
    REFA_MAX_BY_START,
    REFA_UNDER_HAT_CHOICES,
    PreferenceRules,
)
from games.preference.scoring import HandFacts, Sheet
from games.seats import Seat

#: A game that has not ended after this many hands is written down unfinished.
MOST_HANDS = 300


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=_positive, default=1, help="how many games to play")
    parser.add_argument("--seed", default="1", help="the same seed deals the same hands")
    parser.add_argument("--robots", default="beginner",
                        help="the robots' level for every seat (beginner or expert), or one "
                             "per seat: S=expert,E=beginner,W=beginner")
    parser.add_argument("--start", type=_positive, default=30,
                        help="the declarer columns' starting score (default 30)")
    parser.add_argument("--refa-max", default=REFA_MAX_BY_START,
                        help="the most refas in a game: a number, 'none' for no maximum, or "
                             f"'{REFA_MAX_BY_START}' (the default: two from 60 up, one below)")
    parser.add_argument("--refa-under-hat", default="none", choices=REFA_UNDER_HAT_CHOICES,
                        help="a pass-out while a player is under the hat: 'none' (no refa at "
                             "all, the default) or 'others' (the others get theirs)")
    parser.add_argument("--hands", type=_positive, default=MOST_HANDS,
                        help="stop a game unfinished after this many hands "
                             f"(default {MOST_HANDS})")
    parser.add_argument("--json", type=Path, help="write the record of every hand here")


def run(args: argparse.Namespace) -> int:
    rules = PreferenceRules.from_options(start=args.start, refa_max=args.refa_max,
                                         refa_under_hat=args.refa_under_hat)
    robots = parse_robots(args.robots)
    record = play_games(rules, str(args.seed), args.games, robots, args.hands)
    sys.stdout.write("\n".join(summary_lines(record)) + "\n")
    if args.json is not None:
        args.json.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        hands = sum(len(g["hands"]) for g in record["games"])
        sys.stdout.write(f"wrote {len(record['games'])} game(s), {hands} hands, to "
                         f"{args.json}\n")
    return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number above 0")
    return value


def parse_robots(text: str) -> dict[Seat, str]:
    """``expert`` (every seat) or ``S=expert,E=beginner,W=beginner``."""
    if "=" not in text:
        levels = {seat: text.strip() for seat in PLAYERS}
    else:
        levels = {}
        for part in text.split(","):
            seat, _, level = part.partition("=")
            levels[Seat.from_str(seat)] = level.strip()
        if set(levels) != set(PLAYERS):
            raise ValueError("name a robot for each of S, E and W")
    for level in levels.values():
        if level not in LEVELS:
            raise ValueError(f"no {level!r} robot (levels: {', '.join(LEVELS)})")
    return levels


# -- playing -------------------------------------------------------------------------------------

def play_games(rules: PreferenceRules, seed: str, games: int, robots: Mapping[Seat, str],
               most_hands: int = MOST_HANDS) -> dict[str, Any]:
    """Play ``games`` whole games at one table and return their record."""
    players = {seat: make_robot(level) for seat, level in robots.items()}
    record: dict[str, Any] = {
        "game": "preference",
        "format": FORMAT,
        "rules": {**rules.options(), "refa_max": rules.most_refas},
        "seed": seed,
        "robots": {seat.value: robots[seat] for seat in PLAYERS},
        "games": [],
    }
    number = 0
    for game_number in range(1, games + 1):
        sheet = Sheet(rules.table_rules())
        hands: list[dict[str, Any]] = []
        while not sheet.is_over() and len(hands) < most_hands:
            number += 1
            hand_rules = rules.with_refas(sheet.refas_waiting())
            game = Preference(hand_rules, deal_hand(hand_rules, random.Random(f"{seed}:{number}"),
                                                    number))
            rng = random.Random(f"{seed}:{number}:robots")
            while not game.is_over():
                seat = game.to_act()[0]
                game.apply(seat, players[seat].choose(game.view(seat), rng))
            change = sheet.record(HandFacts.from_result(game.result()))
            hands.append(hand_record(game, game_number, change, sheet))
        record["games"].append({"number": game_number, "over": sheet.is_over(),
                                "hands": hands,
                                "final": sheet.reckoning() if sheet.is_over() else None})
    return record


# -- what is printed -----------------------------------------------------------------------------

def summary_lines(record: Mapping[str, Any]) -> list[str]:
    robots = record["robots"]
    rules = record["rules"]
    lines = [f"Preference, robots S={robots['S']} E={robots['E']} W={robots['W']}, seed "
             f"{record['seed']}, start {rules['start']}, refa maximum {rules['refa_max']}"
             + (", refas for the others under the hat"
                if rules.get("refa_under_hat") == "others" else "")]
    for game in record["games"]:
        lines.append(f"Game {game['number']}")
        for hand in game["hands"]:
            lines.append("  " + hand_line(hand))
        if game["final"]:
            lines.append("  Final reckoning: " + "; ".join(
                f"{seat} {entry['sum']}" for seat, entry in game["final"].items()))
        else:
            lines.append(f"  Not over after {len(game['hands'])} hands.")
    return lines


def hand_line(hand: Mapping[str, Any]) -> str:
    result = hand["result"]
    head = f"Hand {hand['hand']:>3} (dealer {hand['dealer']}): "
    if result["passed_out"]:
        return head + " ".join(hand["sheet"]["lines"])
    outcome = "made" if result["made"] else "lost"
    roles = ", ".join(f"{s} {r}" for s, r in result["roles"].items())
    kontra = f", kontra x{2 ** result['kontra']}" if result["kontra"] else ""
    changes = " ".join(f"{s}{c:+d}" for s, c in hand["sheet"]["changes"].items())
    bulas = " ".join(f"{s}+{p}" for s, p in hand["sheet"]["bulas"].items())
    return (f"{head}{result['declarer']} {result['contract']['words']} {outcome} "
            f"({result['declarer_tricks']} tricks; {roles}{kontra}); declarer columns "
            f"{changes}" + (f", bulas {bulas}" if bulas else "") + f"; sum {hand['sheet']['sum']}")
