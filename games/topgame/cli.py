"""Play Top Game matches between robots and write them down.

``python -m games play topgame --matches 1 --seed 7 --robots expert,beginner,beginner
[--informer typed] [--budget 0.25] [--pbn FILE.pbn] [--out FILE.json]`` plays K
matches of 6 + 6 counted hands at one table (a hand dealt again after wrong
information is played besides), A, B and C seated as the match says, and prints
one line a hand and the score sheets. ``--out`` writes the JSON record and
``--pbn`` the hands as PBN, both described in docs/topgame-record.md; ``python
-m games check FILE`` checks either.

Hand N of the table is dealt from the seed ``"{seed}:{N}"``, and the robots think
with ``"{seed}:{N}:robots"``, so the same command plays the same hands (the
expert with ``--budget 0``, which limits it by its sample count alone).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from games.bridge import pbn
from games.seats import Seat
from games.topgame.game import TopGame
from games.topgame.match import HANDS_PER_MATCH, next_deal
from games.topgame.record import hand_record, pbn_games, run_record
from games.topgame.robots import LEVELS, make_robot
from games.topgame.rules import INFORMER_CHOICES, TopGameRules
from games.topgame.scoring import standing

#: Give up after this many hands dealt again in a row (robots never inform wrongly).
MOST_REDEALS = 50


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--matches", type=_positive, default=1, metavar="K",
                        help="how many matches of 6 + 6 hands to play (default 1)")
    parser.add_argument("--seed", default="1", metavar="S",
                        help="the same seed deals the same hands")
    parser.add_argument("--robots", default="beginner", metavar="LEVELS",
                        help="one level for all, or A,B,C's levels: beginner or expert, e.g. "
                             "expert,beginner,beginner")
    parser.add_argument("--informer", choices=INFORMER_CHOICES, default="announced",
                        help="whether the informer types dummy's description")
    parser.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                        help="the expert's thinking time per card (default 0.25; 0: none, "
                             "only its sample count limits it)")
    parser.add_argument("--pbn", type=Path, metavar="FILE", help="write the hands as PBN")
    parser.add_argument("--out", type=Path, metavar="FILE", help="write the JSON record")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number above 0")
    return value


def robots_by_letter(text: str) -> dict[str, str]:
    """``"expert"`` -> all three; ``"expert,beginner,beginner"`` -> A, B, C."""
    levels = [part.strip() for part in text.split(",")]
    if len(levels) == 1:
        levels *= 3
    if len(levels) != 3 or any(level not in LEVELS for level in levels):
        raise ValueError(f"--robots takes one level or three (A,B,C) of {', '.join(LEVELS)}: "
                         f"not {text!r}")
    return dict(zip("ABC", levels, strict=True))


def run(args: argparse.Namespace) -> int:
    rules = TopGameRules(informer=args.informer)
    levels = robots_by_letter(args.robots)
    options: dict[str, Any] = {}
    if args.budget is not None:
        options["budget"] = args.budget or None
    hands = play_matches(rules, str(args.seed), args.matches, levels, options)
    record = run_record(rules, seed=str(args.seed), robots=levels, hands=hands)
    sys.stdout.write("\n".join(summary_lines(record)) + "\n")
    if args.out is not None:
        args.out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        sys.stdout.write(f"wrote the record of {len(hands)} hands to {args.out}\n")
    if args.pbn is not None:
        args.pbn.write_text(pbn.dumps(pbn_games(record)), encoding="utf-8")
        sys.stdout.write(f"wrote {len(hands)} hands to {args.pbn}\n")
    return 0


def play_matches(rules: TopGameRules, seed: str, matches: int, levels: Mapping[str, str],
                 options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Hands at one table until ``matches`` matches are complete, robots playing
    A, B and C wherever the match seats them."""
    expert = dict(options or {})
    robots = {letter: make_robot(level, **expert) if level == "expert" else make_robot(level)
              for letter, level in levels.items()}
    hands: list[dict[str, Any]] = []
    redeals = 0
    while True:
        now = standing(rules, [h["result"] for h in hands])
        if now["match"] == matches and now["finished"]:
            return hands
        following = now["next"]
        number = following["table_hand"]
        game = TopGame(rules, next_deal(rules, random.Random(f"{seed}:{number}"), following))
        by_seat = {Seat(seat): robots[letter] for letter, seat in following["seats"].items()}
        rng = random.Random(f"{seed}:{number}:robots")
        while not game.is_over():
            seat = game.to_act()[0]
            game.apply(seat, by_seat[seat].choose(game.view(seat), rng))
        hands.append(hand_record(game, table_hand=number, match=following["match"],
                                 hand=following["hand"], seats=following["seats"]))
        redeals = redeals + 1 if game.result()["redeal"] else 0
        if redeals > MOST_REDEALS:
            raise ValueError(f"hand {following['hand']} was dealt again {MOST_REDEALS} times")


