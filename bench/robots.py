"""Benchmark the MiniBridge robots: beginner speed, expert time per card, and
how many more tricks the expert takes than the beginner.

Run from the repository root, e.g.::

    python bench/robots.py                       # all three, 200 deals, 0.5 s per card
    python bench/robots.py --deals 40 --budget 0.1
    python bench/robots.py --skip-compare        # speed only

1. Beginner speed: robot-only MiniLesson 5 hands per second, whole hands
   (announcements, contract, 52 cards, claims), with the time split between
   the engine's view, the robot's choice and the engine's apply.
2. The comparison, duplicate style: each deal is played at two tables with the
   seats swapped (expert North-South against beginner East-West, then
   beginner North-South against expert East-West). The declarer follows from
   the points (Law 7) and both tables play the same contract, the beginner's
   choice by the lesson's advice, so only the card play differs. Per deal the
   expert's edge is North-South's tricks at the first table less those at the
   second (the tricks the expert pair took, as North-South and as East-West,
   less the beginners', halved). Printed: totals, the mean edge with a 95%
   confidence interval, and the deals won, tied and lost.
3. The expert's seconds per card, measured during the comparison.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.deals import Deal  # noqa: E402
from games.minibridge import MiniBridge, make_rules  # noqa: E402
from games.protocol import SeatView  # noqa: E402
from games.robots import robot_for  # noqa: E402
from games.seats import SEATS, Seat  # noqa: E402

BEGINNER_TARGET = 500  # hands per second
EXPERT_TARGET = 1.0  # seconds per card


def beginner_speed(hands: int, seed: int) -> dict[str, float]:
    """Robot-only MiniLesson 5 hands per second, and where the time goes.

    The split is in CPU time of this process (``time.process_time``), which
    other jobs on a shared machine disturb less than the wall clock.
    """
    rules = make_rules(5)
    robot = robot_for("minibridge", "beginner")
    rng = random.Random(seed)
    spent = {"view": 0.0, "robot": 0.0, "apply": 0.0}
    clock = time.process_time
    wall, cpu = time.perf_counter(), clock()
    for board in range(1, hands + 1):
        game = MiniBridge(rules, Deal.for_board(board, rng))
        while not game.is_over():
            seat = game.to_act()[0]
            t0 = clock()
            view = game.view(seat)
            t1 = clock()
            action = robot.choose(view, rng)
            t2 = clock()
            game.apply(seat, action)
            t3 = clock()
            spent["view"] += t1 - t0
            spent["robot"] += t2 - t1
            spent["apply"] += t3 - t2
    wall, cpu = time.perf_counter() - wall, clock() - cpu
    return {"hands_per_second": hands / wall, "hands_per_cpu_second": hands / cpu,
            "robot_hands_per_second": hands / spent["robot"],
            **{f"{k}_ms_per_hand": v * 1000 / hands for k, v in spent.items()}}


class TimedExpert:
    """The expert, with the time of each card it chooses recorded."""

    def __init__(self, **options: Any) -> None:
        self.robot = robot_for("minibridge", "expert", contract_by_dd=False, **options)
        self.card_seconds: list[float] = []

    def choose(self, view: SeatView, rng: random.Random) -> str:
        start = time.perf_counter()
        action = self.robot.choose(view, rng)
        if action in view.card_actions.values():
            self.card_seconds.append(time.perf_counter() - start)
        return action


def play_table(lesson: int, deal: Deal, robots: dict[Seat, Any], seed: int,
               contract: str | None) -> tuple[MiniBridge, str | None]:
    """One table's play of ``deal``; the contract is forced when given."""
    game = MiniBridge(make_rules(lesson), deal)
    rng = random.Random(seed)
    chosen = None
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        if view.phase == "contract":
            chosen = contract or robot_for("minibridge", "beginner").choose(view, rng)
            game.apply(seat, chosen)
            continue
        game.apply(seat, robots[seat].choose(view, rng))
    return game, chosen


