"""Play robot-only MiniBridge deals and write them down as PBN.

``python -m games play minibridge --lesson 5 --deals 8 --seed 1 --robots
beginner --pbn out.pbn``. Boards are numbered from 1, with dealer and
vulnerability by the board number. A deal that ends in a redeal (Law 6: 20
points each) is not counted: the same dealer deals again from the next seed.
Without ``--pbn`` one line per deal and a total are printed.

The PBN records are written as :mod:`games.minibridge.record` says.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any, TextIO

from games.bridge import pbn
from games.deals import Deal, Vulnerability
from games.minibridge import ENTRY, MiniBridge, make_rules
from games.minibridge.record import PlayedDeal, contract_text, record
from games.minibridge.rules import VARIANT_NAMES
from games.seats import SEATS, Seat

#: Give up on a board after this many redeals in a row (it never happens in practice).
MOST_REDEALS = 100


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lesson", type=int, choices=range(1, 7), default=5, metavar="N",
                        help="the MiniLesson, 1-6 (default 5)")
    parser.add_argument("--variant", choices=VARIANT_NAMES,
                        help="a variant of lessons 5-6")
    parser.add_argument("--deals", type=int, default=1, metavar="K",
                        help="how many deals to play (redeals do not count)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="the first seed")
    parser.add_argument("--robots", choices=ENTRY.robots.levels if ENTRY.robots else (),
                        default="beginner",
                        help="the robots at all four seats")
    parser.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                        help="the expert's thinking time per card (default 0.5)")
    parser.add_argument("--pbn", metavar="FILE", help="write the deals to this PBN file")


def play_deal(lesson: int, variant: str | None, board: int, seed: int,
              robots: dict[Seat, Any]) -> PlayedDeal:
    """Play one deal of ``board`` from ``seed`` with robots at every seat."""
    dealt = Deal.for_board(board, random.Random(seed))
    deal = Deal(dealt.hands, dealer=dealt.dealer, board=board, vulnerability=Vulnerability.NONE)
    game = MiniBridge(make_rules(lesson, variant), deal)
    rng = random.Random(f"robots:{seed}")
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, robots[seat].choose(game.view(seat), rng))
    return PlayedDeal(game, seed)


def play_deals(args: argparse.Namespace) -> list[PlayedDeal]:
    """``args.deals`` deals, boards 1.., each redealt from the next seed at a
    redeal (Law 6: "the same dealer ... deals again")."""
    options = {"budget": args.budget} if args.robots == "expert" and args.budget else {}
    robots = {seat: ENTRY.robot(args.robots, **options) for seat in SEATS}
    played: list[PlayedDeal] = []
    seed = args.seed
    for board in range(1, args.deals + 1):
        for _ in range(MOST_REDEALS):
            hand = play_deal(args.lesson, args.variant, board, seed, robots)
            seed += 1
            if not hand.result["redeal"]:
                played.append(hand)
                break
        else:
            raise ValueError(f"board {board} was redealt {MOST_REDEALS} times")
    return played


def summary_line(hand: PlayedDeal) -> str:
    result = hand.result
    board = f"Board {hand.game.deal.board:>2}"
    if result["declarer"] is None:
        sides = result["tricks_by_side"]
        return f"{board}  no declarer  tricks NS {sides['NS']:>2}  EW {sides['EW']:>2}"
    side = result["declaring_side"]
    other = "EW" if side == "NS" else "NS"
    net = result["score"][side] - result["score"][other]
    made = "made" if result["made"] else "down"
    return (f"{board}  {contract_text(result):<3} by {result['declarer']}  goal {result['goal']:>2}"
            f"  {result['tricks']:>2} tricks  {made}  {side} {net:+d}")


def total_line(hands: list[PlayedDeal]) -> str:
    totals = {"NS": 0, "EW": 0}
    for hand in hands:
        for side, points in (hand.result["score"] or {}).items():
            totals[side] += points
    return f"Total over {len(hands)} deals: NS {totals['NS']}  EW {totals['EW']}"


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if args.variant and args.lesson < 5:
        raise ValueError("the variants are played with lessons 5 and 6 only")
    if args.deals < 1:
        raise ValueError("--deals must be at least 1")
    hands = play_deals(args)
    if args.pbn:
        event = f"MiniBridge lesson {args.lesson}" + (f" {args.variant}" if args.variant else "")
        event += f", {args.robots} robots, seed {args.seed}"
        games = [record(h, args.lesson, args.variant, event) for h in hands]
        with open(args.pbn, "w", encoding="utf-8") as handle:
            pbn.dump(games, handle)
        out.write(f"wrote {len(games)} deals to {args.pbn}\n")
        return 0
    for hand in hands:
        out.write(summary_line(hand) + "\n")
    out.write(total_line(hands) + "\n")
    return 0