# -- what is printed ------------------------------------------------------------------------

def summary_lines(record: Mapping[str, Any]) -> list[str]:
    """One line a hand, then each match's sheets (the current one in full)."""
    levels = record["robots"]
    lines = [f"The Top Game, robots A={levels['A']} B={levels['B']} C={levels['C']}, "
             f"seed {record['seed']}, informer {record['rules']['informer']}"]
    for hand in record["hands"]:
        lines.append(hand_line(hand))
    final = record["standing"]
    for finished in final["matches"]:
        lines.append(f"Match {finished['number']}: " + _totals(finished["totals"]))
    for sheet in final["sheets"]:
        lines += [""] + sheet_lines(sheet)
    lines += ["", f"Match {final['match']} ({final['hands_counted']} of {HANDS_PER_MATCH} "
                  f"hands): " + _totals(final["totals"])]
    return lines


def hand_line(hand: Mapping[str, Any]) -> str:
    result = hand["result"]
    letter = {seat: k for k, seat in hand["seats"].items()}
    scores = " ".join(f"{letter[s]} {v:+d}" for s, v in sorted(
        result["scores"].items(), key=lambda item: letter[item[0]]))
    what = {"passed-out": "passed out", "redeal": "wrong information, dealt again"}.get(
        result["outcome"])
    if what is None:
        doubler = f" (doubled by {letter[result['doubler']]})" if result["doubler"] else ""
        what = (f"{result['contract']}{doubler} by {letter[result['declarer']]}, "
                f"{result['tricks']} tricks")
    penalty = " - did not raise to his tops" if result["penalty"] == "no-raise" else ""
    return (f"Match {hand['match']} hand {hand['hand']:>2} (dealer "
            f"{letter[result['dealer']]}): {what}{penalty}: {scores}")


def sheet_lines(sheet: Mapping[str, Any]) -> list[str]:
    """A score sheet as the rules text keeps it: a column per player in dealing
    order, and under the dealer's column the final bid, dummy's tops, contract."""
    order: Sequence[str] = sheet["order"]
    width = 16
    lines = [f"Sheet {sheet['number']}", "hand " + "".join(f"{k:>{width}}" for k in order)]
    for row in sheet["rows"]:
        cells = []
        for letter in order:
            text = f"{row['scores'][letter]:+d}"
            if letter == row["dealer"] and row["note"] is not None:
                note = row["note"]
                text = f"{note['bid']}/{note['tops']}/{note['contract']} {text}"
            elif letter == row["dealer"]:
                text = f"* {text}"
            cells.append(f"{text:>{width}}")
        mark = "" if row["counts"] else "  (does not count)"
        lines.append(f"{row['hand']:>4} " + "".join(cells) + mark)
    lines.append("     " + "".join(f"{sheet['totals'][k]:>{width}d}" for k in order))
    return lines


def _totals(totals: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v:+d}" for k, v in totals.items())