def compare(deals: int, lesson: int, seed: int, expert: TimedExpert,
            progress: bool) -> dict[str, Any]:
    beginner = robot_for("minibridge", "beginner")
    first = {s: expert if s.side.value == "NS" else beginner for s in SEATS}
    second = {s: beginner if s.side.value == "NS" else expert for s in SEATS}
    edges: list[int] = []
    expert_tricks = beginner_tricks = 0
    attempt = seed
    board = 0
    while len(edges) < deals:
        board += 1
        deal = Deal.for_board(board, random.Random(attempt))
        attempt += 1
        table_a, contract = play_table(lesson, deal, first, attempt, None)
        if table_a.result()["redeal"]:
            board -= 1
            continue
        table_b, _ = play_table(lesson, deal, second, attempt, contract)
        ns_a = table_a.result()["tricks_by_side"]["NS"]
        ns_b = table_b.result()["tricks_by_side"]["NS"]
        edges.append(ns_a - ns_b)
        expert_tricks += ns_a + (13 - ns_b)
        beginner_tricks += (13 - ns_a) + ns_b
        if progress:
            sys.stderr.write(f"\rdeal {len(edges)}/{deals}: edge so far {sum(edges):+d}")
    if progress:
        sys.stderr.write("\n")
    mean = statistics.fmean(edges)
    error = statistics.stdev(edges) / math.sqrt(len(edges)) if len(edges) > 1 else float("nan")
    return {"deals": len(edges), "expert_tricks": expert_tricks,
            "beginner_tricks": beginner_tricks, "mean_edge": mean,
            "ci95": (mean - 1.96 * error, mean + 1.96 * error),
            "won": sum(e > 0 for e in edges), "tied": sum(e == 0 for e in edges),
            "lost": sum(e < 0 for e in edges)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands for the speed test")
    parser.add_argument("--deals", type=int, default=200, help="deals for the comparison")
    parser.add_argument("--budget", type=float, default=0.5, help="expert seconds per card")
    parser.add_argument("--samples", type=int, default=48, help="expert's most deals per card")
    parser.add_argument("--lesson", type=int, default=5, choices=range(1, 7))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-compare", action="store_true")
    parser.add_argument("--progress", action="store_true", help="report each deal on stderr")
    args = parser.parse_args(argv)
    ok = True
    if not args.skip_speed:
        speed = beginner_speed(args.hands, args.seed)
        print(f"beginner, MiniLesson 5, {args.hands} robot-only hands:")
        print(f"  whole loop {speed['hands_per_second']:.0f} hands/s wall clock, "
              f"{speed['hands_per_cpu_second']:.0f} per CPU second (target {BEGINNER_TARGET}); "
              f"the robot's part alone {speed['robot_hands_per_second']:.0f} hands/s")
        print(f"  CPU per hand: engine view {speed['view_ms_per_hand']:.2f} ms, robot "
              f"{speed['robot_ms_per_hand']:.2f} ms, "
              f"engine apply {speed['apply_ms_per_hand']:.2f} ms")
        ok &= speed["hands_per_cpu_second"] >= BEGINNER_TARGET
    if not args.skip_compare:
        expert = TimedExpert(budget=args.budget, samples=args.samples)
        start = time.perf_counter()
        result = compare(args.deals, args.lesson, args.seed, expert, args.progress)
        elapsed = time.perf_counter() - start
        seconds = sorted(expert.card_seconds)
        low, high = result["ci95"]
        print(f"expert (budget {args.budget} s, at most {args.samples} deals per card) against "
              f"beginner, MiniLesson {args.lesson}, {result['deals']} deals x 2 tables, "
              f"same contract at both ({elapsed:.0f} s):")
        print(f"  tricks: expert pairs {result['expert_tricks']}, beginner pairs "
              f"{result['beginner_tricks']}")
        print(f"  expert's edge per deal {result['mean_edge']:+.3f} tricks "
              f"(95% CI {low:+.3f} to {high:+.3f}); deals won {result['won']}, "
              f"tied {result['tied']}, lost {result['lost']}")
        if seconds:
            p95 = seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))]
            print(f"  expert seconds per card: mean {statistics.fmean(seconds):.3f}, median "
                  f"{statistics.median(seconds):.3f}, 95th percentile {p95:.3f}, max "
                  f"{seconds[-1]:.3f} over {len(seconds)} cards (target < {EXPERT_TARGET})")
            ok &= statistics.fmean(seconds) < EXPERT_TARGET
        ok &= result["mean_edge"] > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
